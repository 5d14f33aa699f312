// Every item type in every quiz format (issue 38 item 1): one quiz with single choice, a "multiple choice" with
// one key, multiple response with two and three keys, true/false (False the key), short answer with variants and
// matching and ordering, exported to GIFT, Moodle XML, QTI 2.1, QTI 1.2, Blackboard, Brightspace, CSV, Markdown
// and the SCORM 1.2 / 2004 / cmi5 players, each read back with a parser and checked item by item: one key is
// single-answer everywhere (GIFT `=` with exactly one correct answer when gift-pegjs parses it back, Moodle
// `<single>true</single>`, QTI cardinality single, radio buttons), multiple response weights sum to 100 % with no
// negative marks unless the quiz turns them on; ordering is qtype_ordering in Moodle XML, an orderInteraction
// (cardinality ordered) in QTI 2.1, ORD in Blackboard, O in Brightspace, and matching step → position in GIFT
// and QTI 1.2 (neither has ordering).
import { parse as parseXml } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { parse as parseGift, type GIFTQuestion } from 'gift-pegjs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { QuizArtifact } from '../../../schemas/artifacts.js';
import { exportArtifact } from './index.js';
import { everyItemTypeQuiz } from './test-fixtures.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed XML and GIFT are untyped here */
const quiz = everyItemTypeQuiz;
const ITEMS = quiz.items;
const negativeQuiz: QuizArtifact = { ...quiz, negativeMarking: true };
/** Which items are single-answer (one key) and the keys of each choice item. */
const SINGLE = [true, true, false, false, true, false, false, false];
const KEYS = ITEMS.map((item) => item.options.flatMap((o, i) => (o.correct ? [i] : [])));
const VARIANTS = ITEMS[5]!.acceptedAnswers;
const PAIRS = ITEMS[6]!.pairs;
const STEPS = ITEMS[7]!.steps!;
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];

const text = async (data: QuizArtifact, format: Parameters<typeof exportArtifact>[2]) =>
  (await exportArtifact('quiz', data, format)).body.toString('utf8');
