// The branching-scenario player: each node's narrative and choices as buttons; a choice shows its
// consequence and points on the next screen, a running score stays in the header, an ending shows its
// outcome, summary and the path taken, with Restart. Reaching an ending reports to the LMS, when there is one,
// the score scaled 0–100 over the best path and passed or failed: passed only when the ending passes (its
// `passed`, else success passes and partial/failure fail) and the scaled score reaches the mastery score
// (default 80); completion is reported apart (issue 38). Each choice is an interaction, and the path so far is
// the suspend data a relaunch resumes from. A choice that leads nowhere (a missing node, or a node with no
// choices that is not an ending) ends the play with a note instead of a blank page.
import type { ScenarioArtifact, ScenarioNode } from '../../../schemas/artifacts.js';
import { playerPage } from './player-page.js';

const SCENARIO_JS = String.raw`
var nodes = {};
DATA.nodes.forEach(function (n, i) { n.index = i; nodes[n.id] = n; });
var OUTCOMES = { success: ['Success', 'good'], partial: ['Partial success', 'warn'], failure: ['Failure', 'bad'] };
var state;
function restart() { state = { score: 0, path: [], steps: [], last: null }; visit(DATA.startNodeId); }
/** Compact state for suspend_data: "S1;score;node indices of the path" (the oldest steps go past 4,000). */
function saveState() {
  var steps = state.steps.slice();
  while (steps.length > 1 && steps.join('.').length > 4000) steps.shift();
  lms.save('S1;' + state.score + ';' + steps.join('.'));
}
function resume(saved) {
  var m = /^S1;(-?[0-9]+);([0-9.]+)$/.exec(saved || '');
  if (!m) return false;
  var steps = m[2].split('.').map(Number);
  if (steps.some(function (i) { return !DATA.nodes[i]; })) return false;
  var current = DATA.nodes[steps.pop()];
  state = { score: Number(m[1]), path: steps.map(function (i) { return DATA.nodes[i].title; }), steps: steps, last: null };
  visit(current.id);
  return true;
}
function signed(n) { return n > 0 ? '+' + n : String(n); }
function header() {
  return el('header', { class: 'top' }, [
    el('div', null, [el('p', { class: 'eyebrow', text: 'Branching scenario' }), el('h1', { text: DATA.title, dir: 'auto' })]),
    el('p', { class: 'score', 'aria-live': 'polite', id: 'score', text: 'Score: ' + state.score })
  ]);
}
function consequence() {
  if (!state.last) return null;
  var c = state.last;
  var tone = c.score > 0 ? 'good' : c.score < 0 ? 'bad' : '';
  return el('div', { class: 'callout ' + tone, role: 'status' }, [
    el('strong', { dir: 'auto', text: 'You chose: ' + c.text + ' (' + signed(c.score) + ')' }),
    c.consequence ? el('p', { dir: 'auto', text: c.consequence }) : null
  ]);
}
function choose(node, choice, i) {
  state.score += choice.score;
  state.last = choice;
  lms.interaction({ id: 'node' + (node.index + 1), type: 'choice', description: node.title, response: 'c' + (i + 1), response12: i.toString(36),
    result: choice.score > 0 ? 'correct' : choice.score < 0 ? 'incorrect' : 'neutral' });
  visit(choice.nextNodeId);
}
function visit(id) {
  var node = nodes[id];
  if (!node) return end(null);
  state.path.push(node.title);
  state.steps.push(node.index);
  if (node.ending || !node.choices.length) return end(node);
  saveState();
  show([
    header(),
    el('section', { class: 'card', 'aria-labelledby': 'node-title' }, [
      consequence(),
      state.path.length === 1 ? el('p', { class: 'callout', dir: 'auto', text: 'Goal: ' + DATA.objective }) : null,
      el('p', { class: 'meta', text: 'Step ' + state.path.length }),
      el('h2', { id: 'node-title', text: node.title, dir: 'auto' }),
      el('p', { class: 'narrative', text: node.narrative, dir: 'auto' }),
      el('p', { class: 'meta', id: 'choices-label', text: 'What do you do?' }),
      el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'choices-label' }, node.choices.map(function (c, i) {
        return el('button', { type: 'button', class: 'choice', dir: 'auto', text: c.text, onclick: function () { choose(node, c, i); } });
      }))
    ])
  ]);
}
function end(node) {
  var ending = node && node.ending;
  var outcome = ending ? OUTCOMES[ending.outcome] : null;
  var scaled = ending ? (DATA.maxScore > 0 ? Math.max(0, Math.min(100, Math.round(state.score / DATA.maxScore * 100))) : ending.passes ? 100 : 0) : 0;
  var mastery = lms.passMark() === null ? DATA.masteryScore : lms.passMark();
  var passed = !!ending && ending.passes && scaled >= mastery;
  if (ending) lms.report(scaled, passed ? 'passed' : 'failed');
  show([
    header(),
    el('section', { class: 'card', 'aria-labelledby': 'node-title' }, [
      consequence(),
      el('p', { class: 'meta', text: ending ? 'Ending' : 'End of this path' }),
      el('h2', { id: 'node-title', text: node ? node.title : 'This path is not written yet', dir: 'auto' }),
      node ? el('p', { class: 'narrative', text: node.narrative, dir: 'auto' }) : null,
      outcome ? el('div', { class: 'callout ' + outcome[1] }, [
        el('strong', { text: 'Outcome: ' + outcome[0] }),
        el('p', { text: ending.summary, dir: 'auto' })
      ]) : el('div', { class: 'callout warn' }, [el('p', { text: 'The scenario has no ending after this choice yet. Restart to try another path.' })]),
      el('p', { class: 'meta', text: 'Final score: ' + state.score + (DATA.maxScore > 0 ? ' of ' + DATA.maxScore + ' possible' : '') }),
      ending ? el('p', { class: 'result-line' }, [
        el('span', { class: 'badge ' + (passed ? 'good' : 'bad'), id: 'result', text: passed ? 'Passed' : 'Not passed yet' }),
        ' Score ' + scaled + '% · mastery score ' + mastery + '%'
      ]) : null,
      el('p', { class: 'meta', id: 'path-label', style: 'margin:16px 0 0;font-weight:600', text: 'Your path' }),
      el('ol', { class: 'review', style: 'margin-top:8px', 'aria-labelledby': 'path-label' }, state.path.map(function (t, i) {
        return el('li', { dir: 'auto', text: (i + 1) + '. ' + t });
      })),
      el('div', { class: 'actions' }, [el('button', { type: 'button', class: 'primary', onclick: restart, text: 'Restart' })])
    ])
  ]);
}
lms.ready(function () { if (!resume(lms.resumed())) restart(); });
`;

