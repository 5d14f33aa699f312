// New chat (reusing an empty one where the adapter asks), rename and delete of a session.
import { useState } from 'react';
import { toast } from '@app/ui';
import { isBusy } from './conversation-state';
import { neighbourOf } from './conversation-utils';
import { createSession, openCreated, pathOf, retryHint, type ConversationCore } from './conversation-core';
import type { ConversationMessage, ConversationSession } from './types';

export function useSessionActions<S extends ConversationSession, M extends ConversationMessage, X>(
  core: ConversationCore<S, M, X>,
  /** Ends this tab's reply in a chat before that chat is deleted. */
  cancelSendIn: (sessionId: string) => void,
) {
  const { ad, store, navigate, currentId } = core;
  const [focusRequest, setFocusRequest] = useState(0);

  const newChat = async () => {
    // An empty chat already exists (no message, none being sent): it is opened instead of piling up another.
    if (ad.current.reuseEmptySession) {
      const { sessions, send: s } = store.getState();
      const empty = sessions.find((x) => x.messageCount === 0 && !(isBusy(s.phase) && s.sessionId === x.id));
      if (empty) {
        if (empty.id !== currentId.current) navigate(pathOf(core, empty.id));
        currentId.current = empty.id;
        setFocusRequest((n) => n + 1);
        return empty.id;
      }
    }
    const s = await createSession(core);
    if (!s) return undefined;
    openCreated(core, s.id);
    setFocusRequest((n) => n + 1);
    return s.id;
  };

  const renameSession = async (id: string, title: string) => {
    try {
      const session = await ad.current.renameSession(id, title);
      store.dispatch({ type: 'sessionRenamed', id, title: session.title });
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
    cancelSendIn(id);
    try {
      await ad.current.deleteSession(id);
    } catch {
      toast.error(ad.current.texts.deleteFailed, retryHint);
      return;
    }
    store.dispatch({ type: 'sessionRemoved', id });
    if (id === currentId.current) {
      if (neighbour) navigate(pathOf(core, neighbour.id));
      else await newChat();
    }
  };

  return { newChat, renameSession, deleteSession, focusRequest };
}
