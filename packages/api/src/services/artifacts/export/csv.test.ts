import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { modalityToCsv, objectivesToCsv, QUIZ_CSV_COLUMNS, quizToCsv } from './csv.js';
import { modalityFixture, NASTY, objectivesFixture, quizFixture } from './test-fixtures.js';

const read = (csv: string) => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true }).data;
};

describe('CSV exports', () => {
  it('quiz: one row per item with documented columns, and text that round-trips', () => {
    const csv = quizToCsv(quizFixture);
    expect(csv.split('\r\n')[0]).toBe(`\uFEFF${QUIZ_CSV_COLUMNS.map((c) => `"${c}"`).join(',')}`);
    const rows = read(csv);
    expect(rows).toHaveLength(5);
    expect(rows[0]!.Question).toBe(quizFixture.items[0]!.stem);
    expect(rows[0]!.Question).toContain(NASTY);
    expect(rows[0]!['Option A']).toBe('Before patient contact');
    expect(rows[0]!['Option D']).toBe('');
    expect(rows[0]!.Correct).toBe('A');
    expect(rows[0]!['Option feedback']).toBe('A: Yes = moment 1.\nB: That is moment #3.');
    expect(rows[0]!.Objective).toBe('Identify the 5 moments for hand hygiene');
    expect(rows[1]!.Correct).toBe('A;B;D');
    expect(rows[1]!['Option D']).toBe('日本語の選択肢');
    expect(rows[3]!.Correct).toBe('alcohol rub ; hand sanitiser ; rub = gel');
    expect(rows[4]!.Correct).toBe(
      'Before patient contact -> Moment 1 ; Before an aseptic task -> Moment 2 ; After body fluid exposure -> Moment 3 {risk}',
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const data = structuredClone(quizFixture);
    data.items[0]!.stem = '=HYPERLINK("http://evil.example","click")';
    expect(read(quizToCsv(data))[0]!.Question).toBe(`'=HYPERLINK("http://evil.example","click")`);
  });

  it('objectives and modality advice', () => {
    const objectives = read(objectivesToCsv(objectivesFixture));
    expect(objectives.map((r) => [r.Number, r.Verb, r['Bloom level'], r.Criterion])).toEqual([
      ['1', 'identify', 'Remember', 'with no errors in 3 of 3 cases'],
      ['2', 'apply', 'Apply', 'within 5 minutes'],
    ]);
    const modality = read(modalityToCsv(modalityFixture));
    expect(modality[0]).toEqual({
      Objective: 'Identify the three fall-risk factors',
      Modality: 'Microlearning',
      Rationale: 'Short recall practice fits between shifts.',
      Effort: 'low',
      Tools: 'LMS; Mobile',
    });
  });
});
