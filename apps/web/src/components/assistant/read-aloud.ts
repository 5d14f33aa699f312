// Read aloud (SPEC §2 Assistant, §8 Read aloud, §9 rate 0.9): the browser's speechSynthesis speaks one
// assistant message at a time. Speaking another message stops the current one; pressing the speaking one
// again stops it. Markdown is stripped first, and the text goes out in sentence-sized utterances (Chrome
// stops a single long utterance after about 15 seconds). Errors become the §8 messages, one per error kind.

export const READ_ALOUD_RATE = 0.9;
/** Longest utterance; longer sentences are cut at a space. */
const MAX_UTTERANCE_CHARS = 220;

export const SPEECH_SAFARI_MESSAGE = 'Speech not available in Safari';
export const SPEECH_UNSUPPORTED_MESSAGE = 'Speech not supported in this browser';

/** One message per SpeechSynthesisErrorEvent.error ('canceled' and 'interrupted' are ours: no message). */
export const SPEECH_ERROR_MESSAGES: Record<string, string> = {
  'audio-busy': 'Speech failed: the audio output is busy. Close other apps playing sound and try again.',
  'audio-hardware': 'Speech failed: no audio output device was found.',
  network: 'Speech failed: the speech service could not be reached. Check your connection.',
  'synthesis-unavailable': 'Speech failed: no speech engine is available in this browser.',
  'synthesis-failed': 'Speech failed: the speech engine could not read this message.',
  'language-unavailable': 'Speech failed: no voice is available for this language.',
  'voice-unavailable': 'Speech failed: the selected voice is not available.',
  'text-too-long': 'Speech failed: this message is too long to read aloud.',
  'invalid-argument': 'Speech failed: the speech settings were not accepted.',
  'not-allowed': 'Speech was blocked by the browser. Click the read-aloud button again to allow it.',
};
export const SPEECH_ERROR_FALLBACK = 'Speech failed. Please try again.';

/** Plain text of a Markdown answer, as it should be spoken (no symbols, code or URLs). */
export function stripMarkdown(md: string): string {
  return (
    md
      // Fenced code blocks are not read out.
      .replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gm, ' ')
      .replace(/<[^>\n]+>/g, ' ')
      // Images by their alt text, links by their text, bare URLs not at all.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/https?:\/\/\S+/g, ' ')
      // Table rules and pipes.
      .replace(/^[ \t]*\|?([ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, '')
      .replace(
        /^[ \t]*\|(.*)\|[ \t]*$/gm,
        (_, row: string) =>
          `${row
            .split('|')
            .map((c) => c.trim())
            // A numbering column's '#' header (artifact tables) is said as a word, not as a symbol.
            .map((c) => (c === '#' ? 'Number' : c))
            .join(', ')}.`,
      )
      // Block markers: headings, quotes, rules, list bullets, task boxes.
      .replace(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/gm, '$1.')
      .replace(/^ {0,3}> ?/gm, '')
      .replace(/^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/gm, '')
      .replace(/^(\s*)(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, '$1')
      // Inline code keeps its text; emphasis and strike-through lose their markers.
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?=[^\w*]|$)/gm, '$1$2')
      .replace(/~~(.+?)~~/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
      // Headings end with a '.', so a heading already ending in punctuation does not get two.
      .replace(/([.!?:;])\.$/gm, '$1')
      .replace(/[ \t]+/g, ' ')
      .replace(/^ +| +$/gm, '')
      .replace(/\n{2,}/g, '\n')
      .trim()
  );
}

/** Sentence-sized pieces of `text`, each at most `max` characters (cut at a space when a sentence is longer). */
export function speechChunks(text: string, max = MAX_UTTERANCE_CHARS): string[] {
  const sentences = text
    .split(/(?<=[.!?:;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (let s of sentences) {
    while (s.length > max) {
      let cut = s.lastIndexOf(' ', max);
      if (cut < max / 2) cut = max;
      out.push(s.slice(0, cut).trim());
      s = s.slice(cut).trim();
    }
    // Short sentences share an utterance (fewer pauses), within the limit.
    const last = out.at(-1);
    if (last && last.length + s.length + 1 <= max && !/\n/.test(last)) out[out.length - 1] = `${last} ${s}`;
    else if (s) out.push(s);
  }
  return out;
}

export function isSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|Edg\/|Android/.test(userAgent);
}

export interface SpeechEnv {
  synth: SpeechSynthesis | undefined;
  Utterance: typeof SpeechSynthesisUtterance | undefined;
  userAgent: string;
}

export function browserSpeechEnv(): SpeechEnv {
  const w = typeof window === 'undefined' ? undefined : window;
  return {
    synth: w && 'speechSynthesis' in w ? w.speechSynthesis : undefined,
    Utterance: w && 'SpeechSynthesisUtterance' in w ? w.SpeechSynthesisUtterance : undefined,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  };
}

export interface ReadAloudController {
  /** The message being spoken, or null. */
  readonly speakingId: string | null;
  /** Speaks message `id` (stopping any other); if `id` is already speaking, stops it instead. */
  toggle(id: string, markdown: string): void;
  stop(): void;
  subscribe(listener: () => void): () => void;
}

/** The read-aloud state machine over a speechSynthesis; `onError` gets the §8 text to show. */
export function createReadAloud(env: SpeechEnv, onError: (message: string) => void): ReadAloudController {
  let speakingId: string | null = null;
  /** Bumped on every start and stop, so events of an earlier reading change nothing. */
  let run = 0;
  const listeners = new Set<() => void>();
  const set = (id: string | null) => {
    if (id === speakingId) return;
    speakingId = id;
    for (const l of listeners) l();
  };

  const stop = () => {
    run += 1;
    if (speakingId !== null) env.synth?.cancel();
    set(null);
  };

  const start = (id: string, markdown: string) => {
    const { synth, Utterance } = env;
    if (!synth || !Utterance) {
      onError(isSafari(env.userAgent) ? SPEECH_SAFARI_MESSAGE : SPEECH_UNSUPPORTED_MESSAGE);
      return;
    }
    const chunks = speechChunks(stripMarkdown(markdown));
    if (chunks.length === 0) return;
    run += 1;
    const mine = run;
    // Whatever was queued (by us or another tab's leftovers) goes first.
    synth.cancel();
    set(id);
    chunks.forEach((text, i) => {
      const u = new Utterance(text);
      u.rate = READ_ALOUD_RATE;
      if (i === chunks.length - 1)
        u.onend = () => {
          if (run === mine) set(null);
        };
      u.onerror = (e: SpeechSynthesisErrorEvent) => {
        if (run !== mine) return;
        // Ours: cancel() after a stop or a restart.
        if (e.error === 'canceled' || e.error === 'interrupted') return;
        run += 1;
        synth.cancel();
        set(null);
        onError(SPEECH_ERROR_MESSAGES[e.error] ?? SPEECH_ERROR_FALLBACK);
      };
      synth.speak(u);
    });
    // Chrome can leave the engine paused after an earlier page paused it.
    if (synth.paused) synth.resume();
  };

  return {
    get speakingId() {
      return speakingId;
    },
    toggle(id, markdown) {
      if (speakingId === id) stop();
      else start(id, markdown);
    },
    stop,
    subscribe(l) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}
