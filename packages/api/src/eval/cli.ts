// npm run eval [--provider offline|openai] [--corpus DIR] [--out DIR] [--request TEXT] [--raise-floors]
//
// Runs the corpus through the product (see run.ts), prints the score of each criterion, writes each artifact
// (JSON + Markdown) to --out, and exits non-zero when a criterion is under its floor (eval/floors.json).
// `npm run eval --provider openai` (without `--`) works too: npm passes such flags as npm_config_* variables.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpus } from './corpus.js';
import { DEFAULT_CORPUS, DEFAULT_OUT, FLOORS_FILE } from './paths.js';
import {
  floorMisses,
  formatSummary,
  raisedFloors,
  readFloors,
  summarise,
  writeFloors,
  writeOutputs,
} from './report.js';
import { runEval, type EvalProvider } from './run.js';

const HELP = `Usage: npm run eval -- [options]

  --provider offline|openai  the built-in offline provider (default), or the OpenAI-compatible model of
                             OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_MODEL
  --corpus DIR               the corpus (requests.json, documents.json, documents/); default eval/corpus
  --out DIR                  where each artifact is written as JSON and Markdown; default eval/out
  --request TEXT             only the requests whose id contains TEXT (floors are not checked)
  --raise-floors             raise eval/floors.json to this run's scores (never lowers a floor)
`;

/**
 * The options, from `npm run eval -- --provider openai` or from `npm run eval --provider openai`: without `--`
 * npm keeps the flag for itself (npm_config_provider=true) and passes its value on as a plain argument.
 */
function options(argv: string[], env: NodeJS.ProcessEnv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      provider: { type: 'string' },
      corpus: { type: 'string' },
      out: { type: 'string' },
      request: { type: 'string' },
      'raise-floors': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const cwd = env.INIT_CWD ?? process.cwd();
  const rest = [...positionals];
  const take = (flag: string, fits: (v: string) => boolean = () => true) => {
    if (env[`npm_config_${flag}`] !== 'true') return undefined;
    const i = rest.findIndex(fits);
    return i < 0 ? undefined : rest.splice(i, 1)[0];
  };
  return {
    cwd,
    help: values.help,
    provider: values.provider ?? take('provider', (v) => v === 'offline' || v === 'openai') ?? 'offline',
    corpus:
      values.corpus ?? take('corpus', (v) => existsSync(path.join(path.resolve(cwd, v), 'requests.json'))),
    request: values.request ?? take('request'),
    out: values.out ?? take('out'),
    raiseFloors: values['raise-floors'] || env.npm_config_raise_floors === 'true',
    unexpected: rest,
  };
}

async function main() {
  const env = process.env;
  const o = options(process.argv.slice(2), env);
  if (o.help) {
    console.log(HELP);
    return 0;
  }
  if (o.unexpected.length) {
    console.error(`Unexpected arguments: ${o.unexpected.join(' ')}\n\n${HELP}`);
    return 2;
  }
  const provider = o.provider as EvalProvider;
  if (provider !== 'offline' && provider !== 'openai') {
    console.error(`--provider must be offline or openai, not ${provider}\n\n${HELP}`);
    return 2;
  }
  // npm runs scripts from the repository root; paths given on the command line are the caller's.
  const { cwd } = o;
  const corpusDir = o.corpus ? path.resolve(cwd, o.corpus) : DEFAULT_CORPUS;
  const outDir = o.out ? path.resolve(cwd, o.out) : DEFAULT_OUT;
  const corpus = await loadCorpus(corpusDir);
  if (o.request) corpus.requests = corpus.requests.filter((r) => r.id.includes(o.request!));
  console.log(
    `Running ${corpus.requests.length} request(s) from ${path.relative(cwd, corpusDir) || '.'} (${provider})…`,
  );

  const t0 = performance.now();
  const { results, readingLosses, model } = await runEval({
    provider,
    corpus,
    env,
    onResult(r, i, n) {
      const missed = Object.entries(r.score.outcomes)
        .filter(([id, o]) => !o.pass && id !== 'warnings')
        .map(([id]) => id);
      console.log(
        `${String(i + 1).padStart(3)}/${n} ${r.request.id.padEnd(44)} ${(r.produced.kind ?? (r.produced.error ? 'error' : 'prose')).padEnd(11)} ${missed.length ? `missed: ${missed.join(', ')}` : 'ok'}`,
      );
    },
  });
  const summary = summarise(
    provider,
    model,
    results.map((r) => r.score),
    results,
  );
  const allFloors = await readFloors(FLOORS_FILE);
  const floors = allFloors[provider] ?? {};
  await writeOutputs(outDir, results, summary, floors);

  console.log(`\n${formatSummary(summary, floors)}`);
  console.log(
    `\n${results.length} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s; artifacts in ${path.relative(cwd, outDir) || '.'}/`,
  );
  if (readingLosses.length)
    console.log(
      `\nLost in reading the documents (the product's extraction):\n  ${readingLosses.join('\n  ')}`,
    );
  if (o.request) return 0;
  if (o.raiseFloors) {
    const next = raisedFloors(summary, floors);
    await writeFloors(FLOORS_FILE, { ...allFloors, [provider]: next });
    console.log(`\nFloors of ${provider} in ${path.relative(cwd, FLOORS_FILE)}: ${JSON.stringify(next)}`);
    return 0;
  }
  const misses = floorMisses(summary, floors);
  if (misses.length) {
    console.error(`\nUnder the floor (eval/floors.json, ${provider}):\n  ${misses.join('\n  ')}`);
    return 1;
  }
  console.log(Object.keys(floors).length ? '\nEvery floor met.' : `\nNo floors for ${provider}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
