// One error type for every procedure. The REST adapter turns it into an HTTP status and a JSON body
// {error, code}; tRPC clients read `data.appCode` from the error shape.
import { isDatabaseUnavailable } from '@app/db';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { ERROR_CODES } from './schemas/error-codes.js';

type TrpcCode = TRPCError['code'];

export interface AppErrorInfo {
  /** Machine-readable code for clients, e.g. EMAIL_NOT_VERIFIED, card_error, QUOTA_EXCEEDED. */
  appCode?: string;
  /** Overrides the status tRPC would give the code (e.g. 402 for card errors). */
  httpStatus?: number;
  /** Extra fields merged into the REST body. */
  extra?: Record<string, unknown>;
}

export class AppErrorCause extends Error {
  constructor(public readonly info: AppErrorInfo) {
    super(info.appCode ?? 'app error');
  }
}

export function appError(code: TrpcCode, message: string, info: AppErrorInfo = {}): TRPCError {
  return new TRPCError({ code, message, cause: new AppErrorCause(info) });
}

export const notFound = (what = 'Not found') => appError('NOT_FOUND', what);
export const unauthorized = (message = 'Not authenticated') => appError('UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => appError('FORBIDDEN', message);
export const badRequest = (message: string, appCode: string = ERROR_CODES.VALIDATION_ERROR) =>
  appError('BAD_REQUEST', message, { appCode });

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/**
 * 503 DATABASE_UNAVAILABLE (Retry-After 5 s) for a failure that is the database not being there — unreachable,
 * refusing connections, or without its schema (@app/db isDatabaseUnavailable) — else null: an outage is not a
 * bug, and a client should retry (issue 37). Errors that already carry an app code keep it.
 */
export function databaseUnavailableError(err: unknown): TRPCError | null {
  if (err instanceof TRPCError && (err.code !== 'INTERNAL_SERVER_ERROR' || appInfoOf(err).appCode))
    return null;
  if (!isDatabaseUnavailable(err)) return null;
  return appError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, {
    appCode: ERROR_CODES.DATABASE_UNAVAILABLE,
    extra: { retryAfterSeconds: 5 },
  });
}

export function appInfoOf(err: unknown): AppErrorInfo {
  const cause = err instanceof TRPCError ? err.cause : undefined;
  return cause instanceof AppErrorCause ? cause.info : {};
}

/** Human message for a zod failure: "email: Invalid email address; password: …". */
export function formatZodError(err: ZodError): string {
  return err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

export interface HttpErrorBody {
  error: string;
  code: string;
  [k: string]: unknown;
}

/** The single mapping from any thrown error to an HTTP status and body. Unknown errors are 500s without details. */
export function toHttpError(err: unknown): { status: number; body: HttpErrorBody } {
  const unavailable = databaseUnavailableError(err);
  if (unavailable) return toHttpError(unavailable);
  if (err instanceof TRPCError) {
    const info = appInfoOf(err);
    if (err.cause instanceof ZodError) {
      return { status: 400, body: { error: formatZodError(err.cause), code: 'validation_error' } };
    }
    const status = info.httpStatus ?? getHTTPStatusCodeFromError(err);
    const message = status >= 500 && !info.appCode ? 'Internal server error' : err.message;
    return { status, body: { error: message, code: info.appCode ?? err.code, ...info.extra } };
  }
  if (err instanceof ZodError)
    return { status: 400, body: { error: formatZodError(err), code: 'validation_error' } };
  return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } };
}
