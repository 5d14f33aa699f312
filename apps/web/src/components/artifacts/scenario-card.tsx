// A branching scenario, playable: the narrative, the choices, the consequence of the one taken, the next
// node, the score, endings and restart; the map shows the whole graph with the current node marked.
import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import type { ScenarioArtifact } from '@app/api/schemas';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '@app/ui';
import {
  bestScenarioScore,
  chooseInScenario,
  scenarioStatus,
  startScenario,
  undoScenarioStep,
} from './scenario-play';
import { ScenarioGraph } from './scenario-graph';
import { OutcomeBadge } from './scenario-outcome';
import { SourceNote } from './source-note';

export function ScenarioCard({ data }: { data: ScenarioArtifact }) {
  const [state, setState] = useState(() => startScenario(data));
  // An edited or restored scenario starts over (its nodes may be gone).
  const [shown, setShown] = useState(data);
  if (shown !== data) {
    setShown(data);
    setState(startScenario(data));
  }
  const status = scenarioStatus(data, state);
  const best = bestScenarioScore(data);
  const last = state.steps.at(-1);

  // Each step moves focus to the new node's heading so keyboard and screen-reader users follow the story.
  const heading = useRef<HTMLHeadingElement>(null);
  const stepCount = useRef(state.steps.length);
  useEffect(() => {
    if (stepCount.current !== state.steps.length) heading.current?.focus();
    stepCount.current = state.steps.length;
  }, [state.steps.length]);

  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-xs">
        <span className="font-medium">Goal:</span> {data.objective} · for {data.audience}
      </p>
      <Tabs defaultValue="play">
        <TabsList>
          <TabsTrigger value="play">Play</TabsTrigger>
          <TabsTrigger value="map">Map</TabsTrigger>
        </TabsList>
        <TabsContent value="play" className="grid gap-3 pt-2" data-testid="scenario-player">
          {last?.consequence && (
            <p className="bg-muted rounded-md px-3 py-2 text-xs">
              <span className="font-medium">You chose “{last.choiceText}”.</span> {last.consequence}
            </p>
          )}
          <div aria-live="polite" className="grid gap-2">
            <h4 ref={heading} tabIndex={-1} className="font-semibold outline-none">
              {status.node?.title ?? 'This path is not finished'}
            </h4>
            {status.node && <p className="whitespace-pre-wrap">{status.node.narrative}</p>}
            {status.node && <SourceNote source={status.node.source} />}
            {status.kind === 'ending' && status.node.ending && (
              <div className="grid gap-1.5 rounded-md border p-3">
                <OutcomeBadge outcome={status.node.ending.outcome} />
                <p>{status.node.ending.summary}</p>
              </div>
            )}
            {status.kind === 'stuck' && (
              <p className="bg-status-warning text-status-warning-foreground rounded-md px-3 py-2 text-xs">
                {status.node
                  ? 'This node has no choices and no ending yet.'
                  : `A choice leads to “${status.nodeId}”, which does not exist.`}
              </p>
            )}
            <p className="text-muted-foreground text-xs tabular-nums" data-testid="scenario-score">
              Score: {state.score} of {best} possible
            </p>
          </div>
          {status.kind === 'playing' && (
            <ul className="grid gap-2" aria-label="Choices">
              {status.node.choices.map((c) => (
                <li key={c.id}>
                  <Button
                    variant="outline"
                    className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                    onClick={() => setState((s) => chooseInScenario(data, s, c.id))}
                  >
                    {c.text}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            {state.steps.length > 0 && status.kind === 'playing' && (
              <Button variant="ghost" size="sm" onClick={() => setState(undoScenarioStep)}>
                <ArrowLeft /> Back
              </Button>
            )}
            {state.steps.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setState(startScenario(data))}>
                <RotateCcw /> Restart
              </Button>
            )}
          </div>
        </TabsContent>
        <TabsContent value="map" className="pt-2">
          <ScenarioGraph data={data} currentId={state.nodeId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
