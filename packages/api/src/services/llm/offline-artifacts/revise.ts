// Version commands on the current artifact, offline: revise (shorter, simpler, another Bloom level, another
// audience, more items, another duration), Fix (the deterministic repair of one warning) and export plan.
// Each really transforms the current version and keeps what the command did not ask to change.
import type {
  ArtifactDataByKind,
  ArtifactKind,
  BloomLevel,
  ModalityArtifact,
  ObjectivesArtifact,
  PlanArtifact,
  QuizArtifact,
  ScenarioArtifact,
  SmeSummaryArtifact,
} from '../../../schemas/artifacts.js';
import { BLOOM_LEVELS } from '../../../schemas/artifacts.js';
import { shiftLevel } from '../../content/bloom.js';
import { checkArtifact, fixArtifact } from '../../artifacts/checks.js';
import {
  parseArtifactRequest,
  parseRevisionRequest,
  type RequestedDuration,
  DAY_MINUTES,
  WEEK_DAYS,
} from '../../content/request.js';
import { titleCase, type ArtifactContext } from './context.js';
import { domainOf } from './domains.js';
import { buildObjectiveList, levelsFor, objectiveSentence } from './objectives.js';
import { buildPlan } from './plan.js';
import { buildQuizItems } from './quiz.js';

const KEEP = new Set([
  'id',
  'nextNodeId',
  'startNodeId',
  'objectiveId',
  'moduleId',
  'type',
  'modality',
  'effort',
  'difficulty',
  'bloomLevel',
  'outcome',
  'verb',
  'topic',
  'text',
  'left',
  'right',
]);

/** Applies `fn` to every free-text string of the data (ids, enums and option texts are left alone). */
function mapText<T>(data: T, fn: (s: string, key: string) => string, key = ''): T {
  if (typeof data === 'string') return (KEEP.has(key) ? data : fn(data, key)) as T;
  if (Array.isArray(data)) return data.map((x) => mapText(x, fn, key)) as T;
  if (data && typeof data === 'object')
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, mapText(v, fn, k)])) as T;
  return data;
}

