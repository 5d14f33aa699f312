import { afterEach, describe, expect, it, vi } from 'vitest';
import { STREAM_THROTTLE_MS } from '../../schemas/limits.js';
import { STREAMS_FOR_WIDEST_WINDOW, coalesceDeltas, windowUnderLoad } from './coalesce.js';
import type { LlmEvent } from './types.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const delta = (content: string): LlmEvent => ({ type: 'delta', content });
const usage: LlmEvent = { type: 'usage', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } };

/** A model: each step waits `ms`, then yields its event (or throws its error). */
async function* model(steps: [number, LlmEvent | Error][], closed?: { value: boolean }) {
  try {
    for (const [ms, ev] of steps) {
      await sleep(ms);
      if (ev instanceof Error) throw ev;
      yield ev;
    }
  } finally {
    if (closed) closed.value = true;
  }
}

async function collect(events: AsyncIterable<LlmEvent>) {
  const start = Date.now();
  const out: { at: number; ev: LlmEvent }[] = [];
  for await (const ev of events) out.push({ at: Date.now() - start, ev });
  return out;
}

describe('coalesceDeltas', () => {
  it('passes the first delta at once, joins the next ones within the window, flushes before usage', async () => {
    const out = await collect(
      coalesceDeltas(
        model([
          [0, delta('A')],
          [5, delta('b')],
          [5, delta('c')],
          [5, delta('d')],
          [0, usage],
        ]),
        1_000,
      ),
    );
    expect(out.map((o) => o.ev)).toEqual([delta('A'), delta('bcd'), usage]);
    expect(out[0]!.at).toBeLessThan(50);
  });

  it('keeps every character in order over many deltas, with fewer events', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i} `);
    const out = await collect(coalesceDeltas(model(words.map((w) => [2, delta(w)])), 30));
    const text = out.map((o) => (o.ev.type === 'delta' ? o.ev.content : '')).join('');
    expect(text).toBe(words.join(''));
    expect(out.length).toBeGreaterThan(1);
    expect(out.length).toBeLessThan(words.length / 2);
  });

  it('flushes waiting text when the model pauses, without waiting for its next delta', async () => {
    const out = await collect(
      coalesceDeltas(
        model([
          [0, delta('first ')],
          [5, delta('second ')],
          [400, delta('third')],
        ]),
        40,
      ),
    );
    expect(out.map((o) => o.ev)).toEqual([delta('first '), delta('second '), delta('third')]);
    expect(out[1]!.at).toBeLessThan(300);
  });

  it('a window of 0 passes every event as it is', async () => {
    const steps: [number, LlmEvent][] = [
      [0, delta('a')],
      [0, delta('b')],
      [0, usage],
    ];
    const out = await collect(coalesceDeltas(model(steps), 0));
    expect(out.map((o) => o.ev)).toEqual(steps.map((s) => s[1]));
  });

  it('a model error reaches the consumer', async () => {
    const events = coalesceDeltas(
      model([
        [0, delta('a')],
        [1, new Error('upstream failed')],
      ]),
      20,
    );
    await expect(collect(events)).rejects.toThrow('upstream failed');
  });

  it('a consumer that stops early closes the model; a read still pending that fails is not unhandled', async () => {
    const closed = { value: false };
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const events = coalesceDeltas(
        model(
          [
            [0, delta('a')],
            [1, delta('b')],
            [60, new Error('aborted')],
          ],
          closed,
        ),
        20,
      );
      for await (const ev of events) {
        // 'a' at once; 'b' waits in the window while the model's next read (the failure) is pending.
        if (ev.type === 'delta' && ev.content === 'b') break;
      }
      await sleep(120);
      expect(closed.value).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('asks a window function again at each window: a wider window joins more', async () => {
    // Deltas every ~5 ms for ~200 ms: a 10 ms window passes many events, a 100 ms one few.
    const steps = (): [number, LlmEvent][] => Array.from({ length: 40 }, (_, i) => [5, delta(`${i} `)]);
    let asked = 0;
    const narrow = await collect(coalesceDeltas(model(steps()), () => (asked++, 10)));
    const wide = await collect(coalesceDeltas(model(steps()), () => 100));
    expect(asked).toBeGreaterThan(narrow.length - 1);
    expect(wide.length).toBeLessThan(narrow.length / 2);
    const text = (out: typeof wide) => out.map((o) => (o.ev.type === 'delta' ? o.ev.content : '')).join('');
    expect(text(wide)).toBe(text(narrow));
  });

  it('a window function answering 0 passes every delta as it comes', async () => {
    const steps: [number, LlmEvent][] = [
      [0, delta('a')],
      [1, delta('b')],
      [1, delta('c')],
      [0, usage],
    ];
    const out = await collect(coalesceDeltas(model(steps), () => 0));
    expect(out.map((o) => o.ev)).toEqual(steps.map((s) => s[1]));
  });

  describe('timers', () => {
    afterEach(() => vi.restoreAllMocks());

    it('arms one timer per window, not one per delta waiting in it', async () => {
      const armed = vi.spyOn(globalThis, 'setTimeout');
      const deltas = 30;
      // The model's own pauses are timers too: count them apart from the coalescer's.
      const steps: [number, LlmEvent][] = Array.from({ length: deltas }, (_, i) => [2, delta(`${i} `)]);
      const start = Date.now();
      const out = await collect(coalesceDeltas(model(steps), 1_000));
      const elapsed = Date.now() - start;
      const modelTimers = deltas;
      // Within one 1 s window (the model ends well before it): the first delta at once, the rest joined.
      expect(elapsed).toBeLessThan(1_000);
      expect(out.length).toBe(2);
      // Before: one timer per delta that arrived while text waited (~29 more); now at most one for the window.
      expect(armed.mock.calls.length - modelTimers).toBeLessThanOrEqual(1);
    });
  });
});

describe('windowUnderLoad', () => {
  it('keeps the configured window with no other stream open and reaches the web throttle under load', () => {
    expect(windowUnderLoad(40, 0)).toBe(40);
    expect(windowUnderLoad(40, 1)).toBe(41);
    expect(windowUnderLoad(40, STREAMS_FOR_WIDEST_WINDOW / 2)).toBe(70);
    expect(windowUnderLoad(40, STREAMS_FOR_WIDEST_WINDOW)).toBe(STREAM_THROTTLE_MS);
    expect(windowUnderLoad(40, 10 * STREAMS_FOR_WIDEST_WINDOW)).toBe(STREAM_THROTTLE_MS);
  });

  it('leaves a window that is off, or already at least the throttle, as configured', () => {
    expect(windowUnderLoad(0, 500)).toBe(0);
    expect(windowUnderLoad(150, 500)).toBe(150);
    expect(windowUnderLoad(STREAM_THROTTLE_MS, 500)).toBe(STREAM_THROTTLE_MS);
  });
});
