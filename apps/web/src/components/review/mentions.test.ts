// Issue 39: the comment box's @mention list — what counts as a mention being typed, who matches, and the text
// with the handle in place.
import { describe, expect, it } from 'vitest';
import { insertMention, matchMentions, mentionQueryAt, type MentionCandidate } from './mentions';

const dora: MentionCandidate = { userId: 'u1', name: 'Dora Owner', email: 'dora@x.example', handle: 'Dora' };
const ann1: MentionCandidate = {
  userId: 'u2',
  name: 'Ann Lee',
  email: 'ann.lee@x.example',
  handle: 'ann.lee@x.example',
};
const ann2: MentionCandidate = {
  userId: 'u3',
  name: 'Ann Wu',
  email: 'wu@x.example',
  handle: 'wu@x.example',
};

describe('mentionQueryAt', () => {
  it('finds the @word before the caret, at the start or after a space or punctuation', () => {
    expect(mentionQueryAt('@Do', 3)).toEqual({ start: 0, query: 'Do' });
    expect(mentionQueryAt('Right? @Do', 10)).toEqual({ start: 7, query: 'Do' });
    expect(mentionQueryAt('(@', 2)).toEqual({ start: 1, query: '' });
    expect(mentionQueryAt('hi @ann.lee@x', 13)).toBeNull();
    expect(mentionQueryAt('hi @ann.le', 10)).toEqual({ start: 3, query: 'ann.le' });
  });
  it('ignores an email being typed, a finished mention and text after the caret', () => {
    expect(mentionQueryAt('mail ann@x', 10)).toBeNull();
    expect(mentionQueryAt('@Dora done', 10)).toBeNull();
    expect(mentionQueryAt('@Do and more', 3)).toEqual({ start: 0, query: 'Do' });
  });
});

describe('matchMentions', () => {
  it('matches a word of the name, the handle or the email, case-insensitive', () => {
    expect(matchMentions([dora, ann1, ann2], 'ann')).toEqual([ann1, ann2]);
    expect(matchMentions([dora, ann1, ann2], 'wu')).toEqual([ann2]);
    expect(matchMentions([dora, ann1, ann2], 'OWN')).toEqual([dora]);
    expect(matchMentions([dora, ann1, ann2], '')).toHaveLength(3);
    expect(matchMentions([dora, ann1, ann2], 'zed')).toEqual([]);
    expect(matchMentions([dora, ann1, ann2], '', 2)).toHaveLength(2);
  });
});

describe('insertMention', () => {
  it('puts the handle and one space in place of the query, the caret after it', () => {
    expect(insertMention('Right? @Do', 10, 7, 'Dora')).toEqual({ text: 'Right? @Dora ', caret: 13 });
    expect(insertMention('@an and more', 3, 0, 'wu@x.example')).toEqual({
      text: '@wu@x.example and more',
      caret: 14,
    });
  });
});
