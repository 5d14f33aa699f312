// Exports carry citations where the format has a place (issue 36): GIFT a "// Source:" comment line before the
// question, Moodle XML the general feedback, QTI an item-level comment, CSV a Source column, Markdown a
// "Source:" line; and single-answer items are single answer in every LMS format: one key (whatever the type
// says) is "=" for the key and "~" for the others in GIFT (no "~%100%", no negative weight), and
// <single>true</single> in Moodle XML. GIFT is parsed back with gift-pegjs.
import { parse, type MultipleChoice } from 'gift-pegjs';
import { describe, expect, it } from 'vitest';
import type { QuizArtifact, QuizItem } from '../../../schemas/artifacts.js';
import { renderArtifactMarkdown } from '../markdown.js';
import { quizToCsv } from './csv.js';
import { quizToGift } from './gift.js';
import { quizToMoodleXml } from './moodle-xml.js';
import { quizToQtiFiles } from './qti.js';
import { quizFixture } from './test-fixtures.js';

const source = {
  fileId: 'f1',
  fileName: 'hand-hygiene.docx',
  part: 3,
  quote: 'Rub hands with alcohol-based hand rub for 20 to 30 seconds,\ncovering all surfaces -- always.',
};
const SOURCE_LINE =
  'hand-hygiene.docx, part 3: "Rub hands with alcohol-based hand rub for 20 to 30 seconds, covering all surfaces -- always."';

const option = (id: string, text: string, correct: boolean) => ({ id, text, correct, feedback: '' });
const choice = (id: string, type: QuizItem['type'], keys: boolean[], withSource = true): QuizItem => ({
  id,
  type,
  stem: `How long should you rub your hands with alcohol-based hand rub (${id})?`,
  options: keys.map((k, i) =>
    option(`${id}${i}`, ['20 to 30 seconds', '5 seconds', '2 minutes', '1 minute'][i]!, k),
  ),
  acceptedAnswers: [],
  pairs: [],
  objectiveId: null,
  difficulty: 'easy',
  feedback: '',
  source: withSource ? source : null,
});

const quiz: QuizArtifact = {
  ...quizFixture,
  objectives: [],
  items: [
    choice('q1', 'single_choice', [true, false, false]),
    // One key stored as multiple_choice: exported as single answer.
    choice('q2', 'multiple_choice', [false, true, false, false]),
    // Select-all: several keys, weighted.
    choice('q3', 'multiple_choice', [true, true, false], false),
  ],
};

describe('exports with sources and single answers', () => {
  it('GIFT: a source comment before the question; one key is = and ~ only, parsed back with one correct answer', () => {
    const gift = quizToGift(quiz);
    expect(gift).toContain(`// Source: ${SOURCE_LINE}\n::1. How long`);
    expect(gift).toContain(`// Source: ${SOURCE_LINE}\n::2. How long`);
    const q2Block = gift.slice(gift.indexOf('::2.'), gift.indexOf('::3.'));
    expect(q2Block).not.toMatch(/~%/);
    expect(q2Block).toMatch(/\t=5 seconds/);
    const questions = parse(gift) as MultipleChoice[];
    expect(questions.map((q) => q.type)).toEqual(['MC', 'MC', 'MC']);
    for (const q of questions.slice(0, 2)) {
      expect(q.choices.filter((c) => c.isCorrect)).toHaveLength(1);
      expect(q.choices.every((c) => c.weight === null || c.weight === undefined || c.weight >= 0)).toBe(true);
    }
    // Select-all keeps its weights; a wrong option scores 0 unless negative marking is on (issue 38).
    expect(questions[2]!.choices.map((c) => c.weight)).toEqual([50, 50, 0]);
  });

  it('Moodle XML: one key is <single>true</single> with 100/0; the source is in the general feedback', () => {
    const x = quizToMoodleXml(quiz);
    const questions = x.split('<question type="multichoice">').slice(1);
    expect(questions).toHaveLength(3);
    expect(questions[0]).toContain('<single>true</single>');
    expect(questions[1]).toContain('<single>true</single>');
    expect(questions[1]).not.toMatch(/fraction="-/);
    expect(questions[1]!.match(/fraction="100"/g)).toHaveLength(1);
    expect(questions[2]).toContain('<single>false</single>');
    expect(questions[0]).toMatch(
      /<generalfeedback format="plain_text">\s*<text>Source: hand-hygiene\.docx, part 3: &quot;Rub hands/,
    );
    expect(questions[2]).not.toContain('Source:');
  });

  it('QTI 2.1: an item-level comment with the source (no "--" inside); one key is single cardinality', () => {
    const files = quizToQtiFiles(quiz);
    const items = [1, 2, 3].map((n) => files[`items/item-${n}.xml`]!);
    expect(items[0]).toMatch(/<!-- Source: hand-hygiene\.docx, part 3: "Rub hands[^]*?-->/);
    const comment = /<!--([^]*?)-->/.exec(items[0]!)![1]!;
    expect(comment).not.toContain('--');
    expect(items[1]).toContain('cardinality="single" baseType="identifier"');
    expect(items[2]).not.toContain('<!--');
  });

  it('CSV: a Source column; Markdown: a Source line in the answer key', () => {
    const csv = quizToCsv(quiz);
    expect(csv.split('\r\n')[0]).toMatch(/"Objective","Source"$/);
    expect(csv).toContain(`"${SOURCE_LINE.replace(/"/g, '""')}"`);
    const md = renderArtifactMarkdown('quiz', quiz);
    expect(md).toContain('   - _Source:_ hand-hygiene.docx, part 3: "Rub hands with alcohol-based hand rub');
    expect(md.match(/_Source:_/g)).toHaveLength(2);
  });
});
