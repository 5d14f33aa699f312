import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStartGate } from './start-gate.js';

afterEach(() => vi.useRealTimers());

/** Whether `p` has settled after the pending microtasks ran. */
async function settled(p: Promise<void>) {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('the start gate', () => {
  it('lets a stream on at once while no send is starting', () => {
    const gate = createStartGate(250);
    expect(gate.wait()).toBeUndefined();
    gate.begin()();
    expect(gate.starting()).toBe(0);
    expect(gate.wait()).toBeUndefined();
  });

  it('holds streams while a send starts, and lets them on when the last start is done', async () => {
    const gate = createStartGate(10_000);
    const first = gate.begin();
    const second = gate.begin();
    const waiting = gate.wait()!;
    expect(gate.wait()).toBe(waiting); // one hold, whoever waits in it
    first();
    expect(await settled(waiting)).toBe(false);
    second();
    expect(await settled(waiting)).toBe(true);
    expect(gate.wait()).toBeUndefined();
  });

  it('holds at most holdMs at a time while sends keep starting', async () => {
    vi.useFakeTimers();
    const gate = createStartGate(250);
    gate.begin();
    const waiting = gate.wait()!;
    vi.advanceTimersByTime(249);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
    // Still starting: the next wait is a new hold.
    const next = gate.wait()!;
    expect(next).not.toBe(waiting);
    expect(await settled(next)).toBe(false);
  });

  it('counts a start once however often its end is called', () => {
    const gate = createStartGate(250);
    const end = gate.begin();
    const other = gate.begin();
    end();
    end();
    expect(gate.starting()).toBe(1);
    other();
    expect(gate.starting()).toBe(0);
  });

  it('never holds when holdMs is 0 (off)', () => {
    const gate = createStartGate(0);
    gate.begin();
    expect(gate.wait()).toBeUndefined();
  });
});
