import { describe, expect, it } from 'vitest';
import { dateLabel, mergeSessions, neighbourOf, withLiveExchange } from './conversation-utils';
import type { ConversationMessage, ConversationSession } from './types';

const s = (
  id: string,
  title: string,
  messageCount: number,
  createdAt = new Date(0),
): ConversationSession => ({
  id,
  title,
  createdAt,
  updatedAt: createdAt,
  messageCount,
});

describe('conversation helpers', () => {
  it('labels dates: Today, Yesterday, weekday within a week, else a short date', () => {
    const now = new Date(2026, 10, 22, 15, 0); // Sunday 22 Nov 2026
    expect(dateLabel(new Date(), new Date())).toBe('Today');
    expect(dateLabel(new Date(2026, 10, 22, 0, 5), now)).toBe('Today');
    expect(dateLabel(new Date(2026, 10, 21, 23, 55), now)).toBe('Yesterday');
    expect(dateLabel(new Date(2026, 10, 21, 0, 0), now)).toBe('Yesterday');
    expect(dateLabel(new Date(2026, 10, 18), now)).toBe('Wednesday');
    expect(dateLabel(new Date(2026, 10, 16), now)).toBe('Monday');
    expect(dateLabel(new Date(2026, 10, 15), now)).toBe('Nov 15');
    expect(dateLabel(new Date(2026, 9, 1), now)).toBe('Oct 1');
    // Other years carry the year.
    expect(dateLabel(new Date(2025, 11, 30), now)).toBe('Dec 30, 2025');
    expect(dateLabel(new Date(2025, 11, 31), new Date(2026, 0, 1, 9))).toBe('Yesterday');
    // Calendar days, not 24-hour steps: around the DST changes (Europe: 29 Mar and 25 Oct 2026, US:
    // 8 Mar and 1 Nov) the day before is still 'Yesterday' whatever the time zone.
    for (const [y, m, d] of [
      [2026, 2, 30],
      [2026, 9, 26],
      [2026, 2, 9],
      [2026, 10, 2],
    ] as const) {
      expect(dateLabel(new Date(y, m, d - 1, 0, 30), new Date(y, m, d, 23, 30))).toBe('Yesterday');
      expect(dateLabel(new Date(y, m, d - 1, 23, 30), new Date(y, m, d, 0, 30))).toBe('Yesterday');
    }
  });

  it('merges a refetch: server order and data, but a local title wins unless the server has more messages', () => {
    const local = [s('a', 'My local title', 2), s('b', 'B', 0)];
    const server = [s('b', 'B', 0), s('a', 'New Chat', 2)];
    expect(mergeSessions(local, server).map((x) => [x.id, x.title])).toEqual([
      ['b', 'B'],
      ['a', 'My local title'],
    ]);
    const more = [s('a', 'Server title', 4)];
    expect(mergeSessions(local, more)[0]!.title).toBe('Server title');
    // A session just created here survives a list fetched before it existed; old ones that vanished do not.
    const fresh = s('c', 'New Chat', 0, new Date());
    expect(mergeSessions([fresh, ...local], server).map((x) => x.id)).toEqual(['c', 'b', 'a']);
    expect(mergeSessions(local, [s('b', 'B', 0)]).map((x) => x.id)).toEqual(['b']);
  });

  it('puts back the exchange streaming in this tab when its chat is shown again', () => {
    const m = (
      id: string,
      role: 'user' | 'assistant',
      content: string,
      streaming?: boolean,
    ): ConversationMessage => ({
      id,
      role,
      content,
      createdAt: new Date(0),
      ...(streaming ? { streaming } : {}),
    });
    const history = [m('u1', 'user', 'first'), m('a1', 'assistant', 'answer')];
    const userMsg = m('u2', 'user', 'second');
    const partial = m('local-assistant-1', 'assistant', 'Half an ans', true);
    const live = { sessionId: 's1', user: userMsg, assistant: partial };
    // The server has the user message (saved before the model runs) but not the streaming answer.
    expect(withLiveExchange([...history, userMsg], live, 's1')).toEqual([...history, userMsg, partial]);
    // Opened before the server saved the user message: both come from this tab.
    expect(withLiveExchange(history, live, 's1')).toEqual([...history, userMsg, partial]);
    // Finished while the reload was in flight: the final answer is added once; later loads have it.
    const final = m('a2', 'assistant', 'Half an answer, whole now');
    const done = { ...live, assistant: final };
    expect(withLiveExchange([...history, userMsg], done, 's1')).toEqual([...history, userMsg, final]);
    expect(withLiveExchange([...history, userMsg, final], done, 's1')).toEqual([...history, userMsg, final]);
    // The server finished before this tab's stream did: the server's copy, no streaming duplicate.
    expect(withLiveExchange([...history, userMsg, final], live, 's1')).toEqual([...history, userMsg, final]);
    // Other chats are left alone.
    expect(withLiveExchange(history, live, 's2')).toBe(history);
    expect(withLiveExchange(history, null, 's1')).toBe(history);
  });

  it('picks the neighbour after a delete', () => {
    const list = [s('a', 'A', 0), s('b', 'B', 0), s('c', 'C', 0)];
    expect(neighbourOf(list, 'a')?.id).toBe('b');
    expect(neighbourOf(list, 'b')?.id).toBe('c');
    expect(neighbourOf(list, 'c')?.id).toBe('b');
    expect(neighbourOf([s('a', 'A', 0)], 'a')).toBeUndefined();
  });
});
