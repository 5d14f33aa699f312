import type { PlanArtifact } from '@app/api/schemas';
import { ListAt, NullableTextAt, NumberAt, SelectAt, StringListAt, TextAt, useEditor } from './editor-fields';
import { MODALITY_OPTIONS } from './modality-editor';
import { newPlanModule } from './new-items';

export function PlanEditor() {
  const data = useEditor().data as PlanArtifact;
  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextAt path={['duration']} label="Programme length" placeholder="e.g. two weeks" />
        <NumberAt path={['totalMinutes']} label="Total minutes" min={1} />
      </div>
      <ListAt
        path={['modules']}
        title="Modules"
        itemLabel={(i) => `module ${i + 1}`}
        newItem={() => newPlanModule(data.modules)}
        max={40}
        min={1}
        addLabel="Add module"
        renderItem={(i) => (
          <>
            <TextAt path={['modules', i, 'title']} label={`Module ${i + 1} title`} />
            <div className="grid gap-3 sm:grid-cols-3">
              <NullableTextAt path={['modules', i, 'when']} label="When" placeholder="Day 1" />
              <NumberAt path={['modules', i, 'durationMinutes']} label="Minutes" min={1} />
              <SelectAt path={['modules', i, 'modality']} label="Modality" options={MODALITY_OPTIONS} />
            </div>
            <StringListAt
              path={['modules', i, 'objectives']}
              title="Objectives"
              itemName="Objective"
              max={10}
            />
            <ListAt
              path={['modules', i, 'activities']}
              title="Activities"
              itemLabel={(j) => `activity ${j + 1}`}
              newItem={() => ({ title: '', type: 'practice', durationMinutes: 15 })}
              max={12}
              addLabel="Add activity"
              compact
              renderItem={(j) => (
                <div className="grid gap-3 sm:grid-cols-[1fr_8rem_6rem]">
                  <TextAt path={['modules', i, 'activities', j, 'title']} label={`Activity ${j + 1}`} />
                  <TextAt path={['modules', i, 'activities', j, 'type']} label="Type" />
                  <NumberAt
                    path={['modules', i, 'activities', j, 'durationMinutes']}
                    label="Minutes"
                    min={1}
                  />
                </div>
              )}
            />
            <StringListAt
              path={['modules', i, 'assessments']}
              title="Assessments"
              itemName="Assessment"
              max={8}
            />
          </>
        )}
      />
    </div>
  );
}
