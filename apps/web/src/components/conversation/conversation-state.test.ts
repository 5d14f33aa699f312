// The send state machine and the conversation state (SPEC §4 Chat send;
// docs/decisions/chat-and-streaming.md).
import { describe, expect, it, vi } from 'vitest';
import {
  conversationReducer,
  createConversationStore,
  initialConversationState,
  type ConversationAction,
  type ConversationState,
} from './conversation-state';
import type { ConversationMessage, ConversationSession } from './types';

type S = ConversationSession;
type M = ConversationMessage;
type State = ConversationState<S, M>;

const T0 = new Date(2026, 0, 1);
const session = (id: string, title = 'New Chat', messageCount = 0): S => ({
  id,
  title,
  createdAt: T0,
  updatedAt: T0,
  messageCount,
});
const msg = (id: string, role: M['role'], content: string, streaming?: boolean): M => ({
  id,
  role,
  content,
  createdAt: T0,
  ...(streaming ? { streaming } : {}),
});

const run = (state: State, ...actions: ConversationAction<S, M>[]) =>
  actions.reduce(conversationReducer, state);

/** A list with chats a and b, chat a on screen with one earlier exchange. */
function opened(): State {
  return run(
    initialConversationState<S, M>(),
    { type: 'sessionsFetched', sessions: [session('a', 'New Chat', 2), session('b', 'Other', 4)] },
    { type: 'opened', sessionId: 'a', loading: true },
    {
      type: 'loaded',
      sessionId: 'a',
      session: session('a', 'New Chat', 2),
      messages: [msg('u0', 'user', 'hi'), msg('a0', 'assistant', 'hello')],
    },
    { type: 'input', value: 'Create a quiz on data privacy' },
  );
}

const NOW = new Date(2026, 0, 2);
const start = (
  id = 's1',
  sessionId = 'a',
  content = 'Create a quiz on data privacy',
): ConversationAction<S, M> => ({
  type: 'sendStarted',
  id,
  sessionId,
  content,
  user: msg(`local-user-${id}`, 'user', content),
  placeholder: msg(`local-assistant-${id}`, 'assistant', '', true),
  title: 'Create a quiz on data privacy',
  now: NOW,
});
const ids = (s: State) => s.messages.map((m) => m.id);
const sessionA = (s: State) => s.sessions.find((x) => x.id === 'a')!;

