// Doubled punctuation in what the offline provider writes (issue 37 #13: a scenario said "2 a.m.."). Every artifact
// kind is built for a request in each of the offline domains (and one outside them) — straight from its builder,
// and through the provider (whose checks' safety net repairs what it can) — and every chat and assistant answer is
// streamed for the same requests; no text may hold two punctuation marks in a row (an ellipsis aside). The one
// finding once listed here ("2 a.m.." in a scenario's opening) is fixed in llm/offline-artifacts/scenario.ts.
import { describe, expect, it } from 'vitest';
import {
  ARTIFACT_FORMAT_NAMES,
  ARTIFACT_KINDS,
  ARTIFACT_SCHEMAS,
  type ArtifactKind,
} from '../../schemas/artifacts.js';
import { artifactContextOf } from '../llm/offline-artifacts/context.js';
import { buildModality } from '../llm/offline-artifacts/modality.js';
import { buildObjectives } from '../llm/offline-artifacts/objectives.js';
import { buildPlan } from '../llm/offline-artifacts/plan.js';
import { buildQuiz } from '../llm/offline-artifacts/quiz.js';
import { reviseArtifact } from '../llm/offline-artifacts/revise.js';
import { buildScenario } from '../llm/offline-artifacts/scenario.js';
import { buildSmeSummary } from '../llm/offline-artifacts/sme-summary.js';
import { ASSISTANT_PROFILES } from '../llm/offline-assistant.js';
import { createOfflineProvider } from '../llm/offline.js';
import type { LlmMessage } from '../llm/types.js';

const offline = createOfflineProvider({ delayMs: 0, chunkSize: 4096 });

/** One topic per offline domain (domains.ts), and one none of them matches. */
const TOPICS = [
  'preventing patient falls on a hospital ward',
  'GDPR and handling personal data',
  'anti-bribery compliance and gifts',
  'consultative sales calls',
  'code review for software engineers',
  'forklift safety in the warehouse',
  'handling customer complaints',
  'leadership: giving feedback to your team',
  'spotting phishing emails (cyber security)',
  'sourdough baking for café staff',
];

const ASKS: Record<ArtifactKind, (topic: string) => string> = {
  objectives: (t) => `Write learning objectives for ${t}`,
  quiz: (t) => `3 multiple-choice, 2 true/false and 1 short-answer question on ${t}`,
  scenario: (t) => `A branching scenario about ${t}`,
  modality: (t) => `eLearning vs virtual classroom vs job aid for ${t}`,
  plan: (t) => `A two-week learning plan on ${t}`,
  sme_summary: (t) => `Summarise my SME interview on ${t}`,
};

/** Two marks of . , ; : ! ? in a row (spaces between allowed), once ellipses are taken out. */
const DOUBLED = /[.,;:!?]\s*[.,;:!?]/g;
const withoutEllipses = (s: string) => s.replace(/\.{3,}|…/g, ' ');

function stringsOf(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringsOf);
  if (v && typeof v === 'object') return Object.values(v).flatMap(stringsOf);
  return [];
}

/** Each doubled mark with a little context, e.g. `…ward, 2 a.m.. You are…`. */
function findings(texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    const t = withoutEllipses(text);
    for (const m of t.matchAll(DOUBLED)) {
      const at = m.index;
      out.add(t.slice(Math.max(0, at - 25), at + m[0].length + 10).replace(/\s+/g, ' '));
    }
  }
  return [...out];
}

const BUILDERS = {
  objectives: buildObjectives,
  quiz: buildQuiz,
  scenario: buildScenario,
  modality: buildModality,
  plan: buildPlan,
  sme_summary: buildSmeSummary,
} satisfies Record<ArtifactKind, unknown>;

const REVISIONS = [
  'revise it: make it shorter',
  'revise it: simpler language',
  'revise it for experienced managers',
  'revise it at a higher Bloom level',
];

/** The builders' own output, and their revisions, before the provider's checks repair anything. */
function builderTexts(): { texts: string[]; revised: number } {
  const texts: string[] = [];
  let revised = 0;
  const system: LlmMessage[] = [{ role: 'system', content: 'You are an L&D assistant.' }];
  for (const kind of ARTIFACT_KINDS) {
    for (const topic of TOPICS) {
      const ask: LlmMessage = { role: 'user', content: ASKS[kind](topic) };
      const data = BUILDERS[kind](artifactContextOf([ask], { system, profile: 'LND_COPILOT' }));
      texts.push(...stringsOf(data));
      const current: LlmMessage = {
        role: 'system',
        content: `[current artifact: ${kind} v1]\n${JSON.stringify(data)}`,
      };
      for (const revision of REVISIONS) {
        const c = artifactContextOf([ask, { role: 'user', content: revision }], {
          system: [...system, current],
          profile: 'LND_COPILOT',
        });
        const after = reviseArtifact(kind, data as never, c);
        if (JSON.stringify(after) !== JSON.stringify(data)) revised++;
        texts.push(...stringsOf(after));
      }
    }
  }
  return { texts, revised };
}

/** What the provider hands out (the builders' output after the checks' repairs). */
async function artifactTexts(): Promise<string[]> {
  const texts: string[] = [];
  for (const kind of ARTIFACT_KINDS) {
    for (const topic of TOPICS) {
      const { object } = await offline.generateObject({
        messages: [
          { role: 'system', content: 'You are an L&D assistant.' },
          { role: 'user', content: ASKS[kind](topic) },
        ],
        schema: ARTIFACT_SCHEMAS[kind],
        name: ARTIFACT_FORMAT_NAMES[kind],
        profile: 'LND_COPILOT',
      });
      texts.push(...stringsOf(object));
    }
  }
  return texts;
}

async function answerText(messages: LlmMessage[], profile?: string): Promise<string> {
  let text = '';
  for await (const ev of offline.stream({ messages, profile })) if (ev.type === 'delta') text += ev.content;
  return text;
}

async function answerTexts(): Promise<string[]> {
  const texts: string[] = [];
  const asks = TOPICS.flatMap((t) => [
    ...Object.values(ASKS).map((ask) => ask(t)),
    `Tell me about ${t}`,
    `Help me interview an expert on ${t}`,
  ]);
  for (const profile of [undefined, ...ASSISTANT_PROFILES]) {
    for (const ask of asks) texts.push(await answerText([{ role: 'user', content: ask }], profile));
  }
  return texts;
}

describe('offline text has no doubled punctuation', () => {
  it('artifacts of every kind (builders and provider), chat and assistant answers: none', async () => {
    const built = builderTexts();
    // The revisions really revise (the texts they add are new ones).
    expect(built.revised).toBeGreaterThan(ARTIFACT_KINDS.length * TOPICS.length);
    const found = findings([...built.texts, ...(await artifactTexts()), ...(await answerTexts())]);
    expect(found).toEqual([]);
  });

  it('the check itself: doubled marks are found, ellipses and single marks are not', () => {
    expect(findings(['Bay 3 of the medical ward, 2 a.m.. You are working'])).toHaveLength(1);
    expect(findings(['Wait , , then go', 'Done!.', 'Really?!'])).toHaveLength(3);
    expect(findings(['Well... maybe', 'So … yes', 'Version 1.5, then 2.0. Next: go!'])).toEqual([]);
  });
});
