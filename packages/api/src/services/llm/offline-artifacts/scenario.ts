// Offline branching scenarios: a workplace situation from the topic's domain with a best path (and a
// complication to judge), a shortcut that can still be recovered, and a harmful choice; every node is
// reachable, every non-ending node has choices, every path ends. "Shorter" drops the shortcut branch.
import type { ScenarioArtifact, ScenarioNode } from '../../../schemas/artifacts.js';
import { lowerFirst } from '../assistant-text.js';
import { titleCase, type ArtifactContext } from './context.js';

const sentence = (s: string) => `${titleCase(s.replace(/[.\s]+$/, ''))}.`;

export function buildScenario(c: ArtifactContext, o: { short?: boolean } = {}): ScenarioArtifact {
  const s = c.domain.scenario;
  const k = c.knowledge;
  // A checklist the user gave is what the right path follows.
  const goodFollow = k.fromFiles ? `Follow the documented step: ${lowerFirst(k.steps[0]!)}` : s.goodFollow;
  const ending = (
    id: string,
    title: string,
    outcome: 'success' | 'partial' | 'failure',
    narrative: string,
    summary: string,
  ): ScenarioNode => ({ id, title, narrative, choices: [], ending: { outcome, summary } });
  const choice = (id: string, text: string, nextNodeId: string, consequence: string, score: number) => ({
    id,
    text: sentence(text),
    nextNodeId,
    consequence,
    score,
  });

  const start: ScenarioNode = {
    id: 'start',
    title: 'The situation',
    narrative: `${titleCase(s.place)}. You are working with ${s.character}. ${sentence(s.situation)} What do you do?`,
    choices: [
      choice('c1', s.best, 'complication', 'You act on the risk straight away.', 10),
      ...(o.short
        ? []
        : [choice('c2', s.shortcut, 'shortcut', 'You save a little time, but the risk is still there.', -5)]),
      choice('c3', s.avoid, 'end-harm', 'This makes the situation worse.', -10),
    ],
    ending: null,
  };
  const complication: ScenarioNode = {
    id: 'complication',
    title: 'A complication',
    narrative: `Good start. ${sentence(s.complication)} What now?`,
    choices: [
      choice('c4', goodFollow, 'end-best', 'You deal with the new information properly.', 10),
      choice(
        'c5',
        s.weakFollow,
        'end-partial',
        'The immediate problem is handled, but a risk is left open.',
        0,
      ),
    ],
    ending: null,
  };
  const nodes: ScenarioNode[] = [
    start,
    complication,
    ending(
      'end-best',
      'Handled well',
      'success',
      `You handled both the situation and the complication. This is what good practice in ${c.topic} looks like.`,
      `You acted on the risk at once and followed through: ${lowerFirst(sentence(goodFollow))}`,
    ),
    ending(
      'end-partial',
      'Partly handled',
      'partial',
      'The first risk was dealt with, but the follow-up was left for later.',
      `Right first step, weak follow-up. Better: ${lowerFirst(sentence(goodFollow))}`,
    ),
    ending(
      'end-harm',
      'Harm done',
      'failure',
      `Choosing to ${lowerFirst(s.avoid.replace(/[.\s]+$/, ''))} made things worse.`,
      `This choice is the opposite of good practice in ${c.topic}. Better: ${lowerFirst(sentence(s.best))}`,
    ),
  ];
  if (!o.short)
    nodes.splice(
      2,
      0,
      {
        id: 'shortcut',
        title: 'The shortcut',
        narrative: `You chose to ${lowerFirst(s.shortcut.replace(/[.\s]+$/, ''))}. A few minutes later the risk has not gone away. What do you do?`,
        choices: [
          choice('c6', s.recover, 'end-recovered', 'You recover the situation, a little late.', 5),
          choice('c7', s.persist, 'end-persist', 'The risk is left unmanaged.', -10),
        ],
        ending: null,
      },
      ending(
        'end-recovered',
        'Recovered',
        'partial',
        'You caught it in time, but the delay added risk.',
        `Recovered, but late. Next time: ${lowerFirst(sentence(s.best))}`,
      ),
      ending(
        'end-persist',
        'Left too late',
        'failure',
        'The shortcut became the outcome: the risk was never dealt with.',
        `Carrying on with the shortcut let the problem grow. Better: ${lowerFirst(sentence(s.best))}`,
      ),
    );
  return {
    title: `Branching scenario: ${titleCase(c.topic)}`,
    topic: c.topic,
    audience: c.audience,
    objective: `Practise ${c.topic}: choose the right action under pressure and follow it through`,
    startNodeId: 'start',
    nodes,
  };
}
