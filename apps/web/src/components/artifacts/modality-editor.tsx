import { EFFORT_LEVELS, MODALITIES, MODALITY_LABELS } from '@app/api/schemas';
import { ListAt, SelectAt, StringListAt, TextAt } from './editor-fields';

export const MODALITY_OPTIONS = MODALITIES.map((m) => [m, MODALITY_LABELS[m]] as const);
const EFFORT_OPTIONS = EFFORT_LEVELS.map((e) => [e, e[0]!.toUpperCase() + e.slice(1)] as const);

export function ModalityEditor() {
  return (
    <div className="grid gap-5">
      <StringListAt path={['constraints']} title="Constraints" itemName="Constraint" max={12} />
      <ListAt
        path={['recommendations']}
        title="Recommendations"
        itemLabel={(i) => `recommendation ${i + 1}`}
        newItem={() => ({
          objective: '',
          modality: 'e_learning',
          rationale: '',
          effort: 'medium',
          tools: [],
        })}
        max={20}
        min={1}
        addLabel="Add recommendation"
        renderItem={(i) => (
          <>
            <TextAt path={['recommendations', i, 'objective']} label={`Recommendation ${i + 1} objective`} />
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectAt
                path={['recommendations', i, 'modality']}
                label="Modality"
                options={MODALITY_OPTIONS}
              />
              <SelectAt path={['recommendations', i, 'effort']} label="Effort" options={EFFORT_OPTIONS} />
            </div>
            <TextAt path={['recommendations', i, 'rationale']} label="Rationale" multiline />
            <StringListAt path={['recommendations', i, 'tools']} title="Tools" itemName="Tool" max={8} />
          </>
        )}
      />
      <TextAt path={['summary']} label="Summary" multiline />
    </div>
  );
}
