// The send path's procedures, one factory for the chat and assistant routers (they differ in their sessions, their
// schemas and the assistant's files): send, regenerate and edit (plain and streamed in two steps: prepare stores a
// single-use send request, sendStream claims it), watch and stop. All are the send path's (`sendProcedure`: the
// usage entry is handed to the exchange), filed under Chat Message; sendStream under Streaming Chat.
import type { z } from 'zod';
import type { Db } from '@app/db';
import { USAGE_ACTIONS } from './schemas/admin.js';
import { sendRequestRefInput } from './schemas/chat.js';
import type { Services } from './services/container.js';
import { untilIdle, watchConversation } from './services/conversation/streams.js';
import {
  claimSendRequest,
  createSendRequest,
  type SendHandoff,
  untilClientGone,
} from './services/conversation/send-requests.js';
import type { UsageCall } from './services/usage-log.js';
import { proceduresFiledUnder } from './trpc.js';

type Replace = { mode: 'regenerate' | 'edit'; messageId: string };

/** What a send request carries besides its text: the assistant's files, or Regenerate/Edit (the prepare steps). */
type SendExtra = { fileIds?: string[]; replace?: Replace } | undefined;

/** One send as the conversation's send functions take it (`mode` is theirs: 'stream' or 'send'). */
export interface ConversationSend {
  userId: string;
  sessionId: string;
  message: string;
  /** The assistant's attached files (ignored with `replace`: the replaced message's files go with it). */
  fileIds: string[];
  replace?: Replace;
  /** Client disconnect. */
  signal?: AbortSignal;
  endpoint: string;
  /** The procedure call's usage entry (ctx.usageCall): the send annotates it. */
  usageCall?: UsageCall;
}

type SessionRef = { sessionId: string };

/** The input schemas of a conversation's send path. */
export interface SendInputs {
  sessionRef: z.ZodType<SessionRef>;
  send: z.ZodType<SessionRef & { message: string }>;
  regenerate: z.ZodType<SessionRef & { messageId: string }>;
  edit: z.ZodType<SessionRef & { messageId: string; message: string }>;
}

export interface SendProceduresSpec<TInputs extends SendInputs, TSendResult, TEvent> {
  kind: 'chat' | 'assistant';
  /** The 404 of a session that is not the caller's. */
  notFound: string;
  inputs: TInputs;
  /** 404 unless the session is the user's. */
  owned(db: Db, userId: string, sessionId: string): Promise<unknown>;
  /** What a new message's send request carries besides its text (the assistant's fileIds). */
  sendExtra(input: z.output<TInputs['send']>): SendExtra;
  send(services: Services, p: ConversationSend): Promise<TSendResult>;
  stream(services: Services, p: ConversationSend): AsyncGenerator<TEvent>;
}

