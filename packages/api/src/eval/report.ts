// The eval's summary: per criterion, how many requests it applies to and how many pass (all requests, and the
// requests with documents), the citations verified, the floors (eval/floors.json) and the files written for
// reading (each artifact as JSON and Markdown).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RequestResult } from './run.js';
import { CRITERIA, type CriterionId, type RequestScore } from './score.js';

export interface CriterionSummary {
  id: CriterionId;
  label: string;
  floor: boolean;
  passed: number;
  applies: number;
  docPassed: number;
  docApplies: number;
}

export interface EvalSummary {
  provider: string;
  model: string;
  requests: number;
  withDocuments: number;
  criteria: CriterionSummary[];
  citations: { verified: number; total: number };
  facts: { used: number; total: number };
  warnings: { total: number; codes: Record<string, number> };
}

/** Floors per provider: criterion id (or "citations") → lowest passing percentage. */
export type Floors = Record<string, Record<string, number>>;

export const percent = (passed: number, applies: number) => (applies ? (100 * passed) / applies : null);

export function summarise(
  provider: string,
  model: string,
  scores: RequestScore[],
  results: RequestResult[] = [],
) {
  const criteria = CRITERIA.map((c): CriterionSummary => {
    const s: CriterionSummary = { ...c, passed: 0, applies: 0, docPassed: 0, docApplies: 0 };
    for (const r of scores) {
      const o = r.outcomes[c.id];
      if (!o) continue;
      s.applies++;
      if (o.pass) s.passed++;
      if (r.withDocuments) {
        s.docApplies++;
        if (o.pass) s.docPassed++;
      }
    }
    return s;
  });
  const codes: Record<string, number> = {};
  for (const r of results) for (const w of r.produced.warnings) codes[w.code] = (codes[w.code] ?? 0) + 1;
  const sum = (f: (r: RequestScore) => number) => scores.reduce((n, r) => n + f(r), 0);
  return {
    provider,
    model,
    requests: scores.length,
    withDocuments: scores.filter((r) => r.withDocuments).length,
    criteria,
    citations: { verified: sum((r) => r.citations.verified), total: sum((r) => r.citations.total) },
    facts: { used: sum((r) => r.facts?.used ?? 0), total: sum((r) => r.facts?.total ?? 0) },
    warnings: { total: sum((r) => r.warnings), codes },
  } satisfies EvalSummary;
}

const cell = (passed: number, applies: number) => {
  const p = percent(passed, applies);
  return p === null ? '—' : `${passed}/${applies} (${Math.floor(p)} %)`;
};

/** The summary as a Markdown table (printed, and written to summary.md). */
export function formatSummary(s: EvalSummary, floors: Record<string, number> = {}): string {
  const rows = [
    '| Criterion | All requests | Requests with documents | Floor |',
    '| --- | --- | --- | --- |',
    ...s.criteria.map(
      (c) =>
        `| ${c.label} | ${cell(c.passed, c.applies)} | ${cell(c.docPassed, c.docApplies)} | ${c.floor ? (floors[c.id] !== undefined ? `${floors[c.id]} %` : '—') : 'none'} |`,
    ),
    `| citations verified (quote in the stored chunk) | ${s.citations.verified}/${s.citations.total} citations | | ${floors.citations !== undefined ? `${floors.citations} %` : '—'} |`,
  ];
  const codes = Object.entries(s.warnings.codes)
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  return [
    `Eval: ${s.requests} requests (${s.withDocuments} with documents), provider ${s.provider} (${s.model})`,
    '',
    ...rows,
    '',
    `Document facts used: ${s.facts.used}/${s.facts.total} over the requests with documents.`,
    `Warnings left on the artifacts: ${s.warnings.total}${codes ? ` (${codes})` : ''}.`,
  ].join('\n');
}

