import { parse, validate } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { quizToMoodleXml } from './moodle-xml.js';
import { NASTY, quizFixture } from './test-fixtures.js';

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

type Text = { text: string };
interface Answer {
  '@_fraction': string;
  text: string;
  feedback: Text;
}
interface Question {
  '@_type': string;
  name: Text;
  questiontext: Text & { '@_format': string };
  generalfeedback: Text;
  single?: boolean | string;
  answer?: Answer | Answer[];
  subquestion?: { text: string; answer: Text }[];
}

describe('quizToMoodleXml', () => {
  const xml = quizToMoodleXml(quizFixture);
  const doc = parse(xml, {
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseNodeValue: false,
    parseAttributeValue: false,
    trimValues: false,
    tagValueProcessor: (v: string) => decode(v),
    attrValueProcessor: (v: string) => decode(v),
  }) as { quiz: { question: Question[] } };
  const [category, ...questions] = doc.quiz.question;
  const answers = (q: Question) => ([] as Answer[]).concat(q.answer ?? []);

  it('is well-formed XML with a category and one question per item', () => {
    expect(validate(xml)).toBe(true);
    expect(category!['@_type']).toBe('category');
    expect(questions.map((q) => q['@_type'])).toEqual([
      'multichoice',
      'multichoice',
      'truefalse',
      'shortanswer',
      'matching',
    ]);
  });

  it('keeps the text exactly, escaped (HTML, quotes, other scripts)', () => {
    const q = questions[0]!;
    expect(q.questiontext.text).toBe(quizFixture.items[0]!.stem);
    expect(q.questiontext.text).toContain(NASTY);
    expect(q.questiontext['@_format']).toBe('plain_text');
    expect(xml).not.toContain('<script>');
    expect(q.generalfeedback.text).toBe('Moment 1 protects the patient.');
  });

  it('writes single choice with <single>true</single> and a 100% key', () => {
    const q = questions[0]!;
    expect(String(q.single)).toBe('true');
    expect(answers(q).map((a) => [a['@_fraction'], a.text, a.feedback.text])).toEqual([
      ['100', 'Before patient contact', 'Yes = moment 1.'],
      ['0', 'After body fluid ~ exposure', 'That is moment #3.'],
      ['0', 'Ratio 1:2 {braces}', ''],
    ]);
  });

  it('writes multiple response with fractions summing to 100 and no negative marks by default', () => {
    const q = questions[1]!;
    expect(String(q.single)).toBe('false');
    const fractions = answers(q).map((a) => Number(a['@_fraction']));
    expect(fractions).toEqual([33.33333, 33.33333, 0, 33.33333]);
    expect(fractions.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 3);
    expect(answers(q)[3]!.text).toBe('日本語の選択肢');
  });

  it('writes true/false, short answer and matching', () => {
    expect(answers(questions[2]!).map((a) => [a.text, a['@_fraction'], a.feedback.text])).toEqual([
      ['true', '100', 'Right: 20–30 s.'],
      ['false', '0', 'It does take 20–30 s.'],
    ]);
    expect(answers(questions[3]!).map((a) => a.text)).toEqual(['alcohol rub', 'hand sanitiser', 'rub = gel']);
    expect(questions[4]!.subquestion!.map((s) => [s.text, s.answer.text])).toEqual(
      quizFixture.items[4]!.pairs.map((p) => [p.left, p.right]),
    );
  });
});
