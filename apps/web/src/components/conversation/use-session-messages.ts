// The session list (refetched every 10 s and merged) and the messages of the session in the URL, following a
// reply that streams in another tab or on another instance (docs/decisions/chat-and-streaming.md).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@app/ui';
import { isBusy } from './conversation-state';
import { SESSION_REFETCH_MS } from './conversation-utils';
import { retryHint, type ConversationCore } from './conversation-core';
import type { ConversationMessage, ConversationSession, Unsubscribable } from './types';

/** Sessions: refetched every 10 s and merged (a local title wins unless the server has more messages). */
export function useSessionList<S extends ConversationSession, M extends ConversationMessage, X>(
  { ad, store }: ConversationCore<S, M, X>,
  key: string,
) {
  const { dispatch } = store;
  const sessionsQuery = useQuery({
    queryKey: ['conversation', key, 'sessions'],
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
  }, [sessionsQuery.isError, ad]);
  return sessionsQuery.isLoading;
}

/** The messages of the session in the URL. */
export function useSessionMessages<S extends ConversationSession, M extends ConversationMessage, X>(
  { ad, store, navigate, justCreated }: ConversationCore<S, M, X>,
  sessionId: string | undefined,
) {
  const { dispatch } = store;
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
    const streamingHere = () => {
      const s = store.getState().send;
      return isBusy(s.phase) && s.sessionId === sessionId;
    };
    a.getMessages(sessionId)
      .then((r) => {
        if (cancelled) return;
        // A reply is being generated in another tab (or on another instance): follow it, then reload.
        const follow = r.generating && a.watch && !streamingHere();
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
  }, [sessionId, navigate, dispatch, ad, store, justCreated]);
}
