// The assistant's data source for useConversation: the assistant.* tRPC procedures, a send in two steps (the
// message and the attached file ids POSTed to assistant.prepareSend, then the assistant.sendStream
// subscription (SSE) by the request id it answered), replies generated elsewhere followed
// through assistant.watch. The server's messages (roles USER/ASSISTANT, files) become the conversation's shape
// (roles user/assistant) here, so the hook and the shell stay the chat's.
import { useMemo, type RefObject } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@app/api/client';
import { DEFAULT_ASSISTANT_TITLE, titleFromMessage, type AssistantSessionType } from '@app/api/schemas';
import { preparedSend } from '../../lib/prepared-send';
import type { MessageArtifactRef } from '../artifacts/artifact-types';
import { useTRPCClient } from '../../lib/trpc';
import type { ConversationAdapter, ConversationMessage, ConversationSendEvent } from '../conversation/types';
import { ASSISTANT_TEXTS, assistantErrorToast } from './assistant-utils';

type AssistantOutputs = inferRouterOutputs<AppRouter>['assistant'];

export type AssistantSessionItem = AssistantOutputs['listSessions']['sessions'][number];
/** A message as the server sends it (SPEC §3 Assistant message: roles USER/ASSISTANT, its files). */
export type AssistantServerMessage = AssistantOutputs['getSession']['messages'][number] & {
  /** The files an answer drew on, should the server name them in a field (today it names them in the text). */
  usedFiles?: { id: string; filename: string }[];
  /** The artifacts an answer created or changed (issue 12). */
  artifacts?: MessageArtifactRef[];
};
/** A file as a message shows it. */
export type AssistantMessageFile = Pick<AssistantServerMessage['files'][number], 'id' | 'filename'> &
  Partial<AssistantServerMessage['files'][number]>;

/** A message on screen: the server's in the conversation's shape, or a local one while it is sent. */
export type AssistantUiMessage = ConversationMessage & {
  messageType?: string;
  tokensUsed?: number;
  /** Files attached to a user message. */
  files: AssistantMessageFile[];
  usedFiles?: { id: string; filename: string }[];
  /** The artifacts an answer created or changed: their cards show under it. */
  artifacts: MessageArtifactRef[];
};

/** The extra of a send: the attached files (ids for the server, names for the message shown at once). */
export interface AssistantSendExtra {
  fileIds: string[];
  files: AssistantMessageFile[];
}

export type AssistantAdapter = ConversationAdapter<
  AssistantSessionItem,
  AssistantUiMessage,
  AssistantSendExtra
>;

export function toUiMessage(m: AssistantServerMessage): AssistantUiMessage {
  return {
    id: m.id,
    role: m.role === 'USER' ? 'user' : 'assistant',
    content: m.content,
    createdAt: m.createdAt,
    messageType: m.messageType,
    tokensUsed: m.tokensUsed,
    files: m.files,
    usedFiles: m.usedFiles,
    artifacts: m.artifacts ?? [],
    // The server keeps an answer stopped after some text, marked by its type (Regenerate replaces it).
    stopped: m.messageType === 'STOPPED',
  };
}

type ServerSendEvent =
  | { type: 'start'; userMessage: AssistantServerMessage; session: AssistantSessionItem }
  | { type: 'content'; content: string }
  | { type: 'complete'; message: AssistantServerMessage; session: AssistantSessionItem };

export function toConversationEvent(
  ev: ServerSendEvent,
): ConversationSendEvent<AssistantSessionItem, AssistantUiMessage> {
  switch (ev.type) {
    case 'start':
      return { type: 'start', userMessage: toUiMessage(ev.userMessage), session: ev.session };
    case 'complete':
      return { type: 'complete', message: toUiMessage(ev.message), session: ev.session };
    default:
      return ev;
  }
}

/**
 * `nextType` is the type a session created now gets (the picker's choice, or a dashboard action's); the
 * default title is the server's ('New L&D Session').
 */
export function useAssistantAdapter(nextType: RefObject<AssistantSessionType>): AssistantAdapter {
  const client = useTRPCClient();
  return useMemo<AssistantAdapter>(() => {
    /** Step 2 of every send (plain, Regenerate, Edit): the stream of a prepared request. */
    const subscribeSend = (requestId: string, h: Parameters<AssistantAdapter['send']>[1]) =>
      client.assistant.sendStream.subscribe(
        { requestId },
        {
          onData: (ev) => h.onEvent(toConversationEvent(ev)),
          onError: h.onError,
          onComplete: h.onComplete,
          onConnectionStateChange(state) {
            // A dropped connection is a failed send (its request is single use: a reconnect is refused).
            if (state.state === 'connecting' && state.error) h.onError(state.error);
          },
        },
      );
    return {
      key: 'assistant',
      basePath: '/assistant',
      texts: ASSISTANT_TEXTS,
      listSessions: async () => (await client.assistant.listSessions.query()).sessions,
      createSession: async () =>
        (await client.assistant.createSession.mutate({ sessionType: nextType.current })).session,
      renameSession: async (sessionId, title) =>
        (await client.assistant.renameSession.mutate({ sessionId, title })).session,
      deleteSession: async (sessionId) => {
        await client.assistant.deleteSession.mutate({ sessionId });
      },
      getMessages: async (sessionId) => {
        const r = await client.assistant.getSession.query({ sessionId });
        return { session: r.session, messages: r.messages.map(toUiMessage), generating: r.generating };
      },
      send: ({ sessionId, message, extra }, h) =>
        preparedSend(
          () => client.assistant.prepareSend.mutate({ sessionId, message, fileIds: extra?.fileIds ?? [] }),
          (requestId) => subscribeSend(requestId, h),
          h.onError,
        ),
      // Regenerate/Edit: the server resends the last user message's files with it.
      replaceLast: ({ sessionId, message, replace }, h) =>
        preparedSend(
          () =>
            replace.mode === 'regenerate'
              ? client.assistant.prepareRegenerate.mutate({ sessionId, messageId: replace.messageId })
              : client.assistant.prepareEdit.mutate({ sessionId, messageId: replace.messageId, message }),
          (requestId) => subscribeSend(requestId, h),
          h.onError,
        ),
      stop: (sessionId) => client.assistant.stop.mutate({ sessionId }),
      watch: (sessionId, h) =>
        client.assistant.watch.subscribe(
          { sessionId },
          { onData: h.onEvent, onError: h.onError, onComplete: h.onComplete },
        ),
      draftMessage: (m, extra) => ({
        ...m,
        files: m.role === 'user' ? (extra?.files ?? []) : [],
        artifacts: [],
      }),
      autoTitle: (s, message) =>
        !s.title.trim() || s.title === DEFAULT_ASSISTANT_TITLE ? titleFromMessage(message) : undefined,
      sendError: (err) => assistantErrorToast(ASSISTANT_TEXTS.sendFailed, err),
      createError: (err) => assistantErrorToast(ASSISTANT_TEXTS.createFailed, err),
    };
  }, [client, nextType]);
}
