// The offline provider's typed L&D artifacts: one builder per kind, registered under its generateObject
// format name (ARTIFACT_FORMAT_NAMES) when this module loads (services/llm/offline.ts imports it, so the
// builders are active wherever the offline provider is). Every builder parses the request, reads the files
// and the current artifact from the system messages, and returns data that passes checkArtifact.
import {
  ARTIFACT_FORMAT_NAMES,
  ARTIFACT_KINDS,
  ARTIFACT_SCHEMAS,
  type ArtifactDataByKind,
  type ArtifactKind,
} from '../../../schemas/artifacts.js';
import { checkArtifact, fixArtifact } from '../../artifacts/checks.js';
import { registerOfflineObjectBuilder, type OfflineObjectBuilder } from '../offline-objects.js';
import type { LlmMessage } from '../types.js';
import { artifactContextOf, type ArtifactContext } from './context.js';
import { buildModality } from './modality.js';
import { buildObjectives } from './objectives.js';
import { buildPlan } from './plan.js';
import { buildQuiz } from './quiz.js';
import { exportPlan, fixCurrent, reviseArtifact } from './revise.js';
import { buildScenario } from './scenario.js';
import { buildSmeSummary } from './sme-summary.js';

/**
 * What the offline provider can and cannot do with typed artifacts (also in
 * docs/decisions/offline-engine.md).
 *
 * Can: read a request's topic, audience, item counts and types, forbidden types, Bloom levels, duration and
 * decision points (content/request.ts) and honour each; build every artifact from the user's documents — items,
 * objectives, decision points and modules from the document's rules, values, procedures, definitions and roles,
 * each citing its passage; write from a built-in vocabulary (patient safety, data protection, anti-bribery,
 * sales, software engineering, warehouse and fire safety, customer service, leadership, cyber security) only
 * when the topic matches it confidently; otherwise write a draft with the structure asked around the request's
 * own terms and "[SME: …]" placeholders where subject knowledge is needed; revise the current version (shorter,
 * simpler, another Bloom level or audience, more questions, another duration), repair any warning (Fix) and
 * export a plan. Always deterministic.
 *
 * Cannot: know facts beyond its vocabularies and the user's documents (a draft says so with its placeholders),
 * understand free-form revise instructions beyond those listed, or judge whether a document is correct.
 */
export const OFFLINE_ARTIFACT_CAPABILITIES = {
  can: [
    'Parse topic, audience, item counts and types, forbidden types, Bloom levels, duration and decision points, and honour each',
    "Build items, objectives, scenario decisions and plan modules from the attached documents' facts, each with a verbatim citation",
    'Write from a built-in vocabulary only on a confident match of the topic; otherwise a draft with [SME: …] placeholders',
    'Revise the current version: shorter, simpler, higher/lower/named Bloom level, another audience, more questions, another duration',
    'Repair any check warning a rule can repair (Fix) and export a plan; deterministic',
  ],
  cannot: [
    'Know facts beyond its vocabularies and the documents given (drafts mark what an expert must supply)',
    'Follow free-form revise instructions beyond those listed (the version is kept unchanged)',
    'Judge whether the statements in a document are correct',
  ],
} as const;

function build<K extends ArtifactKind>(kind: K, c: ArtifactContext): ArtifactDataByKind[K] {
  const current =
    c.current && c.current.kind === kind && ARTIFACT_SCHEMAS[kind].safeParse(c.current.data).success
      ? (ARTIFACT_SCHEMAS[kind].parse(c.current.data) as ArtifactDataByKind[K])
      : null;
  if (current && c.command === 'fix' && c.fix) return fixCurrent(kind, current, c.fix);
  if (current && c.command === 'revise') return reviseArtifact(kind, current, c);
  let data: ArtifactDataByKind[ArtifactKind];
  if (kind === 'plan' && c.command === 'export_plan') data = exportPlan(c);
  else
    switch (kind) {
      case 'objectives':
        data = buildObjectives(c);
        break;
      case 'quiz':
        data = buildQuiz(c);
        break;
      case 'scenario':
        data = buildScenario(c);
        break;
      case 'modality':
        data = buildModality(c);
        break;
      case 'plan':
        data = buildPlan(c);
        break;
      default:
        data = buildSmeSummary(c);
    }
  // A safety net: the warnings a deterministic repair can fix are fixed (repairs are deterministic too); the
  // ones only a writer can fix — a draft's placeholders above all — stay visible on the card.
  for (let i = 0; i < 20; i++) {
    const before = JSON.stringify(data);
    let changed = false;
    for (const w of checkArtifact(kind, data as ArtifactDataByKind[K])) {
      const next = fixArtifact(kind, data as ArtifactDataByKind[K], w);
      if (JSON.stringify(next) !== before) {
        data = next;
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
  return data as ArtifactDataByKind[K];
}

/** The artifact of one kind for a conversation, as the provider builds it (the chat answer renders it too). */
export function buildOfflineArtifact<K extends ArtifactKind>(
  kind: K,
  messages: LlmMessage[],
  ctx: { system: LlmMessage[]; profile?: string },
): ArtifactDataByKind[K] {
  return build(kind, artifactContextOf(messages, ctx));
}

/** The builder of one kind (exported for tests that call it without the registry). */
export function offlineArtifactBuilder(kind: ArtifactKind): OfflineObjectBuilder {
  return (messages, ctx) => build(kind, artifactContextOf(messages, ctx));
}

for (const kind of ARTIFACT_KINDS)
  registerOfflineObjectBuilder(ARTIFACT_FORMAT_NAMES[kind], offlineArtifactBuilder(kind));
