import { describe, expect, it, vi } from 'vitest';
import {
  createReadAloud,
  isSafari,
  READ_ALOUD_RATE,
  SPEECH_ERROR_FALLBACK,
  SPEECH_ERROR_MESSAGES,
  SPEECH_SAFARI_MESSAGE,
  SPEECH_UNSUPPORTED_MESSAGE,
  speechChunks,
  stripMarkdown,
  type SpeechEnv,
} from './read-aloud';

class FakeUtterance {
  rate = 1;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

function fakeSynth() {
  const queue: FakeUtterance[] = [];
  const synth = {
    paused: false,
    spoken: [] as FakeUtterance[],
    speak: vi.fn((u: FakeUtterance) => {
      queue.push(u);
      synth.spoken.push(u);
    }),
    cancel: vi.fn(() => {
      // Like browsers: every queued utterance ends with 'interrupted'/'canceled'.
      for (const u of queue.splice(0)) u.onerror?.({ error: 'interrupted' });
    }),
    resume: vi.fn(),
    /** The engine finishes everything queued. */
    finish() {
      for (const u of queue.splice(0)) u.onend?.();
    },
    fail(error: string) {
      queue.shift()?.onerror?.({ error });
    },
  };
  return synth;
}

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

function setup(o: Partial<SpeechEnv> = {}) {
  const synth = fakeSynth();
  const errors: string[] = [];
  const env = {
    synth: synth as unknown as SpeechSynthesis,
    Utterance: FakeUtterance as unknown as typeof SpeechSynthesisUtterance,
    userAgent: CHROME,
    ...o,
  };
  const ctl = createReadAloud(env, (m) => errors.push(m));
  return { synth, errors, ctl };
}

describe('read aloud', () => {
  it('speaks the stripped text at rate 0.9 and ends by itself', () => {
    const { synth, ctl } = setup();
    const changes = vi.fn();
    ctl.subscribe(changes);
    ctl.toggle('m1', '## Objectives\n\n1. **Identify** the `guard`\n2. See [the doc](https://x.test/a)');
    expect(ctl.speakingId).toBe('m1');
    expect(synth.spoken.length).toBeGreaterThan(0);
    expect(synth.spoken.every((u) => u.rate === READ_ALOUD_RATE)).toBe(true);
    expect(READ_ALOUD_RATE).toBe(0.9);
    const said = synth.spoken.map((u) => u.text).join(' ');
    expect(said).toBe('Objectives. Identify the guard See the doc');
    synth.finish();
    expect(ctl.speakingId).toBeNull();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('pressing the speaking message again stops it; another message restarts (one at a time)', () => {
    const { synth, ctl, errors } = setup();
    ctl.toggle('m1', 'First answer.');
    ctl.toggle('m1', 'First answer.');
    expect(ctl.speakingId).toBeNull();
    expect(synth.cancel).toHaveBeenCalled();

    ctl.toggle('m1', 'First answer.');
    ctl.toggle('m2', 'Second answer.');
    expect(ctl.speakingId).toBe('m2');
    expect(synth.spoken.at(-1)!.text).toBe('Second answer.');
    // The first reading's 'interrupted' (from cancel) neither shows an error nor ends the second.
    expect(errors).toEqual([]);
    synth.finish();
    expect(ctl.speakingId).toBeNull();
  });

  it('shows one message per speech error and stops', () => {
    const { synth, ctl, errors } = setup();
    ctl.toggle('m1', 'Hello there.');
    synth.fail('network');
    expect(errors).toEqual([SPEECH_ERROR_MESSAGES.network]);
    expect(ctl.speakingId).toBeNull();
    ctl.toggle('m1', 'Hello there.');
    synth.fail('something-new');
    expect(errors.at(-1)).toBe(SPEECH_ERROR_FALLBACK);
    // Every known error has its own text.
    expect(new Set(Object.values(SPEECH_ERROR_MESSAGES)).size).toBe(
      Object.keys(SPEECH_ERROR_MESSAGES).length,
    );
  });

  it('without speechSynthesis: the Safari text in Safari, else the unsupported text', () => {
    const safari = setup({ synth: undefined, userAgent: SAFARI });
    safari.ctl.toggle('m1', 'Hi.');
    expect(safari.errors).toEqual([SPEECH_SAFARI_MESSAGE]);
    expect(safari.ctl.speakingId).toBeNull();
    const other = setup({ synth: undefined, Utterance: undefined });
    other.ctl.toggle('m1', 'Hi.');
    expect(other.errors).toEqual([SPEECH_UNSUPPORTED_MESSAGE]);
    expect(isSafari(SAFARI)).toBe(true);
    expect(isSafari(CHROME)).toBe(false);
  });
});

describe('stripMarkdown', () => {
  it('drops Markdown syntax, code blocks and URLs', () => {
    const md = [
      '# Knowledge check: forklift safety',
      '',
      '> Read the **checklist** first.',
      '',
      '- [x] Inspect the _forks_',
      '* ~~Skip~~ the horn',
      '',
      '```json',
      '{"verb": "completed"}',
      '```',
      '',
      '| Item | Owner |',
      '| --- | --- |',
      '| Guard | Lead |',
      '',
      '---',
      'Visit https://example.com or ![diagram](d.png).',
    ].join('\n');
    expect(stripMarkdown(md)).toBe(
      [
        'Knowledge check: forklift safety.',
        'Read the checklist first.',
        'Inspect the forks',
        'Skip the horn',
        'Item, Owner.',
        'Guard, Lead.',
        'Visit or diagram.',
      ].join('\n'),
    );
  });

  it("says an artifact table's '#' column as a word", () => {
    const md = '| # | Objective | Bloom level |\n| --- | --- | --- |\n| 1 | list the steps | Remember |';
    const spoken = stripMarkdown(md);
    expect(spoken).toBe('Number, Objective, Bloom level.\n1, list the steps, Remember.');
    expect(spoken).not.toMatch(/[#*`|]/);
  });

  it('keeps words with underscores and lone asterisks', () => {
    expect(stripMarkdown('Use snake_case_names and 3 * 4')).toBe('Use snake_case_names and 3 * 4');
  });
});

describe('speechChunks', () => {
  it('groups sentences up to the limit and cuts long ones at a space', () => {
    expect(speechChunks('One. Two. Three.', 10)).toEqual(['One. Two.', 'Three.']);
    const long = 'word '.repeat(30).trim();
    const chunks = speechChunks(long, 40);
    expect(chunks.every((c) => c.length <= 40)).toBe(true);
    expect(chunks.join(' ')).toBe(long);
  });
});
