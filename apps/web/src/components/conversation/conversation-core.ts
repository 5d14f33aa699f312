// What the hooks behind `useConversation` share: the adapter (a ref, so callbacks see the latest), the store,
// the router, the session on screen, and the helpers more than one of them calls.
import type { RefObject } from 'react';
import type { NavigateFunction } from 'react-router';
import { toast } from '@app/ui';
import type { ConversationStore } from './conversation-state';
import type {
  ConversationAdapter,
  ConversationErrorToast,
  ConversationMessage,
  ConversationSession,
} from './types';

export const retryHint = { description: 'Please try again.' };

export interface ConversationCore<S extends ConversationSession, M extends ConversationMessage, X> {
  ad: RefObject<ConversationAdapter<S, M, X>>;
  store: ConversationStore<S, M>;
  navigate: NavigateFunction;
  /** The session in the URL, updated at once when this tab navigates (before the next render). */
  currentId: RefObject<string | undefined>;
  /** A session this tab just created and already shows: opening it loads nothing. */
  justCreated: RefObject<string | null>;
}

export const pathOf = <S extends ConversationSession, M extends ConversationMessage, X>(
  core: ConversationCore<S, M, X>,
  id: string,
) => `${core.ad.current.basePath}/${id}`;

export function showErrorToast(
  navigate: NavigateFunction,
  { message, description, action }: ConversationErrorToast,
) {
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
}

/** The server's copy of a chat's messages replaces what is on screen (e.g. after Stop, or a failed Edit). */
export const reloadMessages = <S extends ConversationSession, M extends ConversationMessage, X>(
  { ad, store }: ConversationCore<S, M, X>,
  sid: string,
) =>
  ad.current.getMessages(sid).then(
    (r) => store.dispatch({ type: 'loaded', sessionId: sid, session: r.session, messages: r.messages }),
    () => undefined,
  );

export async function createSession<S extends ConversationSession, M extends ConversationMessage, X>(
  core: ConversationCore<S, M, X>,
): Promise<S | null> {
  const a = core.ad.current;
  try {
    const session = await a.createSession();
    core.store.dispatch({ type: 'sessionSaved', session });
    return session;
  } catch (err) {
    const custom = a.createError?.(err);
    if (custom) showErrorToast(core.navigate, custom);
    else toast.error(a.texts.createFailed, retryHint);
    return null;
  }
}

/** A session this tab has just created goes on screen (empty: nothing to load). */
export function openCreated<S extends ConversationSession, M extends ConversationMessage, X>(
  core: ConversationCore<S, M, X>,
  id: string,
) {
  core.justCreated.current = id;
  core.store.dispatch({ type: 'opened', sessionId: id, loading: false });
  core.navigate(pathOf(core, id));
  core.currentId.current = id;
}
