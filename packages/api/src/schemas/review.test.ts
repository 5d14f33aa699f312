import { describe, expect, it } from 'vitest';
import {
  addCommentInput,
  COMMENT_MAX_BYTES,
  describeCommentTarget,
  parseCommentTarget,
  setStatusInput,
} from './review.js';

describe('review inputs', () => {
  it('names a target in words and refuses anything that is not one', () => {
    expect(describeCommentTarget('items.2')).toBe('Question 3');
    expect(describeCommentTarget('modules.0')).toBe('Module 1');
    expect(describeCommentTarget('items')).toBeNull();
    expect(describeCommentTarget('__proto__.0')).toBeNull();
    expect(parseCommentTarget('nodes.12')).toEqual({ collection: 'nodes', index: 12 });
    expect(parseCommentTarget('items.-1')).toBeNull();
  });

  it('a comment is 1 byte to 10 kB of UTF-8 (multi-byte characters count as their bytes)', () => {
    const ok = (body: string) => addCommentInput.safeParse({ artifactId: 'a', body }).success;
    expect(ok('a'.repeat(COMMENT_MAX_BYTES))).toBe(true);
    expect(ok('a'.repeat(COMMENT_MAX_BYTES + 1))).toBe(false);
    expect(ok('é'.repeat(COMMENT_MAX_BYTES / 2 + 1))).toBe(false);
    expect(ok('  ')).toBe(false);
  });

  it('a status names one of the four and a whole version', () => {
    expect(
      setStatusInput.safeParse({ artifactId: 'a', status: 'APPROVED', version: '2' }).data?.version,
    ).toBe(2);
    expect(setStatusInput.safeParse({ artifactId: 'a', status: 'DONE', version: 2 }).success).toBe(false);
    expect(setStatusInput.safeParse({ artifactId: 'a', status: 'DRAFT', version: 1.5 }).success).toBe(false);
  });
});
