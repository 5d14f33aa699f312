import type { SmeSummaryArtifact } from '@app/api/schemas';
import { ListAt, StringListAt, TextAt, useEditor } from './editor-fields';
import { newObjective } from './new-items';
import { ObjectiveFields } from './objective-fields';

export function SmeSummaryEditor() {
  const data = useEditor().data as SmeSummaryArtifact;
  return (
    <div className="grid gap-5">
      <ListAt
        path={['outline']}
        title="Outline"
        itemLabel={(i) => `outline module ${i + 1}`}
        newItem={() => ({ module: '', points: [] })}
        max={20}
        min={1}
        addLabel="Add module"
        renderItem={(i) => (
          <>
            <TextAt path={['outline', i, 'module']} label={`Outline module ${i + 1}`} />
            <StringListAt path={['outline', i, 'points']} title="Points" itemName="Point" max={12} />
          </>
        )}
      />
      <ListAt
        path={['tasks']}
        title="Tasks"
        itemLabel={(i) => `task ${i + 1}`}
        newItem={() => ({ task: '', steps: [] })}
        max={20}
        addLabel="Add task"
        renderItem={(i) => (
          <>
            <TextAt path={['tasks', i, 'task']} label={`Task ${i + 1}`} />
            <StringListAt path={['tasks', i, 'steps']} title="Steps" itemName="Step" max={20} />
          </>
        )}
      />
      <ListAt
        path={['commonErrors']}
        title="Common errors"
        itemLabel={(i) => `common error ${i + 1}`}
        newItem={() => ({ error: '', consequence: '', fix: '' })}
        max={20}
        addLabel="Add common error"
        renderItem={(i) => (
          <>
            <TextAt path={['commonErrors', i, 'error']} label={`Common error ${i + 1}`} />
            <TextAt path={['commonErrors', i, 'consequence']} label="Consequence" />
            <TextAt path={['commonErrors', i, 'fix']} label="Fix" />
          </>
        )}
      />
      <ListAt
        path={['draftObjectives']}
        title="Draft objectives"
        itemLabel={(i) => `draft objective ${i + 1}`}
        newItem={() => newObjective(data.draftObjectives, data.audience)}
        max={20}
        addLabel="Add draft objective"
        renderItem={(i) => (
          <ObjectiveFields path={['draftObjectives', i]} label={`Draft objective ${i + 1}`} />
        )}
      />
      <StringListAt path={['gaps']} title="To confirm with the expert" itemName="Open point" max={12} />
    </div>
  );
}
