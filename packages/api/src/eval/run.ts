// Runs the corpus through the product as a user gets it: a fresh in-process database, the real services, one
// signed-up user (Team plan) with a new assistant session per request, the request's documents uploaded and
// read through the files service, the message (after any earlier messages of the session) sent through the
// assistant send path, and the artifact the answer made read back with its warnings.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createTestDatabase } from '@app/db/testing';
import { parseConfig, testConfig, type AppConfig } from '../config.js';
import type { ArtifactKind } from '../schemas/artifacts.js';
import { markdownOf, getArtifact } from '../services/artifacts/service.js';
import { assistantSend, createAssistantSessions } from '../services/assistant/index.js';
import { createServices, type Services } from '../services/index.js';
import { createLlmProvider, createOfflineProvider } from '../services/llm/index.js';
import { silentLogger } from '../services/logger.js';
import { createTestUser } from '../testing/factories.js';
import type { EvalCorpus, EvalRequest } from './corpus.js';
import { hasTerm, normalizeText, termLabel } from './match.js';
import { scoreRequest, type Produced, type RequestScore, type StoredChunk } from './score.js';

export type EvalProvider = 'offline' | 'openai';

export interface RequestResult {
  request: EvalRequest;
  produced: Produced;
  /** The artifact's Markdown (as the card and the Markdown export render it), or the prose answer. */
  markdown: string;
  files: { filename: string; fileId: string; status: string; failureReason: string | null }[];
  score: RequestScore;
  ms: number;
}

export interface RunOptions {
  provider: EvalProvider;
  corpus: EvalCorpus;
  /** The environment the OpenAI settings are read from (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL…). */
  env?: Record<string, string | undefined>;
  /** Called after each request (progress). */
  onResult?: (r: RequestResult, index: number, total: number) => void;
}

export interface RunOutput {
  results: RequestResult[];
  /** Files not read, and key facts missing from the text the product stored (see readingLosses). */
  readingLosses: string[];
  model: string;
}

/** The OpenAI settings of the environment, read as the server reads them. */
function openAiConfig(env: Record<string, string | undefined>): AppConfig['openai'] {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT_MS, OPENAI_MAX_OUTPUT_TOKENS } = env;
  if (!OPENAI_API_KEY)
    throw new Error('--provider openai needs OPENAI_API_KEY (and OPENAI_BASE_URL for other hosts)');
  return parseConfig(
    {
      NODE_ENV: 'test',
      OPENAI_API_KEY,
      OPENAI_BASE_URL,
      OPENAI_MODEL,
      OPENAI_TIMEOUT_MS,
      OPENAI_MAX_OUTPUT_TOKENS,
    },
    'eval-secret-eval-secret-eval-secret-000',
  ).openai;
}

async function upload(
  services: Services,
  userId: string,
  sessionId: string,
  req: EvalRequest,
  corpusDir: string,
) {
  if (req.documents.length === 0) return [];
  const dir = path.join(corpusDir, 'documents');
  const buffers = await Promise.all(req.documents.map((d) => readFile(path.join(dir, d.file))));
  async function* parts() {
    for (const [i, d] of req.documents.entries())
      yield { filename: d.file, stream: Readable.from([buffers[i]!]) };
  }
  await services.files.upload({ userId, sessionId, parts: parts() });
  // Wait until the files are read, as a user waits for READY before asking about them.
  await services.files.processor.idle();
  return services.files.list(userId, sessionId);
}

/**
 * What the product lost reading the request's documents: a file that is not READY, or a key fact that is not in
 * the text it stored (make-documents.ts checks that the documents contain every fact of the corpus).
 */
