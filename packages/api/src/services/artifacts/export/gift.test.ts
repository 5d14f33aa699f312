import {
  parse,
  type GIFTQuestion,
  type Matching,
  type MultipleChoice,
  type ShortAnswer,
  type TrueFalse,
} from 'gift-pegjs';
import { describe, expect, it } from 'vitest';
import type { QuizArtifact } from '../../../schemas/artifacts.js';
import { giftText, quizToGift } from './gift.js';
import { NASTY, quizFixture } from './test-fixtures.js';

const byType = <T extends GIFTQuestion>(qs: GIFTQuestion[], i: number) => qs[i] as T;

describe('quizToGift', () => {
  const gift = quizToGift(quizFixture);
  const questions = parse(gift);

  it('parses back (gift-pegjs) to the same questions in order', () => {
    expect(questions.map((q) => q.type)).toEqual(['MC', 'MC', 'TF', 'Short', 'Matching']);
    questions.forEach((q, i) => {
      const item = quizFixture.items[i]!;
      if (q.type === 'Category' || q.type === 'Description') throw new Error('unexpected');
      expect(q.stem.text).toBe(item.stem);
      expect(q.stem.format).toBe('plain');
      expect(q.title).toMatch(new RegExp(`^${i + 1}\\. `));
    });
  });

  it('keeps special characters, HTML and other scripts intact', () => {
    const q = byType<MultipleChoice>(questions, 0);
    expect(q.stem.text).toContain(NASTY);
    expect(q.choices.map((c) => c.text.text)).toEqual([
      'Before patient contact',
      'After body fluid ~ exposure',
      'Ratio 1:2 {braces}',
    ]);
    expect(q.choices.map((c) => c.feedback?.text ?? null)).toEqual([
      'Yes = moment 1.',
      'That is moment #3.',
      null,
    ]);
    expect(q.globalFeedback?.text).toBe('Moment 1 protects the patient.');
  });

  it('writes single choice with = for the key', () => {
    const q = byType<MultipleChoice>(questions, 0);
    expect(q.choices.map((c) => c.isCorrect)).toEqual([true, false, false]);
  });

  it('weights multiple response: right options share 100%, a wrong one scores 0 (no negative marks by default)', () => {
    const q = byType<MultipleChoice>(questions, 1);
    const weights = q.choices.map((c) => c.weight!);
    expect(weights).toEqual([33.33333, 33.33333, 0, 33.33333]);
    expect(gift).not.toContain('%-');
    expect(weights.filter((w) => w > 0).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 3);
    expect(q.choices[3]!.text.text).toBe('日本語の選択肢');
    expect(q.choices[2]!.text.text).toBe('Before lunch <b>break</b>');
  });

  it('takes marks off wrong options only when the designer turns negative marking on', () => {
    const [, q] = parse(quizToGift({ ...quizFixture, negativeMarking: true })) as MultipleChoice[];
    expect(q!.choices.map((c) => c.weight)).toEqual([33.33333, 33.33333, -100, 33.33333]);
  });

  it('parses every one-key choice item back as single-answer: exactly one "=" key, no weights (issue 38)', () => {
    const oneKey: QuizArtifact = {
      ...quizFixture,
      items: [
        quizFixture.items[0]!,
        {
          ...quizFixture.items[1]!,
          options: quizFixture.items[1]!.options.map((o, i) => ({ ...o, correct: i === 1 })),
        },
      ],
    };
    const text = quizToGift(oneKey);
    for (const q of parse(text) as MultipleChoice[]) {
      expect(q.type).toBe('MC');
      expect(q.choices.filter((c) => c.isCorrect)).toHaveLength(1);
      expect(q.choices.every((c) => c.weight === null || c.weight === undefined)).toBe(true);
    }
    expect(text).not.toMatch(/~%100%/);
  });

  it('writes true/false with the wrong-answer feedback first (Moodle order)', () => {
    const q = byType<TrueFalse>(questions, 2);
    expect(q.isTrue).toBe(true);
    expect(q.trueFeedback?.text).toBe('It does take 20–30 s.');
    expect(q.falseFeedback?.text).toBe('Right: 20–30 s.');
  });

  it('writes every accepted short answer and matching pairs', () => {
    const short = byType<ShortAnswer>(questions, 3);
    expect(short.choices.map((c) => c.text.text)).toEqual(['alcohol rub', 'hand sanitiser', 'rub = gel']);
    expect(short.choices.every((c) => c.isCorrect)).toBe(true);
    const matching = byType<Matching>(questions, 4);
    // gift-pegjs 1.0.2 decodes escapes everywhere except a pair's answer, which keeps its internal "&&123;"
    // placeholders; Moodle itself unescapes it.
    const decode = (s: string) =>
      s.replace(/&&(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(matching.matchPairs.map((p) => [p.subquestion.text, decode(p.subanswer)])).toEqual(
      quizFixture.items[4]!.pairs.map((p) => [p.left, p.right]),
    );
  });

  it('writes a false statement and multi-line stems', () => {
    const data: QuizArtifact = {
      ...quizFixture,
      items: [
        {
          ...quizFixture.items[2]!,
          stem: 'Line one\nLine two',
          options: [
            { id: 't', text: 'True', correct: false, feedback: '' },
            { id: 'f', text: 'False', correct: true, feedback: '' },
          ],
        },
      ],
    };
    const [q] = parse(quizToGift(data)) as TrueFalse[];
    expect(q!.isTrue).toBe(false);
    expect(q!.stem.text).toBe('Line one\nLine two');
  });

  it('escapes every GIFT control character', () => {
    expect(giftText('a~b=c#d{e}f:g\\h')).toBe('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h');
  });

  it('refuses a quiz with an item an LMS cannot import, naming it', () => {
    const data = structuredClone(quizFixture);
    data.items[1]!.options.forEach((o) => (o.correct = false));
    data.items[3]!.acceptedAnswers = [];
    expect(() => quizToGift(data)).toThrow(
      'Cannot export to GIFT: question 2 has no correct option; question 4 has no accepted answer.',
    );
  });
});
