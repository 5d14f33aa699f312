// A conversation screen's data and behaviour, for any `ConversationAdapter` (SPEC §2 Chat, §4 Chat send, §8):
// sessions refetched every 10 s and merged, the messages of the session in the URL (following a reply that
// streams elsewhere), sending with the answer streamed in at most every 100 ms, Stop (an answer with some text
// stays, marked stopped), Regenerate and Edit of the last exchange, one send at a time per tab, and a reply
// that keeps streaming while other chats are shown (docs/decisions/chat-and-streaming.md).
// The hooks behind it: use-session-messages.ts (the list and the messages on screen), use-conversation-send.ts
// (send, Stop, Regenerate, Edit) and use-session-actions.ts (new chat, rename, delete); conversation-core.ts
// holds what they share.
import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import {
  createConversationStore,
  initialConversationState,
  isBusy,
  type SendPhase,
} from './conversation-state';
import { pathOf, type ConversationCore } from './conversation-core';
import { useSessionList, useSessionMessages } from './use-session-messages';
import { useConversationSend } from './use-conversation-send';
import { useSessionActions } from './use-session-actions';
import type { ConversationAdapter, ConversationMessage, ConversationSession } from './types';

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

export function useConversation<S extends ConversationSession, M extends ConversationMessage, X = undefined>(
  adapter: ConversationAdapter<S, M, X>,
  sessionId: string | undefined,
): Conversation<S, M, X> {
  const navigate = useNavigate();
  const ad = useRef(adapter);
  ad.current = adapter;
  const [store] = useState(() => createConversationStore(initialConversationState<S, M>(sessionId)));
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const currentId = useRef(sessionId);
  currentId.current = sessionId;
  const justCreated = useRef<string | null>(null);
  const core: ConversationCore<S, M, X> = { ad, store, navigate, currentId, justCreated };

  const sessionsLoading = useSessionList(core, adapter.key);
  useSessionMessages(core, sessionId);
  const { send, stop, regenerate, editLast, cancelSendIn } = useConversationSend(core);
  const { newChat, renameSession, deleteSession, focusRequest } = useSessionActions(core, cancelSendIn);

  const { dispatch } = store;
  const setInput = useCallback((value: string) => dispatch({ type: 'input', value }), [dispatch]);
  const { send: sendState } = state;
  const sending = isBusy(sendState.phase);
  const sendingHere = sending && sendState.sessionId === sessionId;
  return {
    sessionId,
    sessions: state.sessions,
    sessionsLoading,
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
    openSession: (id) => navigate(pathOf(core, id)),
    renameSession,
    deleteSession,
    focusRequest,
  };
}
