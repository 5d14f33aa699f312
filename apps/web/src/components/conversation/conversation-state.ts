// The state of a conversation screen as a pure reducer: the session list, the messages on screen, the input
// box and this tab's send (SPEC §4 Chat send; docs/decisions/chat-and-streaming.md). `useConversation` runs
// the side effects (requests, streams, toasts) and dispatches what happened; everything it shows is derived
// from here.
//
// The send is a small state machine, one per tab: idle → sending (request out) → streaming (the server saved
// the user message) → done | failed | stopped, and from any of the last three a new send may start. Events
// carry the id of their send, so late events of an earlier send change nothing.
import { mergeSessions, withLiveExchange, type LiveExchange } from './conversation-utils';
import type { ConversationMessage, ConversationSession } from './types';

export type SendPhase = 'idle' | 'sending' | 'streaming' | 'done' | 'failed' | 'stopped';

/** A send is under way: no other send in this tab (one at a time, like one per session on the server). */
export const isBusy = (phase: SendPhase) => phase === 'sending' || phase === 'streaming';

export interface SendState<S extends ConversationSession, M extends ConversationMessage> {
  phase: SendPhase;
  /** Identifies the send; events of other sends are ignored. */
  id: string | null;
  sessionId: string | null;
  /** The text sent (put back into the input box when the send fails or is stopped). */
  content: string;
  /** The user message's id on screen: the local one, then the server's. */
  userId: string | null;
  /** The local assistant placeholder (its id stays until the stored answer replaces it). */
  placeholder: M | null;
  /** The session's title, count and date before the send, restored when the exchange is undone. */
  before: Pick<S, 'title' | 'messageCount' | 'updatedAt'> | null;
}

export interface ConversationState<S extends ConversationSession, M extends ConversationMessage> {
  sessions: S[];
  /** The session whose messages are on screen (set when it is opened, not on every URL change). */
  shown: string | undefined;
  messages: M[];
  loading: boolean;
  input: string;
  /** This tab's latest exchange, kept whichever chat is shown, laid over the server's messages on reload. */
  live: LiveExchange<M> | null;
  send: SendState<S, M>;
}

export type ConversationAction<S extends ConversationSession, M extends ConversationMessage> =
  /** The periodic list fetch (merged: a local title wins unless the server has more messages). */
  | { type: 'sessionsFetched'; sessions: S[]; now?: number }
  /** A session the server returned (created, or sent in a stream event): replaced, or added on top. */
  | { type: 'sessionSaved'; session: S }
  | { type: 'sessionRenamed'; id: string; title: string }
  | { type: 'sessionRemoved'; id: string }
  /** Another session (or none) goes on screen: its messages are cleared until loaded. */
  | { type: 'opened'; sessionId: string | undefined; loading: boolean }
  /** Its messages arrived; `watching` is the placeholder of a reply that streams elsewhere. */
  | { type: 'loaded'; sessionId: string; session: S; messages: M[]; watching?: M }
  | { type: 'loadFailed'; sessionId: string }
  | { type: 'watchProgress'; sessionId: string; id: string; text: string }
  | { type: 'input'; value: string }
  /** A send starts: user message and empty placeholder at once, the input clears, the title may change. */
  | {
      type: 'sendStarted';
      id: string;
      sessionId: string;
      content: string;
      user: M;
      placeholder: M;
      title?: string;
      now: Date;
      /** Regenerate / Edit: this message and everything after it leave the screen (they are replaced). */
      replaceFrom?: string;
    }
  /** The server saved the user message ('start'). */
  | { type: 'sendAccepted'; id: string; userMessage: M; session: S }
  /** The answer so far (throttled by the hook). */
  | { type: 'sendProgress'; id: string; content: string }
  | { type: 'sendCompleted'; id: string; message: M; session: S }
  /** Failed or stopped: the exchange is undone; the text goes back into the box if its chat is shown. */
  | { type: 'sendFailed' | 'sendStopped'; id: string; restoreInput: boolean }
  /** Stopped after some text: the exchange stays, its answer (`content`) marked stopped. */
  | { type: 'sendKept'; id: string; content: string };

export function initialConversationState<S extends ConversationSession, M extends ConversationMessage>(
  shown?: string,
): ConversationState<S, M> {
  return {
    sessions: [],
    shown,
    messages: [],
    loading: false,
    input: '',
    live: null,
    send: {
      phase: 'idle',
      id: null,
      sessionId: null,
      content: '',
      userId: null,
      placeholder: null,
      before: null,
    },
  };
}

/** Replaces message `id` of session `sid` by `next`, on screen when its chat is shown and in `live` always. */
function updateMessage<S extends ConversationSession, M extends ConversationMessage>(
  state: ConversationState<S, M>,
  sid: string,
  id: string,
  next: M,
): ConversationState<S, M> {
  let live = state.live;
  if (live?.sessionId === sid) {
    if (live.user.id === id) live = { ...live, user: next };
    else if (live.assistant.id === id) live = { ...live, assistant: next };
  }
  let messages = state.messages;
  if (state.shown === sid) {
    // A reload may already show the server's copy of `next`: then the local one just goes.
    messages =
      next.id !== id && messages.some((m) => m.id === next.id)
        ? messages.filter((m) => m.id !== id)
        : messages.map((m) => (m.id === id ? next : m));
  }
  return { ...state, live, messages };
}