export function sendProcedures<TInputs extends SendInputs, TSendResult, TEvent>(
  spec: SendProceduresSpec<TInputs, TSendResult, TEvent>,
) {
  const { sendProcedure } = proceduresFiledUnder(USAGE_ACTIONS.CHAT_MESSAGE);
  const { kind, inputs } = spec;

  /** Streaming step 1 of any send: the session must be the caller's (404); stores a single-use send request. */
  const prepare = (
    ctx: { services: Services; user: { id: string }; sendHandoff?: SendHandoff },
    sessionId: string,
    message: string,
    input?: SendExtra,
  ) =>
    createSendRequest(
      ctx.services.db,
      ctx.services.log,
      { userId: ctx.user.id, kind, sessionId, message, ...(input ? { input } : {}) },
      spec.notFound,
      ctx.sendHandoff,
    );

  /** A plain (non-streaming) send: answers once the whole answer is stored. */
  const sendNow = (
    ctx: { services: Services; user: { id: string }; req: { endpoint: string }; usageCall?: UsageCall } & {
      clientGone?: () => AbortSignal;
    },
    signal: AbortSignal | undefined,
    p: Pick<ConversationSend, 'sessionId' | 'message' | 'fileIds' | 'replace'>,
  ) =>
    spec.send(ctx.services, {
      userId: ctx.user.id,
      ...p,
      signal: signal ?? ctx.clientGone?.(),
      endpoint: ctx.req.endpoint,
      usageCall: ctx.usageCall,
    });

  return {
    /** Follows a reply generated elsewhere (another tab or instance): the text so far, then 'end'. */
    watch: sendProcedure.input(inputs.sessionRef).subscription(async function* ({ ctx, input, signal }) {
      await spec.owned(ctx.services.db, ctx.user.id, input.sessionId);
      yield* watchConversation(
        ctx.services.conversationStreams,
        kind,
        input.sessionId,
        signal ?? ctx.clientGone?.(),
      );
    }),

    /** Non-streaming send: the user message, the answer and the session once the whole answer is stored. */
    send: sendProcedure.input(inputs.send).mutation(({ ctx, input, signal }) =>
      sendNow(ctx, signal, {
        sessionId: input.sessionId,
        message: input.message,
        fileIds: spec.sendExtra(input as z.output<TInputs['send']>)?.fileIds ?? [],
      }),
    ),

    /** Regenerate (non-streaming): the last answer is replaced by a new one (a new message of quota). */
    regenerate: sendProcedure.input(inputs.regenerate).mutation(({ ctx, input, signal }) =>
      sendNow(ctx, signal, {
        sessionId: input.sessionId,
        message: '',
        fileIds: [],
        replace: { mode: 'regenerate', messageId: input.messageId },
      }),
    ),

    /** Edit (non-streaming): the last user message is replaced by `message` (keeping its files), answered again. */
    edit: sendProcedure.input(inputs.edit).mutation(({ ctx, input, signal }) =>
      sendNow(ctx, signal, {
        sessionId: input.sessionId,
        message: input.message,
        fileIds: [],
        replace: { mode: 'edit', messageId: input.messageId },
      }),
    ),

    /** Regenerate, streaming step 1: a send request for `sendStream` that replaces the last answer. */
    prepareRegenerate: sendProcedure
      .input(inputs.regenerate)
      .mutation(({ ctx, input }) =>
        prepare(ctx, input.sessionId, '', { replace: { mode: 'regenerate', messageId: input.messageId } }),
      ),

    /** Edit, streaming step 1: a send request for `sendStream` that replaces the last user message. */
    prepareEdit: sendProcedure.input(inputs.edit).mutation(({ ctx, input }) =>
      prepare(ctx, input.sessionId, input.message, {
        replace: { mode: 'edit', messageId: input.messageId },
      }),
    ),

    /**
     * Streaming send, step 1: the message (and the assistant's fileIds) in a POST body. Checks the input and the
     * session (404) and stores a single-use send request (about a minute); answers {requestId, expiresAt} for
     * `sendStream`. The assistant's plan and files are checked by the stream, before its first event.
     */
    prepareSend: sendProcedure
      .input(inputs.send)
      .mutation(({ ctx, input }) =>
        prepare(ctx, input.sessionId, input.message, spec.sendExtra(input as z.output<TInputs['send']>)),
      ),

    /**
     * Streaming send, step 2 (SSE via httpSubscriptionLink; its URL carries only the request id): claims the
     * request (404 when unknown, another user's, already claimed or expired), then start → content… → complete.
     * Errors end the stream. The subscription's own signal fires when the client unsubscribes (Stop) or
     * disconnects.
     */
    sendStream: sendProcedure
      .meta({ usageAction: USAGE_ACTIONS.STREAMING_CHAT })
      .input(sendRequestRefInput)
      .subscription(async function* ({ ctx, input, signal }) {
        const request = await claimSendRequest<SendExtra>(
          ctx.services.db,
          { requestId: input.requestId, userId: ctx.user.id, kind },
          ctx.sendHandoff,
        );
        const clientSignal = signal ?? ctx.clientGone?.();
        yield* untilClientGone(
          spec.stream(ctx.services, {
            userId: ctx.user.id,
            sessionId: request.sessionId,
            message: request.message,
            fileIds: request.input?.fileIds ?? [],
            replace: request.input?.replace,
            signal: clientSignal,
            endpoint: ctx.req.endpoint,
            usageCall: ctx.usageCall,
          }),
          clientSignal,
        );
      }),

    /**
     * Stop: cancels the session's running generation (on any instance). An answer with some text is kept,
     * marked stopped (and charged); with none yet the exchange is discarded. Answers once that is done (at
     * most ~3 s), so the next read shows it.
     */
    stop: sendProcedure.input(inputs.sessionRef).mutation(async ({ ctx, input }) => {
      await spec.owned(ctx.services.db, ctx.user.id, input.sessionId);
      await ctx.services.conversationStreams.cancel(kind, input.sessionId);
      await untilIdle(ctx.services.conversationStreams, kind, input.sessionId);
      return { success: true as const };
    }),
  };
}
