// Playing a branching scenario: where the learner is, the choices taken, the points so far, and the graph
// (nodes and the edges their choices make) the card draws.
import type { ScenarioArtifact, ScenarioNode } from '@app/api/schemas';

export interface ScenarioStep {
  nodeId: string;
  choiceId: string;
  choiceText: string;
  consequence: string;
  score: number;
}

export interface ScenarioPlayState {
  nodeId: string;
  score: number;
  steps: ScenarioStep[];
}

export const startScenario = (s: Pick<ScenarioArtifact, 'startNodeId'>): ScenarioPlayState => ({
  nodeId: s.startNodeId,
  score: 0,
  steps: [],
});

export const findNode = (s: Pick<ScenarioArtifact, 'nodes'>, id: string): ScenarioNode | undefined =>
  s.nodes.find((n) => n.id === id);

/** The state after taking `choiceId` at the current node (unchanged when there is no such choice). */
export function chooseInScenario(
  s: Pick<ScenarioArtifact, 'nodes'>,
  state: ScenarioPlayState,
  choiceId: string,
): ScenarioPlayState {
  const choice = findNode(s, state.nodeId)?.choices.find((c) => c.id === choiceId);
  if (!choice) return state;
  return {
    nodeId: choice.nextNodeId,
    score: state.score + choice.score,
    steps: [
      ...state.steps,
      {
        nodeId: state.nodeId,
        choiceId: choice.id,
        choiceText: choice.text,
        consequence: choice.consequence,
        score: choice.score,
      },
    ],
  };
}

/** One step back (the choice undone). */
export function undoScenarioStep(state: ScenarioPlayState): ScenarioPlayState {
  const last = state.steps.at(-1);
  if (!last) return state;
  return { nodeId: last.nodeId, score: state.score - last.score, steps: state.steps.slice(0, -1) };
}

export type ScenarioStatus =
  | { kind: 'playing'; node: ScenarioNode }
  | { kind: 'ending'; node: ScenarioNode }
  /** A node with no choices and no ending, or a choice leading to a node that does not exist. */
  | { kind: 'stuck'; node: ScenarioNode | undefined; nodeId: string };

export function scenarioStatus(s: Pick<ScenarioArtifact, 'nodes'>, state: ScenarioPlayState): ScenarioStatus {
  const node = findNode(s, state.nodeId);
  if (!node) return { kind: 'stuck', node: undefined, nodeId: state.nodeId };
  if (node.ending) return { kind: 'ending', node };
  if (node.choices.length === 0) return { kind: 'stuck', node, nodeId: node.id };
  return { kind: 'playing', node };
}

/** The best score reachable from the start (the longest path by points, cycles cut), for "x of y points". */
export function bestScenarioScore(s: Pick<ScenarioArtifact, 'nodes' | 'startNodeId'>): number {
  const best = (id: string, seen: Set<string>): number => {
    const node = findNode(s, id);
    if (!node || seen.has(id)) return 0;
    const next = new Set(seen).add(id);
    let top = node.choices.length ? Number.NEGATIVE_INFINITY : 0;
    for (const c of node.choices) top = Math.max(top, c.score + best(c.nextNodeId, next));
    return top;
  };
  return best(s.startNodeId, new Set());
}

export interface ScenarioTreeNode {
  node: ScenarioNode | undefined;
  nodeId: string;
  /** The choice that leads here from the parent (absent at the root). */
  via?: { choiceId: string; text: string; score: number };
  /** Already drawn higher up or earlier: shown as a reference, not expanded again. */
  repeat: boolean;
  children: ScenarioTreeNode[];
}

/**
 * The graph as a tree from the start node, for a nested list: each node is expanded where it is first met
 * (breadth first, so the shortest route shows it) and referenced elsewhere; nodes no choice reaches come
 * after it as roots of their own.
 */
export function scenarioTree(s: Pick<ScenarioArtifact, 'nodes' | 'startNodeId'>): {
  root: ScenarioTreeNode;
  unreachable: ScenarioTreeNode[];
} {
  const expanded = new Set<string>();
  const build = (nodeId: string, via: ScenarioTreeNode['via']): ScenarioTreeNode => ({
    node: findNode(s, nodeId),
    nodeId,
    via,
    repeat: false,
    children: [],
  });
  const root = build(s.startNodeId, undefined);
  expanded.add(s.startNodeId);
  const queue: ScenarioTreeNode[] = [root];
  while (queue.length) {
    const t = queue.shift()!;
    for (const c of t.node?.choices ?? []) {
      const child = build(c.nextNodeId, { choiceId: c.id, text: c.text, score: c.score });
      if (expanded.has(c.nextNodeId)) child.repeat = true;
      else {
        expanded.add(c.nextNodeId);
        queue.push(child);
      }
      t.children.push(child);
    }
  }
  const unreachable = s.nodes
    .filter((n) => !expanded.has(n.id))
    .map((n) => ({ node: n, nodeId: n.id, repeat: false, children: [] }));
  return { root, unreachable };
}