const files = async (data: QuizArtifact, format: Parameters<typeof exportArtifact>[2]) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array((await exportArtifact('quiz', data, format)).body))).map(
      ([k, v]) => [k, strFromU8(v)],
    ),
  );
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const xmlOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseNodeValue: false,
  parseAttributeValue: false,
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('every item type in every quiz format', () => {
  it('GIFT (parsed back with gift-pegjs): single-answer items have exactly one correct answer and no weights', async () => {
    const questions = parseGift(await text(quiz, 'gift')) as any[];
    expect(questions.map((q: GIFTQuestion) => q.type)).toEqual([
      'MC',
      'MC',
      'MC',
      'MC',
      'TF',
      'Short',
      'Matching',
      'Matching',
    ]);
    for (const i of [0, 1]) {
      const choices = questions[i].choices as any[];
      expect(choices.filter((c) => c.isCorrect)).toHaveLength(1);
      expect(choices.findIndex((c) => c.isCorrect)).toBe(KEYS[i]![0]);
      expect(choices.every((c) => c.weight === null)).toBe(true);
    }
    for (const i of [2, 3]) {
      const weights = (questions[i].choices as any[]).map((c) => c.weight as number);
      expect(sum(weights.filter((w) => w > 0))).toBeCloseTo(100, 3);
      expect(weights.filter((w) => w < 0)).toEqual([]);
      expect(weights.flatMap((w, j) => (w > 0 ? [j] : []))).toEqual(KEYS[i]);
    }
    expect(questions[4].isTrue).toBe(false);
    expect((questions[5].choices as any[]).map((c) => [c.isCorrect, c.text.text])).toEqual(
      VARIANTS.map((v) => [true, v]),
    );
    expect((questions[6].matchPairs as any[]).map((p) => [p.subquestion.text, p.subanswer])).toEqual(
      PAIRS.map((p) => [p.left, p.right]),
    );
    // GIFT has no ordering question: each step matched to its position.
    expect((questions[7].matchPairs as any[]).map((p) => [p.subquestion.text, p.subanswer])).toEqual(
      STEPS.map((s, i) => [s, ORDINALS[i]]),
    );

    // Negative marking on: the wrong options share -100 %.
    const negative = parseGift(await text(negativeQuiz, 'gift')) as any[];
    for (const i of [2, 3]) {
      const weights = (negative[i].choices as any[]).map((c) => c.weight as number);
      expect(sum(weights.filter((w) => w > 0))).toBeCloseTo(100, 3);
      expect(sum(weights.filter((w) => w < 0))).toBeCloseTo(-100, 3);
    }
    expect((negative[0].choices as any[]).filter((c) => c.isCorrect)).toHaveLength(1);
  });

  it('Moodle XML: <single>true</single> for one key, fractions summing to 100 for several, every type', async () => {
    const read = async (data: QuizArtifact) =>
      list<any>((parseXml(await text(data, 'moodle_xml'), xmlOptions) as any).quiz.question).slice(1);
    const questions = await read(quiz);
    expect(questions.map((q) => q['@_type'])).toEqual([
      'multichoice',
      'multichoice',
      'multichoice',
      'multichoice',
      'truefalse',
      'shortanswer',
      'matching',
      'ordering',
    ]);
    const fractions = (q: any) => list<any>(q.answer).map((a) => Number(a['@_fraction']));
    for (const i of [0, 1, 2, 3]) {
      expect(String(questions[i].single)).toBe(String(SINGLE[i]));
      const f = fractions(questions[i]);
      expect(sum(f.filter((x) => x > 0))).toBeCloseTo(100, 3);
      expect(f.filter((x) => x < 0)).toEqual([]);
      expect(f.flatMap((x, j) => (x > 0 ? [j] : []))).toEqual(KEYS[i]);
      if (SINGLE[i]) expect(f.filter((x) => x === 100)).toHaveLength(1);
    }
    expect(list<any>(questions[4].answer).map((a) => [a.text, a['@_fraction']])).toEqual([
      ['true', '0'],
      ['false', '100'],
    ]);
    expect(list<any>(questions[5].answer).map((a) => [a.text, a['@_fraction']])).toEqual(
      VARIANTS.map((v) => [v, '100']),
    );
    expect(list<any>(questions[6].subquestion).map((s) => [s.text, s.answer.text])).toEqual(
      PAIRS.map((p) => [p.left, p.right]),
    );
    // qtype_ordering: the answers in the correct order, each fraction its position.
    expect(list<any>(questions[7].answer).map((a) => [a.text, a['@_fraction']])).toEqual(
      STEPS.map((s, i) => [s, String(i + 1)]),
    );
    expect(questions[7].selecttype).toBe('ALL');
    expect(questions[7].layouttype).toBe('VERTICAL');
    const negative = await read(negativeQuiz);
    for (const i of [2, 3]) expect(sum(fractions(negative[i]).filter((x) => x < 0))).toBeCloseTo(-100, 3);
  });

  it('QTI 2.1: cardinality single and maxChoices 1 for one key, a mapping summing to 1 for several', async () => {
    const read = async (data: QuizArtifact) => {
      const zip = await files(data, 'qti');
      return ITEMS.map(
        (_, i) => (parseXml(zip[`items/item-${i + 1}.xml`]!, xmlOptions) as any).assessmentItem,
      );
    };
    const items = await read(quiz);
    for (const i of [0, 1, 2, 3, 4]) {
      const declaration = items[i].responseDeclaration;
      const interaction = items[i].itemBody.choiceInteraction;
      expect(declaration['@_cardinality']).toBe(SINGLE[i] ? 'single' : 'multiple');
      expect(interaction['@_maxChoices']).toBe(SINGLE[i] ? '1' : '0');
      const ids = list<any>(interaction.simpleChoice).map((c) => c['@_identifier']);
      expect(list<string>(declaration.correctResponse.value).map((v) => ids.indexOf(v))).toEqual(KEYS[i]);
      if (!SINGLE[i]) {
        const values = list<any>(declaration.mapping.mapEntry).map((e) => Number(e['@_mappedValue']));
        expect(sum(values.filter((v) => v > 0))).toBeCloseTo(1, 4);
        expect(values.filter((v) => v < 0)).toEqual([]);
      }
    }
    const short = items[5].responseDeclaration;
    expect(list<any>(short.mapping.mapEntry).map((e) => e['@_mapKey'])).toEqual(VARIANTS);
    const match = items[6].responseDeclaration;
    expect(match['@_baseType']).toBe('directedPair');
    expect(list<string>(match.correctResponse.value)).toHaveLength(PAIRS.length);
    const order = items[7];
    expect(order.responseDeclaration['@_cardinality']).toBe('ordered');
    expect(order.responseDeclaration['@_baseType']).toBe('identifier');
    const choices = list<any>(order.itemBody.orderInteraction.simpleChoice);
    const byId = new Map(choices.map((c) => [c['@_identifier'], c['#text'] ?? c]));
    expect(list<string>(order.responseDeclaration.correctResponse.value).map((id) => byId.get(id))).toEqual(
      STEPS,
    );

    const negative = await read(negativeQuiz);
    for (const i of [2, 3]) {
      const values = list<any>(negative[i].responseDeclaration.mapping.mapEntry).map((e) =>
        Number(e['@_mappedValue']),
      );
      expect(sum(values.filter((v) => v < 0))).toBeCloseTo(-1, 4);
    }
  });

  it('QTI 1.2 (Canvas): Single cardinality and multiple_choice_question for one key, every type', async () => {
    const zip = await files(quiz, 'qti12');
    const items = list<any>(
      (parseXml(zip['assessment.xml']!, xmlOptions) as any).questestinterop.assessment.section.item,
    );
    const type = (item: any) =>
      list<any>(item.itemmetadata.qtimetadata.qtimetadatafield).find((f) => f.fieldlabel === 'question_type')
        .fieldentry;
    expect(items.map(type)).toEqual([
      'multiple_choice_question',
      'multiple_choice_question',
      'multiple_answers_question',
      'multiple_answers_question',
      'true_false_question',
      'short_answer_question',
      'matching_question',
      'matching_question',
    ]);
    for (const i of [0, 1, 2, 3, 4])
      expect(items[i].presentation.response_lid['@_rcardinality']).toBe(SINGLE[i] ? 'Single' : 'Multiple');
    const scoring = (item: any) => list<any>(item.resprocessing.respcondition).filter((c) => c.setvar);
    for (const i of [0, 1]) expect(scoring(items[i])).toHaveLength(1);
    expect(list<any>(scoring(items[5])[0].conditionvar.varequal).map((v) => v['#text'] ?? v)).toEqual(
      VARIANTS,
    );
    expect(list<any>(items[6].presentation.response_lid)).toHaveLength(PAIRS.length);
    // Canvas has no ordering question: one response_lid per step, the positions as the answers.
    const steps = list<any>(items[7].presentation.response_lid);
    expect(steps.map((r) => r.material.mattext['#text'] ?? r.material.mattext)).toEqual(STEPS);
  });

  it('Blackboard: MC with exactly one correct for one key, MA, TF, FIB with every variant, MAT', async () => {
    const rows = (await text(quiz, 'blackboard'))
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split('\t'));
    expect(rows.map((r) => r[0])).toEqual(['MC', 'MC', 'MA', 'MA', 'TF', 'FIB', 'MAT', 'ORD']);
    for (const i of [0, 1, 2, 3]) {
      const marks = rows[i]!.slice(2).filter((_, j) => j % 2 === 1);
      expect(marks.flatMap((m, j) => (m === 'correct' ? [j] : []))).toEqual(KEYS[i]);
    }
    expect(rows[4]![2]).toBe('false');
    expect(rows[5]!.slice(2)).toEqual(VARIANTS);
    expect(rows[6]!.slice(2)).toEqual(PAIRS.flatMap((p) => [p.left, p.right]));
    expect(rows[7]!.slice(2)).toEqual(STEPS);
  });

  it('Brightspace: MC with one 100 % option for one key, MS, TF, SA with every variant, M', async () => {
    const csv = (await text(quiz, 'brightspace')).replace(/^\uFEFF/, '');
    const blocks = Papa.parse<string[]>(csv)
      .data.filter((r) => r[0])
      .reduce<string[][][]>((acc, r) => {
        if (r[0] === 'NewQuestion') acc.push([]);
        acc[acc.length - 1]!.push(r);
        return acc;
      }, []);
    expect(blocks.map((b) => b[0]![1])).toEqual(['MC', 'MC', 'MS', 'MS', 'TF', 'SA', 'M', 'O']);
    const options = (b: string[][]) => b.filter((r) => r[0] === 'Option').map((r) => Number(r[1]));
    for (const i of [0, 1])
      expect(options(blocks[i]!)).toEqual(ITEMS[i]!.options.map((o) => (o.correct ? 100 : 0)));
    for (const i of [2, 3]) {
      expect(options(blocks[i]!).flatMap((w, j) => (w > 0 ? [j] : []))).toEqual(KEYS[i]);
      expect(blocks[i]!.find((r) => r[0] === 'Scoring')![1]).toBe('RightAnswers');
    }
    expect(blocks[4]!.filter((r) => r[0] === 'TRUE' || r[0] === 'FALSE').map((r) => r.slice(0, 2))).toEqual([
      ['TRUE', '0'],
      ['FALSE', '100'],
    ]);
    expect(blocks[5]!.filter((r) => r[0] === 'Answer').map((r) => r[2])).toEqual(VARIANTS);
    expect(blocks[6]!.filter((r) => r[0] === 'Match').map((r) => r[2])).toEqual(PAIRS.map((p) => p.right));
    expect(blocks[7]!.filter((r) => r[0] === 'Item').map((r) => r[1])).toEqual(STEPS);
  });

  it('CSV: each type named, the keys as letters, the variants and the pairs', async () => {
    const [header, ...rows] = Papa.parse<string[]>(
      (await text(quiz, 'csv')).replace(/^\uFEFF/, ''),
    ).data.filter((r) => r.length > 1);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col('Type')])).toEqual(ITEMS.map((i) => i.type));
    expect(rows.slice(0, 5).map((r) => r[col('Correct')])).toEqual(['B', 'C', 'A;B', 'A;B;D', 'B']);
    for (const v of VARIANTS) expect(rows[5]![col('Correct')]).toContain(v);
    for (const p of PAIRS) expect(rows[6]![col('Correct')]).toContain(`${p.left} -> ${p.right}`);
    expect(rows[7]![col('Correct')]).toBe(STEPS.join(' ; '));
  });

  it('Markdown: the steps shown out of order, the key gives the order', async () => {
    const md = await text(quiz, 'markdown');
    const question = md.slice(md.indexOf('Put the steps of making tea'));
    const shown = [...question.matchAll(/^- \*\*([A-E])\.\*\* (.+)$/gm)].slice(0, 5).map((m) => m[2]);
    expect([...shown].sort()).toEqual([...STEPS].sort());
    expect(shown).not.toEqual(STEPS);
    const letters = STEPS.map((s) => String.fromCharCode(65 + shown.indexOf(s))).join(', ');
    expect(md).toContain(`**8.** ${letters}`);
  });

  it('SCORM 1.2, SCORM 2004 and cmi5 players: radio buttons for one key, weights summing to 100 for several', async () => {
    for (const format of ['scorm', 'scorm2004', 'cmi5'] as const) {
      const html = (await files(quiz, format))['index.html']!;
      const json = /<script type="application\/json" id="artifact-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
      const items = JSON.parse(json).items as any[];
      expect(items.map((i) => !i.several && i.options.length > 0)).toEqual([
        true,
        true,
        false,
        false,
        true,
        false,
        false,
        false,
      ]);
      for (const i of [2, 3]) {
        expect(sum(items[i].weights)).toBeCloseTo(100, 3);
        expect(items[i].weights.filter((w: number) => w < 0)).toEqual([]);
      }
      expect(items[4].trueIndex).toBe(0);
      expect(items[5].acceptedAnswers).toEqual(VARIANTS);
      expect(items[6].pairs).toEqual(PAIRS);
      expect(items[7].type).toBe('ordering');
      expect(items[7].steps).toEqual(STEPS);
      expect([...items[7].start].sort()).toEqual([0, 1, 2, 3, 4]);
      expect(items[7].start).not.toEqual([0, 1, 2, 3, 4]);
    }
  });
});
