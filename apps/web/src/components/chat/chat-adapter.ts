// The chat's data source for useConversation: the chat.* tRPC procedures, a send in two steps (the message
// POSTed to chat.prepareSend, then the chat.sendStream subscription (SSE) by the request id it answered) and
// replies generated elsewhere followed through chat.watch.
import { useMemo } from 'react';
import { needsAutoTitle, titleFromMessage } from '@app/api/schemas';
import { preparedSend } from '../../lib/prepared-send';
import { useTRPCClient } from '../../lib/trpc';
import type { ConversationAdapter } from '../conversation/types';
import { sendErrorToast, UPGRADE_PATH, type ChatSessionItem, type ChatUiMessage } from './chat-utils';

export type ChatAdapter = ConversationAdapter<ChatSessionItem, ChatUiMessage>;

export function useChatAdapter(): ChatAdapter {
  const client = useTRPCClient();
  return useMemo<ChatAdapter>(() => {
    /** Step 2 of a send, Regenerate or Edit: the answer streamed by the request id step 1 answered. */
    const subscribeSend = (requestId: string, h: Parameters<ChatAdapter['send']>[1]) =>
      client.chat.sendStream.subscribe(
        { requestId },
        {
          onData: h.onEvent,
          onError: h.onError,
          onComplete: h.onComplete,
          onConnectionStateChange(state) {
            // A dropped connection is a failed send (its request is single use: a reconnect is refused).
            if (state.state === 'connecting' && state.error) h.onError(state.error);
          },
        },
      );
    return {
      key: 'chat',
      basePath: '/chat',
      texts: {
        loadSessionsFailed: 'Failed to load chats',
        loadSessionFailed: 'Failed to load chat session',
        createFailed: 'Failed to create new chat',
        renameFailed: 'Failed to update session title',
        deleteFailed: 'Failed to delete chat',
      },
      listSessions: async () => (await client.chat.listSessions.query()).sessions,
      createSession: async () => (await client.chat.createSession.mutate({})).session,
      renameSession: async (sessionId, title) =>
        (await client.chat.renameSession.mutate({ sessionId, title })).session,
      deleteSession: async (sessionId) => {
        await client.chat.deleteSession.mutate({ sessionId });
      },
      getMessages: (sessionId) => client.chat.getSession.query({ sessionId }),
      send: ({ sessionId, message }, h) =>
        preparedSend(
          () => client.chat.prepareSend.mutate({ sessionId, message }),
          (requestId) => subscribeSend(requestId, h),
          h.onError,
        ),
      replaceLast: ({ sessionId, message, replace }, h) =>
        preparedSend(
          () =>
            replace.mode === 'regenerate'
              ? client.chat.prepareRegenerate.mutate({ sessionId, messageId: replace.messageId })
              : client.chat.prepareEdit.mutate({ sessionId, messageId: replace.messageId, message }),
          (requestId) => subscribeSend(requestId, h),
          h.onError,
        ),
      reuseEmptySession: true,
      stop: (sessionId) => client.chat.stop.mutate({ sessionId }),
      watch: (sessionId, h) =>
        client.chat.watch.subscribe(
          { sessionId },
          { onData: h.onEvent, onError: h.onError, onComplete: h.onComplete },
        ),
      draftMessage: (m) => m,
      autoTitle: (s, message) => (needsAutoTitle(s.title) ? titleFromMessage(message) : undefined),
      sendError(err) {
        const { message, upgrade } = sendErrorToast(err);
        return { message, action: upgrade ? { label: 'Upgrade', to: UPGRADE_PATH } : undefined };
      },
    };
  }, [client]);
}
