// This tab's send (SPEC §4 Chat send): the answer streamed in at most every 100 ms, Stop (an answer with some
// text stays, marked stopped), Regenerate and Edit of the last exchange, one send at a time per tab.
import { useRef, type RefObject } from 'react';
import { isBusy } from './conversation-state';
import { STREAM_THROTTLE_MS } from './conversation-utils';
import {
  createSession,
  openCreated,
  reloadMessages,
  showErrorToast,
  type ConversationCore,
} from './conversation-core';
import type {
  ConversationMessage,
  ConversationSendEvent,
  ConversationSession,
  ReplaceLast,
  StreamHandlers,
  Unsubscribable,
} from './types';

interface ActiveSend {
  sessionId: string;
  /**
   * Stops the reply: with some text the answer stays (marked stopped), else the exchange is undone;
   * `restoreInput: false` when its chat is being deleted (nothing stays then).
   */
  cancel(o?: { restoreInput?: boolean }): void;
}

interface Replacing {
  replace: ReplaceLast;
  fromId: string;
}

/** Dispatches a send's start; false when another send is under way (nothing started then). */
function dispatchStart<S extends ConversationSession, M extends ConversationMessage, X>(
  { ad, store }: ConversationCore<S, M, X>,
  n: number,
  sid: string,
  content: string,
  extra: X | undefined,
  replacing: Replacing | undefined,
) {
  const a = ad.current;
  const id = `send-${n}`;
  const session = store.getState().sessions.find((s) => s.id === sid);
  const user = a.draftMessage({ id: `local-user-${n}`, role: 'user', content, createdAt: new Date() }, extra);
  const placeholder = a.draftMessage(
    { id: `local-assistant-${n}`, role: 'assistant', content: '', createdAt: new Date(), streaming: true },
    extra,
  );
  store.dispatch({
    type: 'sendStarted',
    id,
    sessionId: sid,
    content,
    user,
    placeholder,
    title: session && !replacing ? a.autoTitle?.(session, content) : undefined,
    now: new Date(),
    replaceFrom: replacing?.fromId,
  });
  return store.getState().send.id === id;
}

function startSend<S extends ConversationSession, M extends ConversationMessage, X>(
  core: ConversationCore<S, M, X>,
  active: RefObject<ActiveSend | null>,
  sid: string,
  content: string,
  extra: X | undefined,
  replacing?: Replacing,
) {
  const { store, currentId } = core;
  const { dispatch } = store;
  const a = core.ad.current;
  const n = Date.now();
  const id = `send-${n}`;
  if (!dispatchStart(core, n, sid, content, extra, replacing)) return; // another send is under way

  /** This send is still under way (not completed, failed or stopped). */
  const running = () => {
    const s = store.getState().send;
    return s.id === id && isBusy(s.phase);
  };
  let buffer = '';
  let lastFlush = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const subscription: { current?: Unsubscribable } = {};
  const flush = () => {
    timer = undefined;
    lastFlush = Date.now();
    dispatch({ type: 'sendProgress', id, content: buffer });
  };
  const finish = () => {
    clearTimeout(timer);
    subscription.current?.unsubscribe();
    if (active.current === handle) active.current = null;
  };
  // Each end first moves the state machine on, then unsubscribes: a transport may call onComplete from
  // within unsubscribe (tRPC does), which must find the send already over.
  const fail = (err: unknown) => {
    if (!running()) return;
    // A failed Regenerate/Edit leaves the old exchange on the server: it comes back on screen.
    dispatch({ type: 'sendFailed', id, restoreInput: !replacing });
    finish();
    showErrorToast(core.navigate, a.sendError(err));
    if (replacing) void reloadMessages(core, sid);
  };
  const handle: ActiveSend = {
    sessionId: sid,
    cancel({ restoreInput = true } = {}) {
      if (!running()) return;
      // Text has streamed: the server keeps it as the stopped answer, and so does the screen.
      const keep = restoreInput && store.getState().send.phase === 'streaming' && buffer.trim().length > 0;
      if (keep) dispatch({ type: 'sendKept', id, content: buffer });
      else dispatch({ type: 'sendStopped', id, restoreInput: restoreInput && !replacing });
      finish();
      // Stop answers once the server has stored (or undone) the exchange: its copy then replaces ours.
      a.stop(sid).then(
        () => {
          if ((keep || replacing) && currentId.current === sid) void reloadMessages(core, sid);
        },
        () => undefined,
      );
    },
  };
  active.current = handle;
  const handlers: StreamHandlers<ConversationSendEvent<S, M>> = {
    onEvent(ev) {
      if (!running()) return;
      if (ev.type === 'start') {
        dispatch({ type: 'sendAccepted', id, userMessage: ev.userMessage, session: ev.session });
      } else if (ev.type === 'content') {
        buffer += ev.content;
        if (!timer) timer = setTimeout(flush, Math.max(0, STREAM_THROTTLE_MS - (Date.now() - lastFlush)));
      } else if (ev.type === 'complete') {
        dispatch({ type: 'sendCompleted', id, message: ev.message, session: ev.session });
        finish();
      }
    },
    onError: fail,
    // Ended without 'complete': a failure with no reason known (the adapter's generic text).
    onComplete: () => fail(undefined),
  };
  const sub =
    replacing && a.replaceLast
      ? a.replaceLast({ sessionId: sid, message: content, replace: replacing.replace }, handlers)
      : a.send({ sessionId: sid, message: content, extra }, handlers);
  subscription.current = sub;
  if (!running()) sub.unsubscribe();
}