const PLAIN: [RegExp, string][] = [
  [/\butili[sz]e\b/gi, 'use'],
  [/\bcommence\b/gi, 'start'],
  [/\bensure\b/gi, 'make sure'],
  [/\bprior to\b/gi, 'before'],
  [/\bin order to\b/gi, 'to'],
  [/\bapproximately\b/gi, 'about'],
  [/\bsubsequently\b/gi, 'then'],
  [/\bfacilitate\b/gi, 'help'],
  [/\bdemonstrate\b/gi, 'show'],
  [/\bmitigate\b/gi, 'reduce'],
  [/\bterminate\b/gi, 'end'],
  [/\bsufficient\b/gi, 'enough'],
  [/\bindividuals\b/gi, 'people'],
  [/\bregarding\b/gi, 'about'],
  [/\bdeterioration\b/gi, 'getting worse'],
  [/\bintervention\b/gi, 'action'],
  [/\bstraight away\b/gi, 'now'],
];
/** Plainer wording: everyday words for formal ones, and no asides in brackets. */
export const plain = (s: string) =>
  PLAIN.reduce((t, [re, to]) => t.replace(re, (m) => (m[0] === m[0]!.toUpperCase() ? titleCase(to) : to)), s)
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** The first sentence of a text (what "shorter" keeps of long prose). */
export const firstSentence = (s: string) => {
  const m = /^(.{20,}?[.!?])\s+[A-Z“"]/.exec(s);
  return m ? m[1]! : s;
};

function durationLabel(minutes: number): RequestedDuration {
  if (minutes >= DAY_MINUTES) {
    const days = Math.max(1, Math.round(minutes / DAY_MINUTES));
    if (days % WEEK_DAYS === 0 && days >= WEEK_DAYS)
      return {
        minutes: days * DAY_MINUTES,
        label: `${days / WEEK_DAYS} week${days === WEEK_DAYS ? '' : 's'}`,
        days,
      };
    return { minutes: days * DAY_MINUTES, label: `${days} day${days === 1 ? '' : 's'}`, days };
  }
  if (minutes >= 120 && minutes % 60 === 0) return { minutes, label: `${minutes / 60} hours`, days: null };
  return { minutes, label: `${minutes} minutes`, days: null };
}

function levelAfter(
  level: BloomLevel,
  change: ReturnType<typeof parseRevisionRequest>['level'],
  simpler: boolean,
): BloomLevel {
  if (change === 'up') return shiftLevel(level, 1);
  if (change === 'down' || (simpler && !change)) return shiftLevel(level, -1);
  if (change && (BLOOM_LEVELS as readonly string[]).includes(change)) return change as BloomLevel;
  return level;
}

/** The audience level a new audience implies ("managers" → evaluate), if any. */
const audienceLevel = (audience: string) => parseArtifactRequest(`training for ${audience}`).level;

export function reviseArtifact<K extends ArtifactKind>(
  kind: K,
  current: ArtifactDataByKind[K],
  base: ArtifactContext,
): ArtifactDataByKind[K] {
  const r = parseRevisionRequest(base.text);
  const audience = r.audience ?? current.audience;
  const c: ArtifactContext = {
    ...base,
    topic: current.topic,
    audience,
    domain: domainOf(current.topic, audience, base.subtopics),
  };
  const newAudienceLevel = r.audience ? audienceLevel(r.audience) : null;
  const replaceAudience = <T>(d: T): T =>
    r.audience && current.audience !== r.audience
      ? mapText(d, (s) => s.split(current.audience).join(r.audience!))
      : d;
  let out: ArtifactDataByKind[K] = current;

  switch (kind) {
    case 'objectives': {
      const d = current as ObjectivesArtifact;
      let n = d.objectives.length;
      if (r.shorter) n = Math.max(1, Math.ceil(n / 2));
      if (r.longer) n = Math.min(30, n + 2);
      const levels = d.objectives
        .slice(0, n)
        .map((o) =>
          levelAfter(o.bloomLevel, r.level ?? (newAudienceLevel ? newAudienceLevel : null), r.simpler),
        );
      while (levels.length < n) levels.push(levelsFor(n, c.level)[levels.length]!);
      const changedLevels = levels.some((l, i) => l !== d.objectives[i]?.bloomLevel) || r.audience;
      const rebuilt = buildObjectiveList(c, levels);
      const objectives = levels.map((l, i) => {
        const old = d.objectives[i];
        // Keep an objective the command did not touch; rewrite it when its level or audience changed.
        const o =
          old && !changedLevels
            ? { ...old }
            : { ...rebuilt[i]!, id: old?.id ?? rebuilt[i]!.id, moduleId: old?.moduleId ?? null };
        if (r.shorter) o.behavior = o.behavior.split(/,\s| and (?=\w+ the)/)[0]!;
        if (r.shorter) o.criterion = '';
        return o;
      });
      out = { ...d, audience, objectives } as ArtifactDataByKind[K];
      break;
    }
    case 'quiz': {
      const d = current as QuizArtifact;
      let q: QuizArtifact = { ...d, audience };
      const levelChange = r.level ?? newAudienceLevel ?? (r.simpler ? 'down' : null);
      if (levelChange || r.audience) {
        const levels = d.objectives.map((o) => levelAfter(o.bloomLevel, levelChange, r.simpler));
        const objectives = buildObjectiveList(c, levels).map((o, i) => ({
          ...o,
          id: d.objectives[i]?.id ?? o.id,
        }));
        q = {
          ...q,
          objectives: objectives.map((o) => ({
            id: o.id,
            text: objectiveSentence(o),
            bloomLevel: o.bloomLevel,
          })),
          items: buildQuizItems(
            c,
            d.items.map((i) => i.type),
            objectives,
          ),
        };
      }
      if (r.shorter) {
        const items = q.items.slice(0, Math.max(1, Math.ceil(q.items.length / 2)));
        const assessed = new Set(items.map((i) => i.objectiveId));
        q = {
          ...q,
          items: mapText(items, (s, key) => (key === 'feedback' ? firstSentence(s) : s)),
          objectives: q.objectives.filter((o) => assessed.has(o.id)),
        };
      }
      const add = r.addItems.length
        ? r.addItems.flatMap((x) => Array(x.count).fill(x.type))
        : r.longer
          ? Array(Math.max(1, Math.ceil(q.items.length / 2))).fill('single_choice')
          : [];
      if (add.length) {
        const objectives = q.objectives.length
          ? q.objectives
          : [
              {
                id: 'o1',
                text: `${titleCase(audience)} will be able to apply ${c.topic}`,
                bloomLevel: 'apply' as const,
              },
            ];
        const added = buildQuizItems(c, add, objectives, q.items.length).map((it, i) => ({
          ...it,
          id: `q${q.items.length + i + 1}`,
        }));
        q = { ...q, objectives, items: [...q.items, ...added].slice(0, 50) };
      }
      if (r.simpler) q = mapText(q, plain);
      out = q as ArtifactDataByKind[K];
      break;
    }
    case 'scenario': {
      let s = replaceAudience({ ...(current as ScenarioArtifact), audience });
      if (r.shorter) s = shorterScenario(s);
      if (r.simpler) s = mapText(s, plain);
      out = s as ArtifactDataByKind[K];
      break;
    }
    case 'plan': {
      const d = current as PlanArtifact;
      const target =
        r.duration ?? (r.shorter ? durationLabel(Math.max(1, Math.round(d.totalMinutes / 2))) : null);
      let p: PlanArtifact = target
        ? {
            ...buildPlan(c, { duration: target }),
            title: d.title.replace(/\([^)]*\)\s*$/, `(${target.label})`),
          }
        : { ...d };
      p = replaceAudience({ ...p, audience });
      if (r.simpler) p = mapText(p, plain);
      out = p as ArtifactDataByKind[K];
      break;
    }
    case 'modality': {
      let m = replaceAudience({ ...(current as ModalityArtifact), audience });
      if (r.shorter)
        m = {
          ...m,
          recommendations: m.recommendations
            .slice(0, Math.max(1, Math.ceil(m.recommendations.length / 2)))
            .map((x) => ({ ...x, rationale: firstSentence(x.rationale) })),
          summary: firstSentence(m.summary),
        };
      if (r.simpler) m = mapText(m, plain);
      out = m as ArtifactDataByKind[K];
      break;
    }
    case 'sme_summary': {
      let s = replaceAudience({ ...(current as SmeSummaryArtifact), audience });
      if (r.shorter)
        s = {
          ...s,
          outline: s.outline.map((o) => ({ ...o, points: o.points.slice(0, 2) })),
          draftObjectives: s.draftObjectives.slice(0, 3),
          commonErrors: s.commonErrors.slice(0, 3),
        };
      if (r.simpler) s = mapText(s, plain);
      out = s as ArtifactDataByKind[K];
      break;
    }
  }
  return out;
}

