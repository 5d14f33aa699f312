// A tiny local wink-nlp helper for the request parser: tokens with their parts of speech. The shared
// wrapper (content/nlp.ts) is another engineer's; this file folds into it once it exists.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface Tagged {
  text: string;
  /** Universal part of speech (NOUN, PROPN, ADJ, VERB, ADP, DET, NUM, PUNCT…). */
  pos: string;
  /** Position in the phrase's token list. */
  index: number;
}

let instance: ReturnType<typeof winkNLP> | null = null;
/** The English pipeline, loaded on first use (about 150 ms). */
const nlp = () => (instance ??= winkNLP(model, ['sbd', 'pos']));

const cache = new Map<string, Tagged[]>();

/** The tokens of a text with their parts of speech (cached: a request is read several times). */
export function taggedPhrase(text: string): Tagged[] {
  const hit = cache.get(text);
  if (hit) return hit;
  const n = nlp();
  const doc = n.readDoc(text);
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(n.its.pos) as string[];
  const out = words.map((w, i) => ({ text: w, pos: pos[i] ?? 'X', index: i }));
  if (cache.size > 2000) cache.clear();
  cache.set(text, out);
  return out;
}

/** The sentences of a text. */
export function sentencesOf(text: string): string[] {
  return nlp().readDoc(text).sentences().out() as string[];
}
