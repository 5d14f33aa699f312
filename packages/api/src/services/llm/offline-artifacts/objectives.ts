// Offline learning objectives: measurable, Bloom-aligned (a verb from the level's list opens every
// behaviour), with condition and criterion, written from the topic's steps, terms, errors and tools.
import type { BloomLevel, Objective, ObjectivesArtifact } from '../../../schemas/artifacts.js';
import { BLOOM_LEVELS } from '../../../schemas/artifacts.js';
import { numberOf } from '../../content/request.js';
import { lowerFirst } from '../assistant-text.js';
import { pick, titleCase, type ArtifactContext } from './context.js';

interface Template {
  verb: string;
  behavior: string;
  condition: string;
  criterion: string;
}

/** Objective templates per level, written around the topic and its knowledge. */
function templates(c: ArtifactContext, level: BloomLevel): Template[] {
  const t = c.topic;
  const k = c.knowledge;
  const tool = k.tools[0] ?? 'job aid';
  const n = Math.min(k.steps.length, 6);
  const setting = c.domain.setting;
  switch (level) {
    case 'remember':
      return [
        {
          verb: 'list',
          behavior: `list the ${n} key steps of ${t} in the right order`,
          condition: 'without notes',
          criterion: 'with every step present and in order',
        },
        {
          verb: 'identify',
          behavior: `identify the key terms of ${t} and what each one means`,
          condition: 'given a list of terms',
          criterion: 'with at least 4 of 5 correct',
        },
        {
          verb: 'recall',
          behavior: `recall the warning signs that call for escalation in ${t}`,
          condition: 'without prompts',
          criterion: 'naming every sign on the checklist',
        },
      ];
    case 'understand':
      return [
        {
          verb: 'explain',
          behavior: `explain why ${lowerFirst(pick(k.facts, 0))}`,
          condition: 'in their own words',
          criterion: 'covering the reason and the risk it controls',
        },
        {
          verb: 'describe',
          behavior: `describe the purpose of each step of ${t}`,
          condition: 'in their own words',
          criterion: 'with a correct reason for every step',
        },
        {
          verb: 'summarise',
          behavior: `summarise what good practice in ${t} looks like for a new colleague`,
          condition: 'in five bullet points or fewer',
          criterion: 'with no inaccurate points',
        },
      ];
    case 'apply':
      return [
        {
          verb: 'apply',
          behavior: `apply the correct steps of ${t} to a realistic case from ${setting}`,
          condition: 'given a realistic case',
          criterion: 'with no safety- or compliance-critical errors',
        },
        {
          verb: 'use',
          behavior: `use the ${tool} correctly during ${t}`,
          condition: `in ${setting}`,
          criterion: 'completing every field accurately',
        },
        {
          verb: 'carry out',
          behavior: `carry out each step of ${t} in order during a routine task`,
          condition: 'observed by a supervisor',
          criterion: 'in 3 of 3 observed attempts',
        },
      ];
    case 'analyze':
      return [
        {
          verb: 'differentiate',
          behavior: `differentiate safe from unsafe practice in ${t}, naming each error and its likely consequence`,
          condition: 'given short case descriptions',
          criterion: 'identifying at least 4 of 5 errors correctly',
        },
        {
          verb: 'diagnose',
          behavior: `diagnose why a ${t} case went wrong and which step was missed`,
          condition: 'given an incident summary',
          criterion: 'with the root cause a reviewer agrees with',
        },
        {
          verb: 'examine',
          behavior: `examine records of ${t} to spot gaps and risks`,
          condition: 'given three anonymised records',
          criterion: 'finding every planted gap',
        },
      ];
    case 'evaluate':
      return [
        {
          verb: 'prioritise',
          behavior: `prioritise the actions to take first in a ${t} situation and justify the order`,
          condition: 'given two or three competing demands',
          criterion: 'with a justification a reviewer accepts',
        },
        {
          verb: 'judge',
          behavior: `judge whether a colleague’s handling of ${t} meets the standard and recommend improvements`,
          condition: 'given a recorded example',
          criterion: 'with feedback tied to the standard',
        },
        {
          verb: 'recommend',
          behavior: `recommend the best option for a difficult ${t} case, weighing risks and benefits`,
          condition: 'given a case with no perfect answer',
          criterion: 'naming at least two risks of each option',
        },
      ];
    case 'create':
      return [
        {
          verb: 'design',
          behavior: `design a one-page job aid for ${t} that a colleague can follow unaided`,
          condition: 'using the team’s template',
          criterion: 'that a new colleague can use without help',
        },
        {
          verb: 'develop',
          behavior: `develop a short improvement plan for how the team handles ${t}`,
          condition: 'based on recent incidents or feedback',
          criterion: 'with owners, dates and a measure of success',
        },
        {
          verb: 'construct',
          behavior: `construct a realistic practice case on ${t} for newer colleagues`,
          condition: 'with a model answer',
          criterion: 'that a reviewer rates as realistic',
        },
      ];
  }
}

/** The levels of n objectives: a progression (remember → analyze), or centred on a requested level. */
export function levelsFor(n: number, level: BloomLevel | null): BloomLevel[] {
  if (level) {
    const at = BLOOM_LEVELS.indexOf(level);
    const offsets = [0, -1, 0, 1, 0, -1, 1];
    return Array.from({ length: n }, (_, i) => {
      const idx = Math.min(5, Math.max(0, at + offsets[i % offsets.length]!));
      return BLOOM_LEVELS[idx]!;
    });
  }
  const top = Math.min(4, Math.max(1, n - 1));
  return Array.from({ length: n }, (_, i) => BLOOM_LEVELS[n === 1 ? 2 : Math.round((i * top) / (n - 1))]!);
}

/** The objectives count a request asks for ("6 objectives"), else one that fits the duration. */
export function objectiveCount(c: ArtifactContext): number {
  const m =
    /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?:[\w-]+\s+)?(?:learning\s+)?(?:objectives|outcomes)\b/i.exec(
      c.text,
    );
  if (m) return Math.max(1, Math.min(30, Math.round(numberOf(m[1]!))));
  const minutes = c.request.duration?.minutes;
  if (minutes === undefined) return 4;
  return minutes <= 15 ? 2 : minutes <= 30 ? 3 : minutes <= 120 ? 4 : minutes <= 420 ? 5 : 6;
}

export function buildObjectiveList(c: ArtifactContext, levels: BloomLevel[]): Objective[] {
  const used = new Map<BloomLevel, number>();
  return levels.map((level, i) => {
    const n = used.get(level) ?? 0;
    used.set(level, n + 1);
    const tpl = pick(templates(c, level), n);
    return {
      id: `o${i + 1}`,
      audience: c.audience,
      verb: tpl.verb,
      behavior: tpl.behavior,
      bloomLevel: level,
      condition: tpl.condition,
      criterion: tpl.criterion,
      moduleId: null,
    };
  });
}

export function buildObjectives(c: ArtifactContext): ObjectivesArtifact {
  const n = objectiveCount(c);
  const d = c.request.duration;
  return {
    title: `Learning objectives: ${titleCase(c.topic)}${d ? ` (${d.label})` : ''}`,
    topic: c.topic,
    audience: c.audience,
    objectives: buildObjectiveList(c, levelsFor(n, c.level)),
  };
}

/** An objective as a sentence ("New nurses will be able to list …"). */
export const objectiveSentence = (o: Pick<Objective, 'audience' | 'behavior'>) =>
  `${titleCase(o.audience)} will be able to ${o.behavior}`;
