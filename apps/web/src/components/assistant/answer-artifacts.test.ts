import { describe, expect, it } from 'vitest';
import { artifactHomes } from './answer-artifacts';

const ref = (id: string, version: number) => ({ id, kind: 'quiz' as const, title: 'GDPR', version });
const answer = (id: string, refs: ReturnType<typeof ref>[], streaming = false) => ({
  id,
  role: 'assistant' as const,
  streaming,
  artifacts: refs,
});

describe('artifactHomes', () => {
  it('shows an artifact under the newest finished answer that made or changed it', () => {
    const messages = [
      answer('m1', [ref('a1', 1)]),
      { id: 'u2', role: 'user' as const, artifacts: [] },
      answer('m2', [ref('a1', 2), ref('a2', 1)]),
      answer('m3', [ref('a1', 3)], true),
    ];
    const homes = artifactHomes(messages);
    expect(homes.homeOf('a1')).toBe('m2');
    expect(homes.homeOf('a2')).toBe('m2');
    expect(homes.homeOf('nope')).toBeUndefined();
    // m1's text stays (its card moved down); m2 folds its text; a streaming answer never folds.
    expect(homes.hasCardsUnder(messages[0]!)).toBe(false);
    expect(homes.hasCardsUnder(messages[2]!)).toBe(true);
    expect(homes.hasCardsUnder(messages[3]!)).toBe(false);
  });
});
