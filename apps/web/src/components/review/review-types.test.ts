import { describe, expect, it } from 'vitest';
import { targetsOf, threadsOf, type CommentView } from './review-types';

const comment = (o: Partial<CommentView>): CommentView =>
  ({
    id: 'c',
    version: 1,
    target: null,
    targetLabel: null,
    parentId: null,
    authorName: 'Ann',
    byReviewer: false,
    mine: false,
    body: 'x',
    mentions: [],
    resolved: false,
    resolvedAt: null,
    editedAt: null,
    createdAt: new Date(0),
    ...o,
  }) as CommentView;

describe('review helpers', () => {
  it('targets are the items, objectives, nodes and modules, numbered from 1', () => {
    expect(targetsOf('quiz', { objectives: [{}], items: [{}, {}, {}] })).toEqual([
      { value: 'items.0', label: 'Question 1' },
      { value: 'items.1', label: 'Question 2' },
      { value: 'items.2', label: 'Question 3' },
      { value: 'objectives.0', label: 'Objective 1' },
    ]);
    expect(targetsOf('modality', { recommendations: [] })).toEqual([]);
  });

  it('threads group replies under their first comment, open threads first', () => {
    const t = threadsOf([
      comment({ id: 'a', resolved: true }),
      comment({ id: 'b' }),
      comment({ id: 'r1', parentId: 'a' }),
      comment({ id: 'r2', parentId: 'b' }),
    ]);
    expect(t.map((x) => [x.root.id, x.replies.map((r) => r.id)])).toEqual([
      ['b', ['r2']],
      ['a', ['r1']],
    ]);
  });
});