/**
 * The best total a learner can reach on a path from the start to an ending. Paths do not revisit a node
 * (a loop back adds nothing), so this is a longest path search with the nodes on the current path excluded;
 * results are memoised per node, which is exact for trees and DAGs and a close bound when loops exist.
 */
export function bestScenarioScore(data: ScenarioArtifact): number {
  const byId = new Map(data.nodes.map((n) => [n.id, n]));
  const memo = new Map<string, number>();
  const onPath = new Set<string>();
  const best = (id: string): number => {
    const node = byId.get(id);
    if (!node || onPath.has(id)) return Number.NEGATIVE_INFINITY;
    if (node.ending || !node.choices.length) return node.ending ? 0 : Number.NEGATIVE_INFINITY;
    const known = memo.get(id);
    if (known !== undefined) return known;
    onPath.add(id);
    const value = Math.max(...node.choices.map((c) => c.score + best(c.nextNodeId)));
    onPath.delete(id);
    memo.set(id, value);
    return value;
  };
  const value = best(data.startNodeId);
  return Number.isFinite(value) ? value : 0;
}

/** The percent of the best path's score a passing ending needs (the designer's, else 80). */
export const scenarioMasteryScore = (data: ScenarioArtifact): number => data.masteryScore ?? 80;

/** Whether an ending passes: the designer's choice, else success passes and partial or failure fail. */
export const endingPasses = (ending: NonNullable<ScenarioNode['ending']>): boolean =>
  ending.passed ?? ending.outcome === 'success';

export function scenarioPlayerHtml(data: ScenarioArtifact, opts: { cmi5?: boolean } = {}): string {
  const playerData = {
    title: data.title,
    objective: data.objective,
    startNodeId: data.startNodeId,
    maxScore: bestScenarioScore(data),
    masteryScore: scenarioMasteryScore(data),
    nodes: data.nodes.map((n) => ({
      id: n.id,
      title: n.title,
      narrative: n.narrative,
      ending: n.ending && { ...n.ending, passes: endingPasses(n.ending) },
      choices: n.choices.map((c) => ({
        text: c.text,
        nextNodeId: c.nextNodeId,
        consequence: c.consequence,
        score: c.score,
      })),
    })),
  };
  return playerPage({ title: data.title, data: playerData, script: SCENARIO_JS, cmi5: opts.cmi5 });
}
