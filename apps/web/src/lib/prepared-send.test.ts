// The two-step send: the stream opens with the id the first step answered; unsubscribing before that opens
// nothing; a failed first step is the send's error.
import { describe, expect, it, vi } from 'vitest';
import { preparedSend } from './prepared-send';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('preparedSend', () => {
  it('subscribes with the request id, and unsubscribing stops the stream', async () => {
    const stop = vi.fn();
    const subscribe = vi.fn(() => ({ unsubscribe: stop }));
    const onError = vi.fn();
    const sub = preparedSend(async () => ({ requestId: 'r1' }), subscribe, onError);
    await tick();
    expect(subscribe).toHaveBeenCalledWith('r1');
    sub.unsubscribe();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('stopped before the first step answered: no stream, no error', async () => {
    let answer: (v: { requestId: string }) => void = () => undefined;
    const subscribe = vi.fn(() => ({ unsubscribe() {} }));
    const onError = vi.fn();
    const sub = preparedSend(() => new Promise((r) => (answer = r)), subscribe, onError);
    sub.unsubscribe();
    answer({ requestId: 'r1' });
    await tick();
    expect(subscribe).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('a refused first step (404, 400, 401) is the send error', async () => {
    const err = new Error('Chat session not found');
    const onError = vi.fn();
    const subscribe = vi.fn(() => ({ unsubscribe() {} }));
    preparedSend(() => Promise.reject(err), subscribe, onError);
    await tick();
    expect(onError).toHaveBeenCalledWith(err);
    expect(subscribe).not.toHaveBeenCalled();
  });
});
