// The scenario form: objective, start node, mastery score, and nodes (title, narrative, choices with their
// next node, consequence and points, or an ending with its outcome and whether it passes).
import { SCENARIO_OUTCOMES, type ScenarioArtifact } from '@app/api/schemas';
import {
  Button,
  FormField,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import { ListAt, NumberAt, SelectAt, TextAt, useEditor } from './editor-fields';
import { numberFromInput } from './form-state';
import { newScenarioChoice, newScenarioNode } from './new-items';

const OUTCOME_OPTIONS = SCENARIO_OUTCOMES.map((o) => [o, o[0]!.toUpperCase() + o.slice(1)] as const);

/** The mastery score in percent of the best path; empty stores null (the default, 80). */
function MasteryScoreAt() {
  const ed = useEditor();
  const path = ['masteryScore'];
  const value = ed.get(path);
  return (
    <FormField
      label="Mastery score (% of the best path; empty: 80)"
      error={ed.error(path)}
      id={ed.fieldId(path)}
      className="max-w-sm min-w-0 content-start"
    >
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        placeholder="80"
        value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
        onChange={(e) => ed.set(path, e.target.value.trim() === '' ? null : numberFromInput(e.target.value))}
      />
    </FormField>
  );
}

/** Whether an ending passes: by its outcome (null: success passes), or the designer's yes/no. */
function EndingPassesAt({ i }: { i: number }) {
  const ed = useEditor();
  const path = ['nodes', i, 'ending', 'passed'];
  const value = ed.get(path);
  const id = ed.fieldId(path);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Ending result</Label>
      <Select
        value={value === true ? 'pass' : value === false ? 'fail' : 'outcome'}
        onValueChange={(v) => ed.set(path, v === 'pass' ? true : v === 'fail' ? false : null)}
      >
        <SelectTrigger id={id} className="w-full min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="outcome">By outcome (success passes)</SelectItem>
          <SelectItem value="pass">Passes</SelectItem>
          <SelectItem value="fail">Fails</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}

export function ScenarioEditor() {
  const ed = useEditor();
  const data = ed.data as ScenarioArtifact;
  const nodeOptions = data.nodes.map((n) => [n.id, n.title.trim() || n.id] as const);
  return (
    <div className="grid gap-5">
      <TextAt path={['objective']} label="Learning goal" multiline />
      <SelectAt path={['startNodeId']} label="Start node" options={nodeOptions} className="max-w-sm" />
      <MasteryScoreAt />
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
                  <EndingPassesAt i={i} />
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