function upsert<S extends ConversationSession>(list: S[], s: S): S[] {
  return list.some((x) => x.id === s.id) ? list.map((x) => (x.id === s.id ? s : x)) : [s, ...list];
}

export function conversationReducer<S extends ConversationSession, M extends ConversationMessage>(
  state: ConversationState<S, M>,
  action: ConversationAction<S, M>,
): ConversationState<S, M> {
  switch (action.type) {
    case 'sessionsFetched':
      return { ...state, sessions: mergeSessions(state.sessions, action.sessions, action.now) };
    case 'sessionSaved':
      return { ...state, sessions: upsert(state.sessions, action.session) };
    case 'sessionRenamed':
      return {
        ...state,
        sessions: state.sessions.map((s) => (s.id === action.id ? { ...s, title: action.title } : s)),
      };
    case 'sessionRemoved':
      return { ...state, sessions: state.sessions.filter((s) => s.id !== action.id) };

    case 'opened':
      return { ...state, shown: action.sessionId, messages: [], loading: action.loading };
    case 'loaded': {
      if (state.shown !== action.sessionId) return state;
      const messages = withLiveExchange(action.messages, state.live, action.sessionId);
      const list = state.sessions;
      return {
        ...state,
        messages: action.watching ? [...messages, action.watching] : messages,
        loading: false,
        sessions: mergeSessions(
          list,
          list.map((s) => (s.id === action.session.id ? action.session : s)),
        ),
      };
    }
    case 'loadFailed':
      return state.shown === action.sessionId ? { ...state, loading: false } : state;
    case 'watchProgress':
      if (state.shown !== action.sessionId) return state;
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, content: action.text } : m)),
      };

    case 'input':
      return { ...state, input: action.value };

    case 'sendStarted': {
      if (isBusy(state.send.phase)) return state; // one send at a time per tab
      const { id, sessionId: sid, content, user, placeholder, replaceFrom } = action;
      const cut = replaceFrom ? state.messages.findIndex((m) => m.id === replaceFrom) : -1;
      const kept = cut >= 0 ? state.messages.slice(0, cut) : state.messages;
      let before: SendState<S, M>['before'] = null;
      const sessions = state.sessions.map((s) => {
        if (s.id !== sid) return s;
        before = { title: s.title, messageCount: s.messageCount, updatedAt: s.updatedAt };
        return {
          ...s,
          title: action.title ?? s.title,
          messageCount: s.messageCount + 1,
          updatedAt: action.now,
        };
      });
      return {
        ...state,
        sessions,
        input: '',
        live: { sessionId: sid, user, assistant: placeholder },
        messages: state.shown === sid ? [...kept, user, placeholder] : state.messages,
        send: { phase: 'sending', id, sessionId: sid, content, userId: user.id, placeholder, before },
      };
    }
    default:
      break;
  }

  // The events of a send: only those of the send under way count.
  const send = state.send;
  if (action.id !== send.id || !isBusy(send.phase) || !send.sessionId || !send.placeholder) return state;
  const sid = send.sessionId;
  const placeholder = send.placeholder;
  switch (action.type) {
    case 'sendAccepted': {
      const next = updateMessage(state, sid, send.userId ?? '', action.userMessage);
      return {
        ...next,
        sessions: upsert(next.sessions, action.session),
        send: { ...send, phase: 'streaming', userId: action.userMessage.id },
      };
    }
    case 'sendProgress':
      return updateMessage(state, sid, placeholder.id, { ...placeholder, content: action.content });
    case 'sendCompleted': {
      const next = updateMessage(state, sid, placeholder.id, action.message);
      return { ...next, sessions: upsert(next.sessions, action.session), send: { ...send, phase: 'done' } };
    }
    case 'sendKept': {
      const answer = { ...placeholder, content: action.content, streaming: false, stopped: true };
      const next = updateMessage(state, sid, placeholder.id, answer);
      return {
        ...next,
        live: null,
        sessions: next.sessions.map((s) => (s.id === sid ? { ...s, messageCount: s.messageCount + 1 } : s)),
        send: { ...send, phase: 'stopped' },
      };
    }
    case 'sendFailed':
    case 'sendStopped': {
      const { before, userId } = send;
      const shownHere = state.shown === sid;
      return {
        ...state,
        live: state.live?.assistant.id === placeholder.id ? null : state.live,
        messages: shownHere
          ? state.messages.filter((m) => m.id !== userId && m.id !== placeholder.id)
          : state.messages,
        sessions: before
          ? state.sessions.map((s) => (s.id === sid ? { ...s, ...before } : s))
          : state.sessions,
        // Unless something new was typed meanwhile; never into another chat's box (wrong conversation).
        input: action.restoreInput && shownHere ? state.input || send.content : state.input,
        send: { ...send, phase: action.type === 'sendFailed' ? 'failed' : 'stopped' },
      };
    }
  }
}

/** A synchronous store around the reducer (read by event handlers at once, rendered via useSyncExternalStore). */
export function createConversationStore<S extends ConversationSession, M extends ConversationMessage>(
  initial: ConversationState<S, M>,
) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action: ConversationAction<S, M>) {
      const next = conversationReducer(state, action);
      if (next === state) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}
export type ConversationStore<S extends ConversationSession, M extends ConversationMessage> = ReturnType<
  typeof createConversationStore<S, M>
>;
