// A conversation screen's data and behaviour, for any `ConversationAdapter` (SPEC §2 Chat, §4 Chat send, §8):
// sessions refetched every 10 s and merged, the messages of the session in the URL (following a reply that
// streams elsewhere), sending with the answer streamed in at most every 100 ms, Stop (an answer with some text
// stays, marked stopped), Regenerate and Edit of the last exchange, one send at a time per tab, and a reply
// that keeps streaming while other chats are shown (docs/decisions/chat-and-streaming.md).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@app/ui';
import {
  createConversationStore,
  initialConversationState,
  isBusy,
  type SendPhase,
} from './conversation-state';
import { neighbourOf, SESSION_REFETCH_MS, STREAM_THROTTLE_MS } from './conversation-utils';
import type {
  ConversationAdapter,
  ConversationErrorToast,
  ConversationMessage,
  ConversationSendEvent,
  ConversationSession,
  ReplaceLast,
  StreamHandlers,
  Unsubscribable,
} from './types';

const retryHint = { description: 'Please try again.' };

export interface Conversation<S extends ConversationSession, M extends ConversationMessage, X = undefined> {
  /** The session in the URL (undefined on the bare route: the first send creates one). */
  sessionId: string | undefined;
  sessions: S[];
  sessionsLoading: boolean;
  current: S | undefined;
  messages: M[];
  loadingMessages: boolean;
  input: string;
  setInput(value: string): void;
  /** This tab's latest send. */
  phase: SendPhase;
  /** A send is under way in this tab (in any chat). */
  sending: boolean;
  /** …in the chat on screen: Stop is offered. */
  sendingHere: boolean;
  /** …in another chat: this one cannot send, and has no Stop. */
  busy: boolean;
  /** Sends `text` to the current session, creating one first on the bare route. */
  send(text: string, extra?: X): Promise<void>;
  /** Stops the reply of the chat on screen (never another chat's). */
  stop(): void;
  /** Regenerate / Edit are offered (the adapter supports them and no send is under way). */
  canReplace: boolean;
  /** Replaces the last answer of the chat on screen with a new one. */
  regenerate(): void;
  /** Replaces the last user message of the chat on screen with `text`, and answers it again. */
  editLast(text: string): void;
  /** Creates a session and opens it; resolves with its id (undefined when creating failed). */
  newChat(): Promise<string | undefined>;
  openSession(id: string): void;
  renameSession(id: string, title: string): Promise<boolean>;
  deleteSession(id: string): Promise<void>;
  /** Changes when a new chat wants the cursor in the message box. */
  focusRequest: number;
}

interface ActiveSend {
  sessionId: string;
  /**
   * Stops the reply: with some text the answer stays (marked stopped), else the exchange is undone;
   * `restoreInput: false` when its chat is being deleted (nothing stays then).
   */
  cancel(o?: { restoreInput?: boolean }): void;
}