describe('send state machine', () => {
  it('idle → sending → streaming → done: messages at once, answer as it streams, then the stored one', () => {
    let s = opened();
    expect(s.send.phase).toBe('idle');
    expect(s.loading).toBe(false);

    s = run(s, start());
    expect(s.send.phase).toBe('sending');
    // The user message and an empty placeholder at once; the box clears; the title comes from the message.
    expect(ids(s)).toEqual(['u0', 'a0', 'local-user-s1', 'local-assistant-s1']);
    expect(s.messages.at(-1)).toMatchObject({ content: '', streaming: true });
    expect(s.input).toBe('');
    expect(sessionA(s)).toMatchObject({
      title: 'Create a quiz on data privacy',
      messageCount: 3,
      updatedAt: NOW,
    });

    const saved = { ...sessionA(s), title: 'Create a quiz on data privacy' };
    s = run(s, {
      type: 'sendAccepted',
      id: 's1',
      userMessage: msg('u1', 'user', 'Create a quiz'),
      session: saved,
    });
    expect(s.send.phase).toBe('streaming');
    expect(ids(s)).toEqual(['u0', 'a0', 'u1', 'local-assistant-s1']);
    expect(s.live?.user.id).toBe('u1');

    s = run(s, { type: 'sendProgress', id: 's1', content: '# Knowl' });
    s = run(s, { type: 'sendProgress', id: 's1', content: '# Knowledge check' });
    expect(s.messages.at(-1)).toMatchObject({
      id: 'local-assistant-s1',
      content: '# Knowledge check',
      streaming: true,
    });

    const answer = msg('a1', 'assistant', '# Knowledge check\n…');
    s = run(s, { type: 'sendCompleted', id: 's1', message: answer, session: { ...saved, messageCount: 4 } });
    expect(s.send.phase).toBe('done');
    expect(s.messages.at(-1)).toEqual(answer);
    expect(sessionA(s).messageCount).toBe(4);
    // The tab keeps the exchange (a reload that races the completion still shows it).
    expect(s.live).toMatchObject({ sessionId: 'a', user: { id: 'u1' }, assistant: answer });
  });

  it('allows one send at a time per tab, in any chat; a new one once the last has ended', () => {
    const s = run(opened(), start('s1'));
    expect(run(s, start('s2'))).toBe(s);
    expect(run(s, start('s2', 'b'))).toBe(s);
    for (const end of [
      { type: 'sendCompleted', id: 's1', message: msg('a1', 'assistant', 'x'), session: sessionA(s) },
      { type: 'sendFailed', id: 's1', restoreInput: true },
      { type: 'sendStopped', id: 's1', restoreInput: true },
    ] as const) {
      const next = run(s, end, start('s2', 'a', 'again'));
      expect(next.send).toMatchObject({ phase: 'sending', id: 's2' });
      expect(next.messages.at(-2)).toMatchObject({ role: 'user', content: 'again' });
    }
  });

  it('a failed send removes both messages, restores the title and puts the text back into the box', () => {
    const before = opened();
    let s = run(before, start(), {
      type: 'sendAccepted',
      id: 's1',
      userMessage: msg('u1', 'user', 'x'),
      session: sessionA(before),
    });
    s = run(s, { type: 'sendProgress', id: 's1', content: 'half an answ' });
    s = run(s, { type: 'sendFailed', id: 's1', restoreInput: true });
    expect(s.send.phase).toBe('failed');
    expect(ids(s)).toEqual(['u0', 'a0']);
    expect(sessionA(s)).toEqual(sessionA(before));
    expect(s.input).toBe('Create a quiz on data privacy');
    expect(s.live).toBeNull();
    // Events arriving after the end change nothing.
    expect(run(s, { type: 'sendProgress', id: 's1', content: 'late' })).toBe(s);
    expect(
      run(s, {
        type: 'sendCompleted',
        id: 's1',
        message: msg('a1', 'assistant', 'late'),
        session: sessionA(s),
      }),
    ).toBe(s);
  });

  it('keeps new typing over the restored text; Stop of a deleted chat restores nothing', () => {
    let s = run(opened(), start(), { type: 'input', value: 'next question' });
    expect(run(s, { type: 'sendStopped', id: 's1', restoreInput: true }).input).toBe('next question');
    s = run(opened(), start());
    const stopped = run(s, { type: 'sendStopped', id: 's1', restoreInput: false });
    expect(stopped.send.phase).toBe('stopped');
    expect(stopped.input).toBe('');
    expect(ids(stopped)).toEqual(['u0', 'a0']);
  });

  it('a first send in a new chat restores its "New Chat" title on failure', () => {
    let s = run(
      initialConversationState<S, M>(),
      { type: 'sessionSaved', session: session('n') },
      { type: 'opened', sessionId: 'n', loading: false },
    );
    s = run(s, start('s1', 'n', 'hello there'));
    expect(s.sessions[0]).toMatchObject({ title: 'Create a quiz on data privacy', messageCount: 1 });
    s = run(s, { type: 'sendFailed', id: 's1', restoreInput: true });
    expect(s.sessions[0]).toEqual(session('n'));
    expect(s.messages).toEqual([]);
    expect(s.input).toBe('hello there');
  });

  it('ignores events of another send', () => {
    const s = run(opened(), start('s1'));
    expect(run(s, { type: 'sendProgress', id: 's0', content: 'old' })).toBe(s);
    expect(run(s, { type: 'sendFailed', id: 's0', restoreInput: true })).toBe(s);
  });
});

