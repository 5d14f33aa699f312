// SendHandoff: a REST stream route's send request, handed from its store step to its stream step in memory.
import { describe, expect, it } from 'vitest';
import { SEND_REQUEST_TTL_MS, SendHandoff } from './send-requests.js';

const request = {
  userId: 'u1',
  kind: 'chat' as const,
  sessionId: 's1',
  message: 'Hello',
  input: { fileIds: ['f'] },
};

describe('SendHandoff', () => {
  it('hands the stored request over once, to its user and kind', () => {
    const handoff = new SendHandoff();
    const before = Date.now();
    const { requestId, expiresAt } = handoff.store(request);
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + SEND_REQUEST_TTL_MS);
    expect(handoff.claim({ requestId, userId: 'u2', kind: 'chat' })).toBeUndefined();
    expect(handoff.claim({ requestId, userId: 'u1', kind: 'assistant' })).toBeUndefined();
    expect(handoff.claim({ requestId, userId: 'u1', kind: 'chat' })).toEqual({
      sessionId: 's1',
      message: 'Hello',
      input: { fileIds: ['f'] },
    });
    expect(handoff.claim({ requestId, userId: 'u1', kind: 'chat' })).toBeUndefined();
  });

  it('knows nothing of other ids or other handoffs', () => {
    const a = new SendHandoff();
    const { requestId } = a.store(request);
    expect(new SendHandoff().claim({ requestId, userId: 'u1', kind: 'chat' })).toBeUndefined();
    expect(a.claim({ requestId: 'other', userId: 'u1', kind: 'chat' })).toBeUndefined();
  });
});
