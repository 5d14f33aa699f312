// Which failed requests may sign a user out: only answers from the server, never a request that got none.
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { serverAnswered } from './errors';

describe('serverAnswered', () => {
  it('is true for an error the server sent (any status)', () => {
    const err = new TRPCClientError('Not authenticated', {
      result: { error: { message: 'x', code: -32001, data: { httpStatus: 401, code: 'UNAUTHORIZED' } } },
    } as never);
    expect(serverAnswered(err)).toBe(true);
  });

  it('is false for an aborted or failed fetch (no answer)', () => {
    expect(serverAnswered(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe(false);
    expect(
      serverAnswered(TRPCClientError.from(new DOMException('The operation was aborted.', 'AbortError'))),
    ).toBe(false);
    expect(serverAnswered(new Error('boom'))).toBe(false);
  });
});