describe('switching chats while a reply streams', () => {
  it('keeps the exchange apart and lays it over the server messages when its chat is reopened', () => {
    let s = run(opened(), start(), {
      type: 'sendAccepted',
      id: 's1',
      userMessage: msg('u1', 'user', 'Create a quiz on data privacy'),
      session: session('a', 'Create a quiz on data privacy', 2),
    });
    s = run(s, { type: 'sendProgress', id: 's1', content: 'Half' });

    // Chat b on screen: its messages only; the reply goes on in the background.
    s = run(s, { type: 'opened', sessionId: 'b', loading: true });
    s = run(s, {
      type: 'loaded',
      sessionId: 'b',
      session: session('b', 'Other', 4),
      messages: [msg('bu', 'user', 'b')],
    });
    s = run(s, { type: 'sendProgress', id: 's1', content: 'Half an answer' });
    expect(ids(s)).toEqual(['bu']);
    expect(s.live?.assistant.content).toBe('Half an answer');
    // The streaming chat's reply is still under way, so b is busy (the hook derives busy/sendingHere from this).
    expect(s.send).toMatchObject({ phase: 'streaming', sessionId: 'a' });
    // A late load of chat a while b is shown is dropped.
    expect(run(s, { type: 'loaded', sessionId: 'a', session: sessionA(s), messages: [] })).toBe(s);

    // Back in a: the server has the user message (saved first) but not the answer: the live one is added.
    s = run(s, { type: 'opened', sessionId: 'a', loading: true });
    expect(s.messages).toEqual([]);
    s = run(s, {
      type: 'loaded',
      sessionId: 'a',
      session: session('a', 'Create a quiz on data privacy', 3),
      messages: [
        msg('u0', 'user', 'hi'),
        msg('a0', 'assistant', 'hello'),
        msg('u1', 'user', 'Create a quiz on data privacy'),
      ],
    });
    expect(ids(s)).toEqual(['u0', 'a0', 'u1', 'local-assistant-s1']);
    expect(s.messages.at(-1)).toMatchObject({ content: 'Half an answer', streaming: true });
    s = run(s, { type: 'sendProgress', id: 's1', content: 'Half an answer, growing' });
    expect(s.messages.at(-1)?.content).toBe('Half an answer, growing');

    const final = msg('a1', 'assistant', 'Whole answer');
    s = run(s, {
      type: 'sendCompleted',
      id: 's1',
      message: final,
      session: session('a', 'Create a quiz on data privacy', 4),
    });
    expect(ids(s)).toEqual(['u0', 'a0', 'u1', 'a1']);
  });

  it('a reply that fails while another chat is shown leaves that chat and its input alone', () => {
    let s = run(opened(), start());
    s = run(s, { type: 'opened', sessionId: 'b', loading: false }, { type: 'input', value: '' });
    s = run(s, {
      type: 'loaded',
      sessionId: 'b',
      session: session('b', 'Other', 4),
      messages: [msg('bu', 'user', 'b')],
    });
    s = run(s, { type: 'sendFailed', id: 's1', restoreInput: true });
    expect(ids(s)).toEqual(['bu']);
    expect(s.input).toBe('');
    // Its chat's title is restored all the same.
    expect(sessionA(s).title).toBe('New Chat');
  });

  it('a completion that the reload already has replaces nothing twice', () => {
    let s = run(opened(), start(), {
      type: 'sendAccepted',
      id: 's1',
      userMessage: msg('u1', 'user', 'q'),
      session: sessionA(opened()),
    });
    const final = msg('a1', 'assistant', 'done');
    s = run(s, { type: 'opened', sessionId: 'a', loading: true });
    s = run(s, {
      type: 'loaded',
      sessionId: 'a',
      session: sessionA(s),
      messages: [msg('u1', 'user', 'q'), final],
    });
    expect(ids(s)).toEqual(['u1', 'a1']);
    s = run(s, { type: 'sendCompleted', id: 's1', message: final, session: sessionA(s) });
    expect(ids(s)).toEqual(['u1', 'a1']);
  });
});

