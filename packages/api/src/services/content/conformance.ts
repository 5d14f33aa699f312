// Is the artifact what was asked for? checkConformance compares an artifact with its parsed request
// (content/request.ts) and returns warnings like the structural checks (shown on the card, each with Fix):
//   COUNT_MISMATCH            questions, objectives or modules asked vs present (exact)
//   ITEM_TYPE_MISMATCH        a `multiple_choice` (select-all) item with one key should be single_choice (and a
//                             select-all item needs ≥ 2 keys); typed counts asked vs present
//   FORBIDDEN_TYPE            an item of a type the request ruled out ("no true/false")
//   BLOOM_MISMATCH            a level asked that nothing is at, or fewer than half at the levels asked
//   DURATION_MISMATCH         a plan's total minutes outside ±15 % of the minutes asked (path "duration")
//   DECISION_POINTS_MISMATCH  a scenario whose decisions (on its longest path, or in all) differ from those asked
//   AUDIENCE_MISMATCH         the artifact's audience shares no word with the audience asked
//   OFF_TOPIC                 the request's topic terms are missing from the artifact's content
//   PLACEHOLDER               visible "[SME: …]" placeholders still to fill, listed
// ITEM_TYPE_MISMATCH on one item and PLACEHOLDER need no request: they run whenever the artifact is checked.
// Thresholds are in docs/decisions/assistant-content.md ("Conformance thresholds").
import {
  BLOOM_LEVEL_LABELS,
  QUIZ_ITEM_TYPE_LABELS,
  type ArtifactDataByKind,
  type ArtifactKind,
  type ArtifactWarning,
  type BloomLevel,
  type PlanArtifact,
  type QuizArtifact,
  type QuizItemType,
  type ScenarioArtifact,
} from '../../schemas/artifacts.js';
import { bloomOf, HIGHER_ORDER, LOWER_ORDER } from './bloom.js';
import type { ParsedRequest } from './request.js';

/** A plan's total may be this far from the minutes asked (either way). */
export const DURATION_TOLERANCE = 0.15;
/** At least this share of objectives/items must sit at the Bloom levels asked. */
export const BLOOM_SHARE = 0.5;

const warn = (
  code: string,
  path: string,
  message: string,
  suggestion: string | null = null,
): ArtifactWarning => ({
  code,
  path,
  message,
  suggestion,
});