function readingLosses(req: EvalRequest, files: RequestResult['files'], chunks: StoredChunk[]): string[] {
  const losses: string[] = [];
  const texts: string[] = [];
  for (const d of req.documents) {
    const file = files.find((f) => f.filename === d.file);
    if (!file || file.status !== 'READY') {
      losses.push(`${d.file}: ${file?.status ?? 'not uploaded'} ${file?.failureReason ?? ''}`.trim());
      continue;
    }
    const own = chunks.filter((c) => c.fileId === file.fileId).map((c) => c.text);
    texts.push(normalizeText(own.join('\n')));
  }
  for (const f of req.facts)
    if (!texts.some((t) => hasTerm(t, f)))
      losses.push(`${req.id}: fact "${termLabel(f)}" is not in the stored text`);
  return losses;
}

async function runOne(services: Services, userId: string, req: EvalRequest, corpusDir: string) {
  const session = await createAssistantSessions(services.db).create(userId, {
    title: req.id,
    sessionType: req.session,
  });
  const views = await upload(services, userId, session.id, req, corpusDir);
  const files = views.map((f) => ({
    filename: f.filename,
    fileId: f.id,
    status: f.status,
    failureReason: f.failureReason,
  }));
  const send = (message: string, fileIds: string[]) =>
    assistantSend(services, { userId, sessionId: session.id, message, fileIds, endpoint: 'eval' });
  let produced: Produced;
  let markdown: string;
  try {
    for (const h of req.history) await send(h, []);
    const sent = await send(
      req.message,
      files.map((f) => f.fileId),
    );
    const ref = sent.assistantMessage.artifacts.at(-1);
    if (ref) {
      const a = await getArtifact(services, userId, { artifactId: ref.id });
      produced = { kind: a.kind, data: a.data, warnings: a.warnings, answer: sent.assistantMessage.content };
      markdown = markdownOf(a.kind as ArtifactKind, a.data);
    } else {
      produced = { kind: null, data: null, warnings: [], answer: sent.assistantMessage.content };
      markdown = sent.assistantMessage.content;
    }
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    produced = { kind: null, data: null, warnings: [], answer: '', error: message };
    markdown = `(The send failed: ${message})`;
  }
  const fileIds = files.map((f) => f.fileId);
  const chunks: StoredChunk[] = fileIds.length
    ? await services.db.fileChunk.findMany({
        where: { fileId: { in: fileIds } },
        select: { fileId: true, ordinal: true, text: true },
        orderBy: [{ fileId: 'asc' }, { ordinal: 'asc' }],
      })
    : [];
  return { produced, markdown, files, chunks };
}

export async function runEval(o: RunOptions): Promise<RunOutput> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lnd-eval-'));
  const database = await createTestDatabase();
  const base = testConfig({ dataDir, logLevel: 'silent' });
  const config: AppConfig = {
    ...base,
    openai:
      o.provider === 'openai' ? openAiConfig(o.env ?? process.env) : { ...base.openai, apiKey: undefined },
  };
  const services = await createServices(config, database.prisma, silentLogger);
  try {
    // The offline provider without its streaming delay (it paces chunks for the browser; the content is the same).
    services.llm =
      o.provider === 'offline' ? createOfflineProvider({ delayMs: 0 }) : createLlmProvider(config);
    // The eval measures content, not the per-user limits on sends and uploads a minute.
    services.rateLimiter.consume = async () => undefined;
    const { user } = await createTestUser(services.db, { plan: 'team', messageLimit: 1_000_000 });
    const results: RequestResult[] = [];
    const losses: string[] = [];
    for (const [i, request] of o.corpus.requests.entries()) {
      const t0 = performance.now();
      const { produced, markdown, files, chunks } = await runOne(services, user.id, request, o.corpus.dir);
      losses.push(...readingLosses(request, files, chunks));
      const score = scoreRequest(request, produced, { fileIds: new Set(files.map((f) => f.fileId)), chunks });
      const r: RequestResult = { request, produced, markdown, files, score, ms: performance.now() - t0 };
      results.push(r);
      o.onResult?.(r, i, o.corpus.requests.length);
    }
    return { results, readingLosses: [...new Set(losses)], model: services.llm.model };
  } finally {
    await services.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
