import type { ObjectivesArtifact } from '@app/api/schemas';
import { ListAt, useEditor } from './editor-fields';
import { newObjective } from './new-items';
import { ObjectiveFields } from './objective-fields';

export function ObjectivesEditor() {
  const ed = useEditor();
  const data = ed.data as ObjectivesArtifact;
  return (
    <ListAt
      path={['objectives']}
      title="Objectives"
      itemLabel={(i) => `objective ${i + 1}`}
      newItem={() => newObjective(data.objectives, data.audience)}
      max={30}
      min={1}
      addLabel="Add objective"
      renderItem={(i) => <ObjectiveFields path={['objectives', i]} label={`Objective ${i + 1}`} />}
    />
  );
}