describe('loading and following a reply generated elsewhere', () => {
  it('shows the placeholder of a watched reply, its progress, then the reloaded messages', () => {
    let s = run(initialConversationState<S, M>(), { type: 'opened', sessionId: 'a', loading: true });
    expect(s.loading).toBe(true);
    s = run(s, {
      type: 'loaded',
      sessionId: 'a',
      session: session('a'),
      messages: [msg('u1', 'user', 'q')],
      watching: msg('watch-1', 'assistant', '', true),
    });
    expect(s.loading).toBe(false);
    s = run(s, { type: 'watchProgress', sessionId: 'a', id: 'watch-1', text: 'so far' });
    expect(s.messages.at(-1)).toMatchObject({ id: 'watch-1', content: 'so far', streaming: true });
    expect(run(s, { type: 'watchProgress', sessionId: 'b', id: 'watch-1', text: 'x' })).toBe(s);
    s = run(s, {
      type: 'loaded',
      sessionId: 'a',
      session: session('a'),
      messages: [msg('u1', 'user', 'q'), msg('a1', 'assistant', 'all')],
    });
    expect(ids(s)).toEqual(['u1', 'a1']);
  });

  it('merges refetched lists: a local title stays unless the server has more messages', () => {
    let s = run(opened(), start());
    s = run(s, {
      type: 'sessionsFetched',
      sessions: [session('a', 'New Chat', 2), session('b', 'Other', 4)],
    });
    expect(sessionA(s).title).toBe('Create a quiz on data privacy');
    s = run(s, { type: 'sessionsFetched', sessions: [session('a', 'Server title', 4)] });
    expect(s.sessions).toEqual([session('a', 'Server title', 4)]);
  });

  it('a failed load stops the spinner of its chat only', () => {
    const s = run(initialConversationState<S, M>(), { type: 'opened', sessionId: 'a', loading: true });
    expect(run(s, { type: 'loadFailed', sessionId: 'b' })).toBe(s);
    expect(run(s, { type: 'loadFailed', sessionId: 'a' }).loading).toBe(false);
  });
});

describe('Stop keeps the text, Regenerate and Edit replace (issue 17)', () => {
  const accepted = (s: State) =>
    run(s, { type: 'sendAccepted', id: 's1', userMessage: msg('u1', 'user', 'x'), session: sessionA(s) });

  it('a stop after some text keeps the exchange, the answer marked stopped, the box empty', () => {
    let s = accepted(run(opened(), start()));
    s = run(s, { type: 'sendProgress', id: 's1', content: 'half an answ' });
    s = run(s, { type: 'sendKept', id: 's1', content: 'half an answer' });
    expect(s.send.phase).toBe('stopped');
    expect(ids(s)).toEqual(['u0', 'a0', 'u1', 'local-assistant-s1']);
    expect(s.messages.at(-1)).toMatchObject({ content: 'half an answer', streaming: false, stopped: true });
    expect(s.input).toBe('');
    expect(sessionA(s).messageCount).toBe(4); // both messages count, like any answer
    expect(s.live).toBeNull(); // the server's copy replaces it on the next load
  });

  it('a replacing send takes the old exchange off the screen', () => {
    const replacing = (from: string) =>
      ({ ...start(), replaceFrom: from }) as Extract<ConversationAction<S, M>, { type: 'sendStarted' }>;
    const s = run(opened(), replacing('u0'));
    expect(ids(s)).toEqual(['local-user-s1', 'local-assistant-s1']);
    expect(run(opened(), replacing('gone')).messages).toHaveLength(4);
  });
});

describe('conversation store', () => {
  it('reads synchronously and notifies only on change', () => {
    const store = createConversationStore(initialConversationState<S, M>());
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.dispatch({ type: 'input', value: 'x' });
    expect(store.getState().input).toBe('x');
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispatch({ type: 'sendProgress', id: 'none', content: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    store.dispatch({ type: 'input', value: 'y' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
