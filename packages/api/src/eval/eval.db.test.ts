// The offline eval (npm run eval) as part of npm test: the whole corpus through the product path with the
// built-in offline provider, every criterion at or above its floor in eval/floors.json. One database and one
// user for the run, a new assistant session per request (run.ts).
import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.js';
import { DEFAULT_CORPUS, FLOORS_FILE } from './paths.js';
import { floorMisses, formatSummary, readFloors, summarise } from './report.js';
import { runEval } from './run.js';

describe('npm run eval --provider offline', () => {
  it('meets every floor of eval/floors.json on the corpus', async () => {
    const corpus = await loadCorpus(DEFAULT_CORPUS);
    const floors = (await readFloors(FLOORS_FILE)).offline ?? {};
    const { results, readingLosses } = await runEval({ provider: 'offline', corpus });
    const summary = summarise(
      'offline',
      'offline',
      results.map((r) => r.score),
      results,
    );
    // Shown when a floor is missed.
    const table = formatSummary(summary, floors);

    expect(results).toHaveLength(corpus.requests.length);
    // Every send answered, and every document read (a missing key fact is a score, not a failure).
    expect(
      results.flatMap((r) => (r.produced.error ? [`${r.request.id}: ${r.produced.error}`] : [])),
    ).toEqual([]);
    expect(readingLosses.filter((l) => !l.includes('is not in the stored text'))).toEqual([]);
    expect(Object.keys(floors).length, 'eval/floors.json has offline floors').toBeGreaterThan(0);
    expect(floorMisses(summary, floors), table).toEqual([]);
  }, 240_000);
});
