// The "what changed" diff: leaf changes with dotted paths, whole elements for added/removed array items, key
// order ignored, and a bounded list.
import { describe, expect, it } from 'vitest';
import { MAX_CHANGES, describeChanges, diffArtifactData, sameData } from './diff.js';

describe('diffArtifactData', () => {
  it('lists changed leaves by dotted path', () => {
    const before = { title: 'A', items: [{ stem: 'Q1', options: [{ text: 'x', correct: true }] }] };
    const after = { title: 'B', items: [{ stem: 'Q1', options: [{ text: 'x', correct: false }] }] };
    expect(diffArtifactData(before, after)).toEqual([
      { path: 'title', before: 'A', after: 'B' },
      { path: 'items.0.options.0.correct', before: true, after: false },
    ]);
  });

  it('an added or removed array element is one change with the whole element', () => {
    const one = { items: [{ id: 'q1' }] };
    const two = { items: [{ id: 'q1' }, { id: 'q2', stem: 'New' }] };
    expect(diffArtifactData(one, two)).toEqual([
      { path: 'items.1', before: null, after: { id: 'q2', stem: 'New' } },
    ]);
    expect(diffArtifactData(two, one)).toEqual([
      { path: 'items.1', before: { id: 'q2', stem: 'New' }, after: null },
    ]);
  });

  it('ignores key order, reports a null that became a value, and is empty for equal data', () => {
    expect(diffArtifactData({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toEqual([]);
    expect(sameData({ a: 1, b: { c: null } }, { b: { c: null }, a: 1 })).toBe(true);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(diffArtifactData({ moduleId: null }, { moduleId: 'm1' })).toEqual([
      { path: 'moduleId', before: null, after: 'm1' },
    ]);
  });

  it('stops at MAX_CHANGES and says so in the note', () => {
    const before = { items: Array.from({ length: 300 }, (_, i) => ({ n: i })) };
    const after = { items: before.items.map((x) => ({ n: x.n + 1 })) };
    const changes = diffArtifactData(before, after);
    expect(changes).toHaveLength(MAX_CHANGES);
    expect(describeChanges(changes)).toBe(`Edited ${MAX_CHANGES}+ fields`);
    expect(describeChanges(changes.slice(0, 3))).toBe('Edited 3 fields');
    expect(describeChanges(changes.slice(0, 1))).toBe('Edited question 1 (n)');
  });

  it('a one-field note names the field in words, as the diff pane does (issue 37 item 10)', () => {
    const note = (path: string) => describeChanges([{ path, before: 'a', after: 'b' }]);
    expect(note('items.3.stem')).toBe('Edited question 4 (stem)');
    expect(note('items.2.options.1.text')).toBe('Edited question 3 › option 2 (text)');
    expect(note('items.1')).toBe('Edited question 2');
    expect(note('title')).toBe('Edited title');
    expect(note('')).toBe('Edited the artifact');
  });
});