export function useConversation<S extends ConversationSession, M extends ConversationMessage, X = undefined>(
  adapter: ConversationAdapter<S, M, X>,
  sessionId: string | undefined,
): Conversation<S, M, X> {
  const navigate = useNavigate();
  const ad = useRef(adapter);
  ad.current = adapter;
  const [store] = useState(() => createConversationStore(initialConversationState<S, M>(sessionId)));
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const { dispatch } = store;
  const pathOf = (id: string) => `${ad.current.basePath}/${id}`;

  // Sessions: refetched every 10 s and merged (a local title wins unless the server has more messages).
  const sessionsQuery = useQuery({
    queryKey: ['conversation', adapter.key, 'sessions'],
    queryFn: () => ad.current.listSessions(),
    refetchInterval: SESSION_REFETCH_MS,
  });
  useEffect(() => {
    if (sessionsQuery.data) dispatch({ type: 'sessionsFetched', sessions: sessionsQuery.data });
  }, [sessionsQuery.data, dispatch]);
  useEffect(() => {
    if (sessionsQuery.isError)
      toast.error(ad.current.texts.loadSessionsFailed, {
        description: 'Please refresh the page to try again.',
      });
  }, [sessionsQuery.isError]);

  const currentId = useRef(sessionId);
  currentId.current = sessionId;
  /** A session this tab just created and already shows: opening it loads nothing. */
  const justCreated = useRef<string | null>(null);
  const active = useRef<ActiveSend | null>(null);
  const streamingIn = (sid: string) => {
    const s = store.getState().send;
    return isBusy(s.phase) && s.sessionId === sid;
  };
  const streamingInRef = useRef(streamingIn);
  streamingInRef.current = streamingIn;

  // The messages of the session in the URL.
  useEffect(() => {
    if (!sessionId) {
      dispatch({ type: 'opened', sessionId: undefined, loading: false });
      return;
    }
    if (justCreated.current === sessionId) {
      justCreated.current = null;
      return;
    }
    let cancelled = false;
    let watching: Unsubscribable | undefined;
    dispatch({ type: 'opened', sessionId, loading: true });
    const a = ad.current;
    const reload = () =>
      a.getMessages(sessionId).then(
        (r) =>
          !cancelled && dispatch({ type: 'loaded', sessionId, session: r.session, messages: r.messages }),
        () => undefined,
      );
    a.getMessages(sessionId)
      .then((r) => {
        if (cancelled) return;
        // A reply is being generated in another tab (or on another instance): follow it, then reload.
        const follow = r.generating && a.watch && !streamingInRef.current(sessionId);
        const placeholder = follow
          ? a.draftMessage(
              {
                id: `watch-${Date.now()}`,
                role: 'assistant',
                content: '',
                createdAt: new Date(),
                streaming: true,
              },
              undefined,
            )
          : undefined;
        dispatch({
          type: 'loaded',
          sessionId,
          session: r.session,
          messages: r.messages,
          watching: placeholder,
        });
        if (!placeholder || !a.watch) return;
        watching = a.watch(sessionId, {
          onEvent(ev) {
            if (cancelled) return;
            if (ev.type === 'progress')
              dispatch({ type: 'watchProgress', sessionId, id: placeholder.id, text: ev.text });
            else {
              watching?.unsubscribe();
              void reload();
            }
          },
          onError() {
            if (!cancelled) void reload();
          },
          onComplete() {},
        });
      })
      .catch(() => {
        if (cancelled) return;
        dispatch({ type: 'loadFailed', sessionId });
        toast.error(a.texts.loadSessionFailed, retryHint);
        navigate(a.basePath, { replace: true });
      });
    return () => {
      cancelled = true;
      watching?.unsubscribe();
    };
  }, [sessionId, navigate, dispatch]);

  /** The server's copy of a chat's messages replaces what is on screen (e.g. after Stop, or a failed Edit). */
  const reloadMessages = (sid: string) =>
    ad.current.getMessages(sid).then(
      (r) => dispatch({ type: 'loaded', sessionId: sid, session: r.session, messages: r.messages }),
      () => undefined,
    );

  const startSend = (
    sid: string,
    content: string,
    extra: X | undefined,
    replacing?: { replace: ReplaceLast; fromId: string },
  ) => {
    const a = ad.current;
    const n = Date.now();
    const id = `send-${n}`;
    const session = store.getState().sessions.find((s) => s.id === sid);
    const user = a.draftMessage(
      { id: `local-user-${n}`, role: 'user', content, createdAt: new Date() },
      extra,
    );
    const placeholder = a.draftMessage(
      { id: `local-assistant-${n}`, role: 'assistant', content: '', createdAt: new Date(), streaming: true },
      extra,
    );
    dispatch({
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
    if (store.getState().send.id !== id) return; // another send is under way

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
      showErrorToast(a.sendError(err));
      if (replacing) void reloadMessages(sid);
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
            if ((keep || replacing) && currentId.current === sid) void reloadMessages(sid);
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
  };

  const showErrorToast = ({ message, description, action }: ConversationErrorToast) =>
    toast.error(
      message,
      action
        ? {
            description,
            duration: 10_000,
            action: { label: action.label, onClick: () => navigate(action.to) },
          }
        : description
          ? { description }
          : undefined,
    );

  const createSession = async (): Promise<S | null> => {
    try {
      const session = await ad.current.createSession();
      dispatch({ type: 'sessionSaved', session });
      return session;
    } catch (err) {
      const custom = ad.current.createError?.(err);
      if (custom) showErrorToast(custom);
      else toast.error(ad.current.texts.createFailed, retryHint);
      return null;
    }
  };

  const [focusRequest, setFocusRequest] = useState(0);
  const newChat = async () => {
    // An empty chat already exists (no message, none being sent): it is opened instead of piling up another.
    if (ad.current.reuseEmptySession) {
      const { sessions, send: s } = store.getState();
      const empty = sessions.find((x) => x.messageCount === 0 && !(isBusy(s.phase) && s.sessionId === x.id));
      if (empty) {
        if (empty.id !== currentId.current) navigate(pathOf(empty.id));
        currentId.current = empty.id;
        setFocusRequest((n) => n + 1);
        return empty.id;
      }
    }
    const s = await createSession();
    if (!s) return undefined;
    justCreated.current = s.id;
    dispatch({ type: 'opened', sessionId: s.id, loading: false });
    navigate(pathOf(s.id));
    currentId.current = s.id;
    setFocusRequest((n) => n + 1);
    return s.id;
  };

  const send = async (text: string, extra?: X) => {
    if (isBusy(store.getState().send.phase) || !text.trim()) return;
    let sid = currentId.current;
    if (!sid) {
      const s = await createSession();
      if (!s) return;
      sid = s.id;
      justCreated.current = sid;
      dispatch({ type: 'opened', sessionId: sid, loading: false });
      navigate(pathOf(sid));
      currentId.current = sid;
    }
    startSend(sid, text.trim(), extra);
  };

  const stop = () => {
    const a = active.current;
    if (a && a.sessionId === currentId.current) a.cancel();
  };

  /** The chat on screen's last exchange, when it is stored (server ids) and nothing is being sent. */
  const lastExchange = () => {
    const { messages, send: s, shown } = store.getState();
    if (isBusy(s.phase) || !shown || shown !== currentId.current) return undefined;
    const u = messages.findLastIndex((m) => m.role === 'user');
    const user = messages[u];
    const answer = messages.slice(u + 1).findLast((m) => m.role === 'assistant');
    if (!user || user.id.startsWith('local-')) return undefined;
    return { sessionId: shown, user, answer: answer && !answer.streaming ? answer : undefined };
  };
  const regenerate = () => {
    const last = lastExchange();
    if (!last?.answer || !ad.current.replaceLast) return;
    startSend(last.sessionId, last.user.content, undefined, {
      replace: { mode: 'regenerate', messageId: last.answer.id },
      fromId: last.user.id,
    });
  };
  const editLast = (text: string) => {
    const last = lastExchange();
    if (!last || !text.trim() || !ad.current.replaceLast) return;
    startSend(last.sessionId, text.trim(), undefined, {
      replace: { mode: 'edit', messageId: last.user.id },
      fromId: last.user.id,
    });
  };

  const renameSession = async (id: string, title: string) => {
    try {
      const session = await ad.current.renameSession(id, title);
      dispatch({ type: 'sessionRenamed', id, title: session.title });
      return true;
    } catch {
      toast.error(ad.current.texts.renameFailed, retryHint);
      return false;
    }
  };

  const deleteSession = async (id: string) => {
    const neighbour = neighbourOf(store.getState().sessions, id);
    // Our own reply in that chat ends first: the delete cancels it on the server, and its
    // 'Generation cancelled' error must not surface as a toast.
    if (active.current?.sessionId === id) active.current.cancel({ restoreInput: false });
    try {
      await ad.current.deleteSession(id);
    } catch {
      toast.error(ad.current.texts.deleteFailed, retryHint);
      return;
    }
    dispatch({ type: 'sessionRemoved', id });
    if (id === currentId.current) {
      if (neighbour) navigate(pathOf(neighbour.id));
      else await newChat();
    }
  };

  const setInput = useCallback((value: string) => dispatch({ type: 'input', value }), [dispatch]);
  const { send: sendState } = state;
  const sending = isBusy(sendState.phase);
  const sendingHere = sending && sendState.sessionId === sessionId;
  return {
    sessionId,
    sessions: state.sessions,
    sessionsLoading: sessionsQuery.isLoading,
    current: state.sessions.find((s) => s.id === sessionId),
    messages: state.messages,
    loadingMessages: state.loading,
    input: state.input,
    setInput,
    phase: sendState.phase,
    sending,
    sendingHere,
    busy: sending && !sendingHere,
    send,
    stop,
    canReplace: !!adapter.replaceLast && !sending,
    regenerate,
    editLast,
    newChat,
    openSession: (id) => navigate(pathOf(id)),
    renameSession,
    deleteSession,
    focusRequest,
  };
}
