// The scenario form: objective, start node, and nodes (title, narrative, choices with their next node,
// consequence and points, or an ending).
import { SCENARIO_OUTCOMES, type ScenarioArtifact } from '@app/api/schemas';
import { Button } from '@app/ui';
import { ListAt, NumberAt, SelectAt, TextAt, useEditor } from './editor-fields';
import { newScenarioChoice, newScenarioNode } from './new-items';

const OUTCOME_OPTIONS = SCENARIO_OUTCOMES.map((o) => [o, o[0]!.toUpperCase() + o.slice(1)] as const);

export function ScenarioEditor() {
  const ed = useEditor();
  const data = ed.data as ScenarioArtifact;
  const nodeOptions = data.nodes.map((n) => [n.id, n.title.trim() || n.id] as const);
  return (
    <div className="grid gap-5">
      <TextAt path={['objective']} label="Learning goal" multiline />
      <SelectAt path={['startNodeId']} label="Start node" options={nodeOptions} className="max-w-sm" />
      <ListAt
        path={['nodes']}
        title="Nodes"
        itemLabel={(i) => `node ${i + 1}`}
        newItem={() => newScenarioNode(data.nodes)}
        max={40}
        min={2}
        addLabel="Add node"
        renderItem={(i) => {
          const node = data.nodes[i]!;
          const n = `Node ${i + 1}`;
          return (
            <>
              <TextAt path={['nodes', i, 'title']} label={`${n} title`} />
              <TextAt path={['nodes', i, 'narrative']} label={`${n} narrative`} multiline />
              {node.ending ? (
                <div className="grid gap-3 rounded-md border border-dashed p-3">
                  <SelectAt
                    path={['nodes', i, 'ending', 'outcome']}
                    label="Ending outcome"
                    options={OUTCOME_OPTIONS}
                  />
                  <TextAt path={['nodes', i, 'ending', 'summary']} label="Ending summary" multiline />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => ed.set(['nodes', i, 'ending'], null)}
                  >
                    Not an ending
                  </Button>
                </div>
              ) : (
                <>
                  <ListAt
                    path={['nodes', i, 'choices']}
                    title={`${n} choices`}
                    itemLabel={(j) => `${n.toLowerCase()} choice ${j + 1}`}
                    newItem={() =>
                      newScenarioChoice(
                        data.nodes.flatMap((x) => x.choices),
                        data.startNodeId,
                      )
                    }
                    max={6}
                    addLabel="Add choice"
                    renderItem={(j) => (
                      <>
                        <TextAt path={['nodes', i, 'choices', j, 'text']} label={`Choice ${j + 1}`} />
                        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
                          <SelectAt
                            path={['nodes', i, 'choices', j, 'nextNodeId']}
                            label="Leads to"
                            options={nodeOptions}
                          />
                          <NumberAt
                            path={['nodes', i, 'choices', j, 'score']}
                            label="Points"
                            min={-100}
                            max={100}
                          />
                        </div>
                        <TextAt
                          path={['nodes', i, 'choices', j, 'consequence']}
                          label="Consequence"
                          multiline
                        />
                      </>
                    )}
                  />
                  {node.choices.length === 0 && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="justify-self-start"
                      onClick={() => ed.set(['nodes', i, 'ending'], { outcome: 'success', summary: '' })}
                    >
                      Make this an ending
                    </Button>
                  )}
                </>
              )}
            </>
          );
        }}
      />
    </div>
  );
}
