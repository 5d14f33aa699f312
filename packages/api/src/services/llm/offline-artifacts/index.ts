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
import { artifactContextOf, type ArtifactContext } from './context.js';
import { buildModality } from './modality.js';
import { buildObjectives } from './objectives.js';
import { buildPlan } from './plan.js';
import { buildQuiz } from './quiz.js';
import { exportPlan, fixCurrent, reviseArtifact } from './revise.js';
import { buildScenario } from './scenario.js';
import { buildSmeSummary } from './sme-summary.js';

/**
 * What the offline provider can and cannot do with typed artifacts (also in docs/decisions.md).
 *
 * Can: read a request's topic (a short noun phrase, never the raw request), audience, item counts and types,
 * duration, constraints and level, and honour each; write objectives, quizzes, branching scenarios, modality
 * advice, learning plans and SME summaries from built-in vocabularies of common L&D fields (patient safety,
 * data protection, anti-bribery and compliance, sales, software engineering, warehouse and fire safety,
 * customer service, leadership, cyber security) or, for any other topic, from general good practice around it;
 * use uploaded or pasted files as the content (a checklist's steps become the steps the items ask about);
 * revise the current version (shorter, simpler, a higher or lower or named Bloom level, another audience,
 * more questions, another duration), repair any warning (Fix) and export a plan. Always deterministic.
 *
 * Cannot: know facts beyond its vocabularies and the user's files (other topics get sound but general
 * content), understand free-form revise instructions beyond those listed (such a revise keeps the current
 * version), or judge whether a file's statements are correct.
 */
export const OFFLINE_ARTIFACT_CAPABILITIES = {
  can: [
    'Parse topic, audience, item counts and types, duration, constraints and level from the request and honour each',
    'Write every artifact kind from built-in vocabularies of common L&D fields, or general good practice for other topics',
    'Use retrieved file passages as the content source (a checklist gives items about its steps)',
    'Revise the current version: shorter, simpler, higher/lower/named Bloom level, another audience, more questions, another duration',
    'Repair any check warning (Fix) and export a plan; output always passes the checks; deterministic',
  ],
  cannot: [
    'Know facts beyond its vocabularies and the files given (other topics get general good practice)',
    'Follow free-form revise instructions beyond those listed (the version is kept unchanged)',
    'Judge whether the statements in a file are correct',
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

/** The builder of one kind (exported for tests that call it without the registry). */
export function offlineArtifactBuilder(kind: ArtifactKind): OfflineObjectBuilder {
  return (messages, ctx) => build(kind, artifactContextOf(messages, ctx));
}

for (const kind of ARTIFACT_KINDS)
  registerOfflineObjectBuilder(ARTIFACT_FORMAT_NAMES[kind], offlineArtifactBuilder(kind));