/** Criteria under their floor: "kind 91.7 % < 95 %". */
export function floorMisses(s: EvalSummary, floors: Record<string, number> = {}): string[] {
  const misses: string[] = [];
  for (const c of s.criteria) {
    const f = floors[c.id];
    const p = percent(c.passed, c.applies);
    if (!c.floor || f === undefined || p === null) continue;
    if (p < f) misses.push(`${c.label}: ${p.toFixed(1)} % < floor ${f} %`);
  }
  const cp = percent(s.citations.verified, s.citations.total);
  if (floors.citations !== undefined && cp !== null && cp < floors.citations)
    misses.push(`citations verified: ${cp.toFixed(1)} % < floor ${floors.citations} %`);
  return misses;
}

/** Floors raised to today's measures (rounded down to a whole percent); a floor never goes down. */
export function raisedFloors(s: EvalSummary, floors: Record<string, number> = {}): Record<string, number> {
  const next = { ...floors };
  for (const c of s.criteria) {
    const p = percent(c.passed, c.applies);
    if (!c.floor || p === null) continue;
    next[c.id] = Math.max(floors[c.id] ?? 0, Math.floor(p));
  }
  const cp = percent(s.citations.verified, s.citations.total);
  if (cp !== null) next.citations = Math.max(floors.citations ?? 0, Math.floor(cp));
  return next;
}

export async function readFloors(file: string): Promise<Floors> {
  try {
    const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(raw).filter(([k]) => !k.startsWith('$'))) as Floors;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

export async function writeFloors(file: string, floors: Floors): Promise<void> {
  const body = {
    $comment:
      'Lowest passing percentage per criterion of `npm run eval`, per provider. Floors only go up: raise them with `npm run eval -- --raise-floors` after an improvement; never lower one to let a change through.',
    ...floors,
  };
  await writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** Each artifact as JSON (request, expectations, data, warnings, scores) and as Markdown, plus the summary. */
export async function writeOutputs(
  dir: string,
  results: RequestResult[],
  s: EvalSummary,
  floors: Record<string, number>,
) {
  await mkdir(dir, { recursive: true });
  for (const r of results) {
    const { request: q, produced: p, score } = r;
    const json = {
      id: q.id,
      field: q.field,
      session: q.session,
      history: q.history,
      message: q.message,
      documents: r.files,
      expect: q.expect,
      offTopicChecked: q.offTopic,
      factsChecked: q.facts,
      kind: p.kind,
      data: p.data,
      warnings: p.warnings,
      error: p.error ?? null,
      answer: p.kind ? undefined : p.answer,
      score,
      ms: Math.round(r.ms),
    };
    await writeFile(path.join(dir, `${q.id}.json`), `${JSON.stringify(json, null, 2)}\n`);
    const failed = Object.entries(score.outcomes)
      .filter(([, o]) => !o.pass)
      .map(([id, o]) => `- **${id}**: ${o.detail}`);
    const md = [
      `# ${q.id} (${q.field})`,
      '',
      ...[...q.history, q.message].map((m) => `> ${m.replace(/\n/g, '\n> ')}\n`),
      q.documents.length ? `Documents: ${q.documents.map((d) => d.file).join(', ')}\n` : '',
      `Session: ${q.session}. Expected: ${q.expect.kind}; got: ${p.kind ?? (p.error ? 'an error' : 'prose')}.`,
      '',
      failed.length ? `Criteria missed:\n\n${failed.join('\n')}\n` : 'Every criterion met.\n',
      p.warnings.length ? `Warnings: ${p.warnings.map((w) => `${w.code} (${w.path})`).join(', ')}\n` : '',
      '---',
      '',
      r.markdown,
      '',
    ].join('\n');
    await writeFile(path.join(dir, `${q.id}.md`), md);
  }
  await writeFile(path.join(dir, 'summary.md'), `${formatSummary(s, floors)}\n`);
  await writeFile(path.join(dir, 'summary.json'), `${JSON.stringify(s, null, 2)}\n`);
}