const NOUN: Record<ArtifactKind, string> = {
  objectives: 'objective set',
  quiz: 'quiz',
  scenario: 'scenario',
  modality: 'recommendation',
  plan: 'plan',
  sme_summary: 'summary',
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const typeLabel = (t: QuizItemType) => QUIZ_ITEM_TYPE_LABELS[t].toLowerCase();

// ---- Text of an artifact ------------------------------------------------------------------------------------

/** Every string in the data with its dotted path. */
export function stringsWithPaths(data: unknown, path = ''): { path: string; text: string }[] {
  if (typeof data === 'string') return [{ path, text: data }];
  if (Array.isArray(data))
    return data.flatMap((x, i) => stringsWithPaths(x, path ? `${path}.${i}` : String(i)));
  if (data && typeof data === 'object')
    return Object.entries(data).flatMap(([k, v]) => stringsWithPaths(v, path ? `${path}.${k}` : k));
  return [];
}

/** The content (not the title, topic, audience or ids) as one lower-case text. */
function bodyText(data: unknown): string {
  return stringsWithPaths(data)
    .filter(
      (s) =>
        !/^(?:title|topic|audience|startNodeId)$|\.id$|\.nextNodeId$|\.objectiveId$|\.moduleId$|\.type$|^duration$/.test(
          s.path,
        ),
    )
    .map((s) => s.text)
    .join('\n')
    .toLowerCase();
}

/** The stem a term is found by ("tables" → "table", "handling" → "handl"); hyphenated terms by their parts. */
function termStems(term: string): string[] {
  const stem = (w: string) => {
    const s = w.replace(/(?:ies)$/, 'y').replace(/(?:ing|ed|es|s)$/, '');
    return s.length >= 3 ? s : w;
  };
  const parts = term
    .split('-')
    .filter((p) => p.length >= 4 && !/^(?:anti|non|post|pre|self|multi|cross)$/.test(p));
  return [...new Set([stem(term), ...parts.map(stem)])];
}

export function mentions(body: string, term: string): boolean {
  return termStems(term).some((s) =>
    new RegExp(`(?:^|[^a-z0-9])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(body),
  );
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !/^(?:the|and|for|all|new|our|with)$/.test(w))
    .map((w) => w.replace(/(?:ies)$/, 'y').replace(/(?:es|s)$/, ''));

// ---- Checks that need no request ---------------------------------------------------------------------------

/** One key on a select-all item: it is a single-choice question. */
export function itemTypeWarnings(q: QuizArtifact): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  q.items.forEach((item, i) => {
    if (item.type !== 'multiple_choice') return;
    const keys = item.options.filter((o) => o.correct).length;
    if (keys === 1)
      out.push(
        warn(
          'ITEM_TYPE_MISMATCH',
          `items.${i}.type`,
          `Question ${i + 1} has one correct answer, so it is single choice; multiple choice here means "select all that apply" (at least two correct options).`,
          'single_choice',
        ),
      );
  });
  return out;
}

const PLACEHOLDER = /\[(?:SME|TODO|TBC|TBD|SOURCE|FACT|CHECK)\s*:[^\]]*\]/gi;

/** "[SME: the NEWS2 score that triggers escalation]" left in the artifact. */
export function placeholderWarnings(data: unknown): ArtifactWarning[] {
  const found: { path: string; text: string }[] = [];
  for (const s of stringsWithPaths(data))
    for (const m of s.text.matchAll(PLACEHOLDER))
      if (!found.some((f) => f.text === m[0])) found.push({ path: s.path, text: m[0] });
  if (!found.length) return [];
  const shown = found.slice(0, 5).map((f) => f.text);
  const more = found.length > 5 ? ` and ${found.length - 5} more` : '';
  return [
    warn(
      'PLACEHOLDER',
      found[0]!.path,
      `${plural(found.length, 'placeholder')} still to fill with subject knowledge: ${shown.join(', ')}${more}.`,
      found.map((f) => f.text).join('; '),
    ),
  ];
}

// ---- Counts and types ---------------------------------------------------------------------------------------

function quizWarnings(q: QuizArtifact, r: ParsedRequest): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  const n = q.items.length;
  if (r.itemCount !== null && r.itemCount !== n)
    out.push(
      warn(
        'COUNT_MISMATCH',
        'items',
        `Asked for ${plural(r.itemCount, 'question')}; this quiz has ${n}.`,
        String(r.itemCount),
      ),
    );
  const counted = r.items.filter((x) => x.count > 0);
  for (const asked of counted) {
    const have = q.items.filter((x) => x.type === asked.type).length;
    if (have !== asked.count)
      out.push(
        warn(
          'ITEM_TYPE_MISMATCH',
          'items',
          `Asked for ${asked.count} ${typeLabel(asked.type)} ${asked.count === 1 ? 'question' : 'questions'}; this quiz has ${have}.`,
          `${asked.count} ${asked.type}`,
        ),
      );
  }
  // Types named without counts ("multiple-choice and true/false questions"): no other types.
  const named = r.items.map((x) => x.type);
  if (named.length && !counted.length) {
    const other = [...new Set(q.items.map((x) => x.type))].filter((t) => !named.includes(t));
    if (other.length)
      out.push(
        warn(
          'ITEM_TYPE_MISMATCH',
          'items',
          `Asked for ${named.map(typeLabel).join(' and ')} questions; this quiz also has ${other.map(typeLabel).join(' and ')} questions.`,
          named.join(', '),
        ),
      );
  }
  q.items.forEach((item, i) => {
    if (r.forbiddenTypes.includes(item.type))
      out.push(
        warn(
          'FORBIDDEN_TYPE',
          `items.${i}.type`,
          `Question ${i + 1} is ${typeLabel(item.type)}, which the request ruled out.`,
          null,
        ),
      );
  });
  return out;
}

// ---- Bloom --------------------------------------------------------------------------------------------------

/** The Bloom level of each objective or item the artifact has (empty when it states none). */
function levelsPresent<K extends ArtifactKind>(kind: K, data: ArtifactDataByKind[K]): BloomLevel[] {
  switch (kind) {
    case 'objectives':
      return (data as ArtifactDataByKind['objectives']).objectives.map((o) => o.bloomLevel);
    case 'sme_summary':
      return (data as ArtifactDataByKind['sme_summary']).draftObjectives.map((o) => o.bloomLevel);
    case 'quiz': {
      const q = data as QuizArtifact;
      const byId = new Map(q.objectives.map((o) => [o.id, o.bloomLevel]));
      const items = q.items.flatMap((i) =>
        i.objectiveId && byId.has(i.objectiveId) ? [byId.get(i.objectiveId)!] : [],
      );
      return items.length ? items : q.objectives.map((o) => o.bloomLevel);
    }
    case 'plan':
      return (data as PlanArtifact).modules.flatMap((m) =>
        m.objectives.flatMap((o) => bloomOf(o)?.level ?? []),
      );
    case 'modality':
      return (data as ArtifactDataByKind['modality']).recommendations.flatMap(
        (x) => bloomOf(x.objective)?.level ?? [],
      );
    default:
      return [];
  }
}

const labels = (levels: readonly BloomLevel[]) => levels.map((l) => BLOOM_LEVEL_LABELS[l]).join(' and ');

function bloomWarnings<K extends ArtifactKind>(
  kind: K,
  data: ArtifactDataByKind[K],
  r: ParsedRequest,
): ArtifactWarning[] {
  const present = levelsPresent(kind, data);
  if (!present.length) return [];
  const unit = kind === 'quiz' ? 'questions' : 'objectives';
  const asked: readonly BloomLevel[] = r.bloomLevels.length
    ? r.bloomLevels
    : r.bloomOrder === 'higher'
      ? HIGHER_ORDER
      : r.bloomOrder === 'lower'
        ? LOWER_ORDER
        : [];
  if (!asked.length) return [];
  const what = r.bloomLevels.length ? labels(asked) : `${r.bloomOrder}-order thinking (${labels(asked)})`;
  const at = present.filter((l) => asked.includes(l)).length;
  const missing = r.bloomRequired.filter((l) => !present.includes(l));
  const others = [...new Set(present.filter((l) => !asked.includes(l)))];
  if (missing.length)
    return [
      warn(
        'BLOOM_MISMATCH',
        '',
        `Asked for ${what}; none of the ${unit} is at ${labels(missing)}.`,
        asked.join(', '),
      ),
    ];
  if (at / present.length < BLOOM_SHARE)
    return [
      warn(
        'BLOOM_MISMATCH',
        '',
        `Asked for ${what}; ${present.length - at} of ${present.length} ${unit} are at ${labels(others)}.`,
        asked.join(', '),
      ),
    ];
  return [];
}

// ---- Scenario decisions -------------------------------------------------------------------------------------

/** Decision nodes (two or more choices) in all, and on the path from the start that has the most of them. */
export function decisionCounts(s: ScenarioArtifact): { total: number; longestPath: number } {
  const byId = new Map(s.nodes.map((n) => [n.id, n]));
  const isDecision = (id: string) => (byId.get(id)?.choices.length ?? 0) >= 2;
  const memo = new Map<string, number>();
  const depth = (id: string, seen: Set<string>): number => {
    if (memo.has(id)) return memo.get(id)!;
    const node = byId.get(id);
    if (!node || seen.has(id)) return 0;
    seen.add(id);
    const below = Math.max(0, ...node.choices.map((c) => depth(c.nextNodeId, seen)));
    seen.delete(id);
    const d = below + (isDecision(id) ? 1 : 0);
    memo.set(id, d);
    return d;
  };
  return {
    total: s.nodes.filter((n) => !n.ending && n.choices.length >= 2).length,
    longestPath: depth(s.startNodeId, new Set()),
  };
}

// ---- The check ----------------------------------------------------------------------------------------------

/**
 * The warnings of an artifact against the request that asked for it (`request` null: only the checks that
 * need none — a one-key select-all item, placeholders).
 */
export function checkConformance<K extends ArtifactKind>(
  kind: K,
  data: ArtifactDataByKind[K],
  request: ParsedRequest | null,
): ArtifactWarning[] {
  const out: ArtifactWarning[] = [];
  if (kind === 'quiz') out.push(...itemTypeWarnings(data as QuizArtifact));
  if (request) {
    const r = request;
    if (kind === 'quiz') out.push(...quizWarnings(data as QuizArtifact, r));
    if (kind === 'objectives' && r.objectiveCount !== null) {
      const n = (data as ArtifactDataByKind['objectives']).objectives.length;
      if (n !== r.objectiveCount)
        out.push(
          warn(
            'COUNT_MISMATCH',
            'objectives',
            `Asked for ${plural(r.objectiveCount, 'objective')}; this set has ${n}.`,
            String(r.objectiveCount),
          ),
        );
    }
    if (kind === 'plan') {
      const p = data as PlanArtifact;
      if (r.moduleCount !== null && r.moduleCount !== p.modules.length)
        out.push(
          warn(
            'COUNT_MISMATCH',
            'modules',
            `Asked for ${plural(r.moduleCount, 'module')} (or sessions); this plan has ${p.modules.length}.`,
            String(r.moduleCount),
          ),
        );
      if (
        r.totalMinutes !== null &&
        Math.abs(p.totalMinutes - r.totalMinutes) > r.totalMinutes * DURATION_TOLERANCE
      )
        out.push(
          warn(
            'DURATION_MISMATCH',
            'duration',
            `Asked for ${r.duration?.label ?? ''} (${r.totalMinutes.toLocaleString('en-GB')} minutes of learning); this plan has ${p.totalMinutes.toLocaleString('en-GB')} minutes.`,
            String(r.totalMinutes),
          ),
        );
    }
    if (kind === 'scenario' && r.decisionPoints !== null) {
      const { total, longestPath } = decisionCounts(data as ScenarioArtifact);
      if (total !== r.decisionPoints && longestPath !== r.decisionPoints)
        out.push(
          warn(
            'DECISION_POINTS_MISMATCH',
            'nodes',
            `Asked for ${plural(r.decisionPoints, 'decision point')}; a learner meets at most ${longestPath} on one path through this scenario (${total} in all).`,
            String(r.decisionPoints),
          ),
        );
    }
    out.push(...bloomWarnings(kind, data, r));
    const audience = (data as { audience?: string }).audience ?? '';
    if (r.audience && audience) {
      const asked = words(r.audience);
      const have = new Set(words(audience));
      if (asked.length && !asked.some((w) => have.has(w)))
        out.push(
          warn(
            'AUDIENCE_MISMATCH',
            'audience',
            `Asked for ${r.audience}; this ${NOUN[kind]} is written for ${audience}.`,
            r.audience,
          ),
        );
    }
    if (r.topicTerms.length) {
      const body = bodyText(data);
      const missing = r.topicTerms.filter((t) => !mentions(body, t));
      const needed = r.topicTerms.length <= 2 ? 1 : Math.ceil(r.topicTerms.length / 2);
      if (r.topicTerms.length - missing.length < needed)
        out.push(
          warn(
            'OFF_TOPIC',
            '',
            `Asked about ${r.topic ?? r.topicTerms.join(' ')}, but the ${NOUN[kind]}'s content never mentions ${missing
              .map((t) => `"${t}"`)
              .join(', ')
              .replace(/, ([^,]*)$/, ' or $1')}.`,
            r.topicTerms.join(', '),
          ),
        );
    }
  }
  out.push(...placeholderWarnings(data));
  return out;
}