/** Fewer nodes: the start keeps its best and worst choices, what is no longer reachable goes, prose is cut. */
function shorterScenario(s: ScenarioArtifact): ScenarioArtifact {
  const start = s.nodes.find((n) => n.id === s.startNodeId);
  if (!start) return s;
  const byScore = [...start.choices].sort((a, b) => b.score - a.score);
  const keep = start.choices.length > 2 ? [byScore[0]!, byScore[byScore.length - 1]!] : start.choices;
  let nodes = s.nodes.map((n) =>
    n.id === start.id ? { ...n, choices: start.choices.filter((ch) => keep.includes(ch)) } : n,
  );
  const reach = new Set<string>();
  const queue = [s.startNodeId];
  while (queue.length) {
    const id = queue.shift()!;
    if (reach.has(id)) continue;
    reach.add(id);
    nodes.find((n) => n.id === id)?.choices.forEach((ch) => queue.push(ch.nextNodeId));
  }
  nodes = nodes.filter((n) => reach.has(n.id)).map((n) => ({ ...n, narrative: firstSentence(n.narrative) }));
  return { ...s, nodes };
}

/** Fix: the deterministic repair of the named warning (same code and path, else the first with the code). */
export function fixCurrent<K extends ArtifactKind>(
  kind: K,
  data: ArtifactDataByKind[K],
  fix: { code: string; path: string },
): ArtifactDataByKind[K] {
  const warnings = checkArtifact(kind, data);
  const w =
    warnings.find((x) => x.code === fix.code && x.path === fix.path) ??
    warnings.find((x) => x.code === fix.code);
  return w ? fixArtifact(kind, data, w) : data;
}

/** Export plan: the current plan, else a plan built around the session's latest artifacts. */
export function exportPlan(c: ArtifactContext): PlanArtifact {
  const plan = [...c.artifacts].reverse().find((a) => a.kind === 'plan');
  if (plan) return plan.data as unknown as PlanArtifact;
  const built = buildPlan(c);
  const latest = (kind: ArtifactKind) => [...c.artifacts].reverse().find((a) => a.kind === kind)?.data;
  const objectives =
    (latest('objectives') as ObjectivesArtifact | undefined)?.objectives.map((o) => titleCase(o.behavior)) ??
    (latest('sme_summary') as SmeSummaryArtifact | undefined)?.draftObjectives.map((o) =>
      titleCase(o.behavior),
    ) ??
    (latest('quiz') as QuizArtifact | undefined)?.objectives
      .map((o) => o.text.replace(/^.*? will be able to /, ''))
      .map(titleCase) ??
    [];
  const quiz = latest('quiz') as QuizArtifact | undefined;
  const scenario = latest('scenario') as ScenarioArtifact | undefined;
  const n = built.modules.length;
  return {
    ...built,
    modules: built.modules.map((m, i) => ({
      ...m,
      objectives: objectives.filter((_, j) => j % n === i).slice(0, 10).length
        ? objectives.filter((_, j) => j % n === i).slice(0, 10)
        : m.objectives,
      assessments: [
        ...(i === n - 1 && quiz
          ? [`${quiz.title} (${quiz.items.length} questions, pass mark ${quiz.passingScore}%)`]
          : []),
        ...(i === n - 1 && scenario ? [`${scenario.title}`] : []),
        ...m.assessments,
      ].slice(0, 8),
    })),
  };
}