/** The chat on screen's last exchange, when it is stored (server ids) and nothing is being sent. */
function lastExchange<S extends ConversationSession, M extends ConversationMessage, X>({
  store,
  currentId,
}: ConversationCore<S, M, X>) {
  const { messages, send: s, shown } = store.getState();
  if (isBusy(s.phase) || !shown || shown !== currentId.current) return undefined;
  const u = messages.findLastIndex((m) => m.role === 'user');
  const user = messages[u];
  const answer = messages.slice(u + 1).findLast((m) => m.role === 'assistant');
  if (!user || user.id.startsWith('local-')) return undefined;
  return { sessionId: shown, user, answer: answer && !answer.streaming ? answer : undefined };
}

/** Send, Stop, Regenerate and Edit, and the cancelling of a chat's reply before the chat is deleted. */
export function useConversationSend<S extends ConversationSession, M extends ConversationMessage, X>(
  core: ConversationCore<S, M, X>,
) {
  const active = useRef<ActiveSend | null>(null);
  const { ad, store, currentId } = core;

  const send = async (text: string, extra?: X) => {
    if (isBusy(store.getState().send.phase) || !text.trim()) return;
    let sid = currentId.current;
    if (!sid) {
      const s = await createSession(core);
      if (!s) return;
      sid = s.id;
      openCreated(core, sid);
    }
    startSend(core, active, sid, text.trim(), extra);
  };

  const stop = () => {
    const a = active.current;
    if (a && a.sessionId === currentId.current) a.cancel();
  };

  const regenerate = () => {
    const last = lastExchange(core);
    if (!last?.answer || !ad.current.replaceLast) return;
    startSend(core, active, last.sessionId, last.user.content, undefined, {
      replace: { mode: 'regenerate', messageId: last.answer.id },
      fromId: last.user.id,
    });
  };
  const editLast = (text: string) => {
    const last = lastExchange(core);
    if (!last || !text.trim() || !ad.current.replaceLast) return;
    startSend(core, active, last.sessionId, text.trim(), undefined, {
      replace: { mode: 'edit', messageId: last.user.id },
      fromId: last.user.id,
    });
  };

  /** Our own reply in a chat about to be deleted ends first (nothing of it stays). */
  const cancelSendIn = (sid: string) => {
    if (active.current?.sessionId === sid) active.current.cancel({ restoreInput: false });
  };

  return { send, stop, regenerate, editLast, cancelSendIn };
}
