// Citations checked against the chunk texts the service loads (pure): a quote found verbatim (whitespace and
// typographic quotes normalised) passes; a changed quote, a wrong part and a file that is not the session's
// are UNVERIFIED_CITATION warnings with plain messages; Fix drops the source.
import { describe, expect, it } from 'vitest';
import type { QuizArtifact } from '../../schemas/artifacts.js';
import { checkArtifact, fixArtifact } from './checks.js';
import { citationKey, citationWarnings, sourcesOf, UNVERIFIED_CITATION } from './citations.js';
import { quizFixture } from './export/test-fixtures.js';

const CHUNK =
  'Rub hands with alcohol-based   rub for 20–30 seconds,\ncovering all surfaces. Never wear rings on the ward.';
const chunks = new Map([[citationKey('f1', 3), CHUNK]]);
const src = (quote: string, part = 3, fileId = 'f1') => ({
  fileId,
  fileName: 'hand-hygiene.docx',
  part,
  quote,
});
const quizWith = (...sources: ReturnType<typeof src>[]): QuizArtifact => ({
  ...quizFixture,
  items: quizFixture.items.slice(0, sources.length).map((it, i) => ({ ...it, source: sources[i] })),
});

describe('citation checks', () => {
  it('finds every source of an artifact with its path', () => {
    const q = quizWith(src('Never wear rings'), src('covering all surfaces'));
    expect(sourcesOf(q).map((s) => s.path)).toEqual(['items.0.source', 'items.1.source']);
    expect(sourcesOf({ objectives: [{ source: null }] })).toEqual([]);
  });

  it('accepts a verbatim quote, whitespace- and quote-normalised', () => {
    const q = quizWith(
      src('alcohol-based rub for 20–30 seconds, covering all surfaces.'),
      src('NEVER wear rings'),
    );
    expect(citationWarnings(q, chunks)).toEqual([]);
  });

  it('warns on a quote not in the chunk, on the wrong part, and on a file that is not the session’s', () => {
    const q = quizWith(
      src('Rub hands for 60 seconds'),
      src('Never wear rings', 2),
      src('Never wear rings', 3, 'someone-elses-file'),
    );
    const w = citationWarnings(q, chunks);
    expect(w.map((x) => [x.code, x.path])).toEqual([
      [UNVERIFIED_CITATION, 'items.0.source'],
      [UNVERIFIED_CITATION, 'items.1.source'],
      [UNVERIFIED_CITATION, 'items.2.source'],
    ]);
    expect(w[0]!.message).toBe('The quote "Rub hands for 60 seconds" is not in hand-hygiene.docx, part 3.');
    expect(w[2]!.message).toMatch(/not one of this session's files/);
    // Nothing of any stored text shows in a warning about a file that is not found.
    expect(JSON.stringify(w[2])).not.toContain('Rub hands with');
  });

  it('runs with the other checks when the chunk texts are given, and Fix drops the source', () => {
    const q = quizWith(src('Rub hands for 60 seconds'));
    expect(checkArtifact('quiz', q).some((w) => w.code === UNVERIFIED_CITATION)).toBe(false);
    const w = checkArtifact('quiz', q, null, chunks).find((x) => x.code === UNVERIFIED_CITATION)!;
    expect(w.path).toBe('items.0.source');
    const fixed = fixArtifact('quiz', q, w);
    expect(fixed.items[0]!.source).toBeNull();
    expect(checkArtifact('quiz', fixed, null, chunks).some((x) => x.code === UNVERIFIED_CITATION)).toBe(
      false,
    );
  });
});
