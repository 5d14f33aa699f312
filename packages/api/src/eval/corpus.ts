// The eval corpus: requests (requests.json) with what each artifact must do, and the source documents
// (documents.json + documents/). Validated on load, so a typo in the corpus is an error, not a silent pass.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ARTIFACT_KINDS, BLOOM_LEVELS, QUIZ_ITEM_TYPES } from '../schemas/artifacts.js';
import { ASSISTANT_SESSION_TYPES } from '../schemas/assistant.js';
import type { Term } from './match.js';

const term = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
const countSpec = z.union([z.number().int().min(0), z.tuple([z.number().int(), z.number().int()])]);

const expectSchema = z
  .object({
    kind: z.enum(ARTIFACT_KINDS),
    /** Terms that must all appear in the artifact. */
    topic: z.array(term).min(1),
    /** Off-topic sets (offTopicSets keys) that belong to this request's own field: not checked. */
    ownSets: z.array(z.string()).optional(),
    /** Extra terms that must not appear. */
    offTopic: z.array(z.string()).optional(),
    /** Terms of the off-topic sets this request may use. */
    allow: z.array(z.string()).optional(),
    /** Terms the artifact's audience must name (each one, any spelling). */
    audience: z.array(term).optional(),
    /** Items (quiz), objectives, modules (plan), recommendations (modality), draft objectives (SME summary). */
    count: countSpec.optional(),
    /** Exact number of quiz items per type. */
    types: z.partialRecord(z.enum(QUIZ_ITEM_TYPES), z.number().int().min(0)).optional(),
    allowedTypes: z.array(z.enum(QUIZ_ITEM_TYPES)).optional(),
    forbiddenTypes: z.array(z.enum(QUIZ_ITEM_TYPES)).optional(),
    /** The levels asked: every objective at one of them, each of them used. */
    bloom: z.array(z.enum(BLOOM_LEVELS)).min(1).optional(),
    /** Every objective within [low, high], both ends used. */
    bloomRange: z.tuple([z.enum(BLOOM_LEVELS), z.enum(BLOOM_LEVELS)]).optional(),
    /** Every objective at this level or higher. */
    bloomAtLeast: z.enum(BLOOM_LEVELS).optional(),
    /** A plan's total learning time, within ±15 %. */
    minutes: z.number().int().min(1).optional(),
    /** A scenario's decision points (nodes with two or more choices): exact, or [min, max]. */
    decisionPoints: countSpec.optional(),
    /** Key facts of the documents to use (default: every fact the documents list). */
    facts: z.array(term).optional(),
  })
  .strict();

const requestSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'ids are lower-case words joined by dashes'),
    field: z.string().min(1),
    session: z.enum(ASSISTANT_SESSION_TYPES).optional(),
    /** Messages sent earlier in the same session (an SME interview), before `message`. */
    history: z.array(z.string().min(1)).optional(),
    message: z.string().min(1),
    /** The instruction the echo check compares with (default: the message); "" skips it. */
    echoText: z.string().optional(),
    /** Files of documents/ uploaded to the session and sent with the message. */
    documents: z.array(z.string()).optional(),
    expect: expectSchema,
  })
  .strict();

const requestsFileSchema = z.object({
  $comment: z.string().optional(),
  offTopicSets: z
    .record(z.string(), z.union([z.array(z.string().min(1)), z.string()]))
    .transform(
      (r) =>
        Object.fromEntries(Object.entries(r).filter(([k]) => k !== '$comment')) as Record<string, string[]>,
    ),
  requests: z.array(requestSchema).min(1),
});

const documentsFileSchema = z.object({
  $comment: z.string().optional(),
  documents: z.array(
    z
      .object({
        file: z.string().min(1),
        kind: z.string(),
        field: z.string(),
        facts: z.array(term).min(1),
        boilerplate: z.array(z.string().min(1)),
      })
      .strict(),
  ),
});

export type Expectations = z.infer<typeof expectSchema>;
export type CorpusDocument = z.infer<typeof documentsFileSchema>['documents'][number];

export interface EvalRequest {
  id: string;
  field: string;
  session: (typeof ASSISTANT_SESSION_TYPES)[number];
  history: string[];
  message: string;
  echoText: string;
  documents: CorpusDocument[];
  expect: Expectations;
  /** The off-topic terms that apply (sets not owned, plus offTopic, minus allow). */
  offTopic: string[];
  /** The document facts to look for (the request's own list, or every fact of its documents). */
  facts: Term[];
}

export interface EvalCorpus {
  dir: string;
  requests: EvalRequest[];
  documents: CorpusDocument[];
}

export class CorpusError extends Error {}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new CorpusError(`${file}: ${(err as Error).message}`);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new CorpusError(
      `${file}:\n${r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  return r.data;
}

/** Reads and checks a corpus directory (requests.json, documents.json, documents/). */
export async function loadCorpus(dir: string): Promise<EvalCorpus> {
  const requestsFile = path.join(dir, 'requests.json');
  const documentsFile = path.join(dir, 'documents.json');
  const reqs = parse(requestsFileSchema, await readJson(requestsFile), requestsFile);
  const docs = parse(documentsFileSchema, await readJson(documentsFile), documentsFile);
  const byFile = new Map(docs.documents.map((d) => [d.file, d]));
  const problems: string[] = [];
  const ids = new Set<string>();
  const requests = reqs.requests.map((r): EvalRequest => {
    if (ids.has(r.id)) problems.push(`${r.id}: duplicate id`);
    ids.add(r.id);
    const documents = (r.documents ?? []).flatMap((f) => {
      const d = byFile.get(f);
      if (!d) problems.push(`${r.id}: document ${f} is not in documents.json`);
      return d ? [d] : [];
    });
    const own = new Set(r.expect.ownSets ?? []);
    for (const s of own) if (!(s in reqs.offTopicSets)) problems.push(`${r.id}: unknown off-topic set ${s}`);
    const allow = new Set((r.expect.allow ?? []).map((t) => t.toLowerCase()));
    const offTopic = [
      ...new Set([
        ...Object.entries(reqs.offTopicSets).flatMap(([name, terms]) => (own.has(name) ? [] : terms)),
        ...(r.expect.offTopic ?? []),
      ]),
    ].filter((t) => !allow.has(t.toLowerCase()));
    if (r.expect.facts && documents.length === 0) problems.push(`${r.id}: facts without documents`);
    return {
      id: r.id,
      field: r.field,
      session: r.session ?? 'LND_COPILOT',
      history: r.history ?? [],
      message: r.message,
      echoText: r.echoText ?? r.message,
      documents,
      expect: r.expect,
      offTopic,
      facts: r.expect.facts ?? documents.flatMap((d) => d.facts),
    };
  });
  if (problems.length) throw new CorpusError(`${requestsFile}:\n  ${problems.join('\n  ')}`);
  return { dir, requests, documents: docs.documents };
}
