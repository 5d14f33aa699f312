// QTI 1.2 (Canvas), Blackboard's tab-delimited upload, Brightspace's CSV and the SCORM 2004 manifest (issue 38),
// read back with an XML/CSV parser and checked against the documented structures
// (docs/decisions/lms-packages.md).
import { parse, validate } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { QuizArtifact } from '../../../schemas/artifacts.js';
import { quizToBlackboard } from './blackboard.js';
import { quizToBrightspace } from './brightspace.js';
import { exportArtifact } from './index.js';
import { xml } from './escape.js';
import { quizToQti12, quizToQti12Files } from './qti12.js';
import { quizToScorm2004, scenarioToScorm2004 } from './scorm.js';
import { NASTY, quizFixture, scenarioFixture } from './test-fixtures.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed XML is untyped */
const options = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseNodeValue: false,
  parseAttributeValue: false,
  arrayMode: (name: string) =>
    ['item', 'response_label', 'respcondition', 'response_lid', 'varequal', 'itemfeedback', 'not'].includes(
      name,
    ),
};
/** The text of a parsed element (fast-xml-parser may wrap it in an array). */
const txt = (v: any): string => String([v?.['#text'] ?? v].flat()[0]);
const unzip = (buffer: Buffer) =>
  Object.fromEntries(Object.entries(unzipSync(new Uint8Array(buffer))).map(([k, v]) => [k, strFromU8(v)]));

describe('QTI 1.2 package (Canvas)', () => {
  const files = quizToQti12Files(quizFixture);
  const doc = parse(files['assessment.xml']!, options) as any;
  const items = doc.questestinterop.assessment.section.item as any[];
  const meta = (item: any) =>
    Object.fromEntries(
      (item.itemmetadata.qtimetadata.qtimetadatafield as any[]).map((f) => [f.fieldlabel, f.fieldentry]),
    );

  it('zips a manifest with one imsqti_xmlv1p2 resource and a well-formed assessment', () => {
    expect(Object.keys(unzip(quizToQti12(quizFixture))).sort()).toEqual([
      'assessment.xml',
      'imsmanifest.xml',
    ]);
    for (const text of Object.values(files)) expect(validate(text)).toBe(true);
    const manifest = (parse(files['imsmanifest.xml']!, options) as any).manifest;
    expect(manifest['@_xmlns']).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
    expect(manifest.resources.resource['@_type']).toBe('imsqti_xmlv1p2');
    expect(manifest.resources.resource.file['@_href']).toBe('assessment.xml');
    expect(doc.questestinterop['@_xmlns']).toBe('http://www.imsglobal.org/xsd/ims_qtiasiv1p2');
    expect(items).toHaveLength(5);
  });

  it('writes Canvas question types; single choice has Single cardinality and one key scoring 100', () => {
    expect(items.map((i) => meta(i).question_type)).toEqual([
      'multiple_choice_question',
      'multiple_answers_question',
      'true_false_question',
      'short_answer_question',
      'matching_question',
    ]);
    const [single, multi, tf] = items;
    expect(single.presentation.response_lid[0]['@_rcardinality']).toBe('Single');
    const scoring = (single.resprocessing.respcondition as any[]).filter((c) => c.setvar);
    expect(scoring).toHaveLength(1);
    expect(txt(scoring[0].conditionvar.varequal[0])).toBe('A');
    expect(txt(scoring[0].setvar)).toBe('100');
    expect(txt(single.presentation.material.mattext)).toContain(xml(NASTY));
    // Several keys: every key and no wrong option.
    expect(multi.presentation.response_lid[0]['@_rcardinality']).toBe('Multiple');
    const and = (multi.resprocessing.respcondition as any[]).find((c) => c.setvar).conditionvar.and;
    expect(and.varequal.map((v: any) => txt(v))).toEqual(['A', 'B', 'D']);
    expect(and.not.map((n: any) => txt(n.varequal[0]))).toEqual(['C']);
    // True/false: True first, the key is True.
    const labels = tf.presentation.response_lid[0].render_choice.response_label;
    expect(labels.map((l: any) => txt(l.material.mattext))).toEqual(['True', 'False']);
    expect(
      txt((tf.resprocessing.respcondition as any[]).find((c) => c.setvar).conditionvar.varequal[0]),
    ).toBe('A');
  });

  it('writes every accepted short answer, and matching with a share of 100 per right pair', () => {
    const [, , , short, matching] = items;
    const cond = (short.resprocessing.respcondition as any[]).find((c) => c.setvar);
    expect(cond.conditionvar.varequal.map((v: any) => txt(v))).toEqual([
      'alcohol rub',
      'hand sanitiser',
      'rub = gel',
    ]);
    expect(short.presentation.response_str.render_fib).toBeDefined();
    expect(matching.presentation.response_lid).toHaveLength(3);
    const adds = (matching.resprocessing.respcondition as any[]).map((c) => Number(txt(c.setvar)));
    expect(adds.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 1);
  });

  it('keeps option feedback (displayfeedback → itemfeedback) and the general feedback', () => {
    const [single] = items;
    const fb = (single.itemfeedback as any[]).map((f) => [f['@_ident'], txt(f.flow_mat.material.mattext)]);
    expect(fb).toEqual([
      ['general_fb', 'Moment 1 protects the patient.'],
      ['A_fb', 'Yes = moment 1.'],
      ['B_fb', 'That is moment #3.'],
    ]);
  });
});

describe('Blackboard question file', () => {
  const text = quizToBlackboard(quizFixture);
  const rows = text
    .trimEnd()
    .split('\r\n')
    .map((r) => r.split('\t'));

  it('writes one tab-delimited row per question, no header, no blank line, English answer words', () => {
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r[0])).toEqual(['MC', 'MA', 'TF', 'FIB', 'MAT']);
    expect(rows[0]!.slice(2)).toEqual([
      'Before patient contact',
      'correct',
      'After body fluid ~ exposure',
      'incorrect',
      'Ratio 1:2 {braces}',
      'incorrect',
    ]);
    expect(rows[1]!.filter((f) => f === 'correct')).toHaveLength(3);
    expect(rows[2]).toEqual(['TF', 'Alcohol rub takes 20–30 seconds.', 'true']);
    expect(rows[3]!.slice(2)).toEqual(['alcohol rub', 'hand sanitiser', 'rub = gel']);
    expect(rows[4]!.slice(2, 4)).toEqual(['Before patient contact', 'Moment 1']);
  });

  it('HTML-escapes texts and keeps tabs and line breaks out of a field', () => {
    expect(rows[0]![1]).toContain('&lt;script&gt;');
    const data: QuizArtifact = {
      ...quizFixture,
      items: [{ ...quizFixture.items[2]!, stem: 'Line one\nline\ttwo' }],
    };
    expect(quizToBlackboard(data)).toBe('TF\tLine one<br>line two\ttrue\r\n');
  });
});

describe('Brightspace CSV', () => {
  const csv = quizToBrightspace(quizFixture);
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
  const blocks = rows.reduce<string[][][]>((acc, r) => {
    if (r[0] === 'NewQuestion') acc.push([]);
    if (r[0]) acc[acc.length - 1]!.push(r);
    return acc;
  }, []);
  const rowsOf = (block: string[][], key: string) => block.filter((r) => r[0] === key);

  it('writes five-column question blocks with a BOM, one per question, in D2L type codes', () => {
    expect(csv.startsWith('\uFEFFNewQuestion,MC,,,')).toBe(true);
    expect(rows.every((r) => r.length === 5)).toBe(true);
    expect(blocks.map((b) => b[0]![1])).toEqual(['MC', 'MS', 'TF', 'SA', 'M']);
    for (const b of blocks) {
      expect(b.slice(1, 6).map((r) => r[0])).toEqual(['ID', 'Title', 'QuestionText', 'Points', 'Difficulty']);
    }
    expect(rowsOf(blocks[0]!, 'QuestionText')[0]![1]).toContain(NASTY);
  });

  it('writes the key of a single choice at 100 with option feedback, and multi-select with RightAnswers', () => {
    expect(rowsOf(blocks[0]!, 'Option')).toEqual([
      ['Option', '100', 'Before patient contact', '', 'Yes = moment 1.'],
      ['Option', '0', 'After body fluid ~ exposure', '', 'That is moment #3.'],
      ['Option', '0', 'Ratio 1:2 {braces}', '', ''],
    ]);
    expect(rowsOf(blocks[0]!, 'Feedback')[0]![1]).toBe('Moment 1 protects the patient.');
    expect(rowsOf(blocks[1]!, 'Scoring')[0]![1]).toBe('RightAnswers');
    expect(rowsOf(blocks[1]!, 'Option').map((r) => r[1])).toEqual(['1', '1', '0', '1']);
    const negative = quizToBrightspace({ ...quizFixture, negativeMarking: true });
    expect(negative).toContain('Scoring,RightMinusWrong');
  });

  it('writes true/false, short answers with every variant, and matching choices with their matches', () => {
    expect(rowsOf(blocks[2]!, 'TRUE')[0]!.slice(0, 2)).toEqual(['TRUE', '100']);
    expect(rowsOf(blocks[2]!, 'FALSE')[0]!.slice(0, 2)).toEqual(['FALSE', '0']);
    expect(rowsOf(blocks[3]!, 'Answer').map((r) => r.slice(0, 3))).toEqual([
      ['Answer', '100', 'alcohol rub'],
      ['Answer', '100', 'hand sanitiser'],
      ['Answer', '100', 'rub = gel'],
    ]);
    expect(rowsOf(blocks[4]!, 'Choice').map((r) => r[1])).toEqual(['1', '2', '3']);
    expect(rowsOf(blocks[4]!, 'Match').map((r) => [r[1], r[2]])).toEqual([
      ['1', 'Moment 1'],
      ['2', 'Moment 2'],
      ['3', 'Moment 3 {risk}'],
    ]);
  });
});

describe('SCORM 2004 4th Edition packages', () => {
  it("hold a 2004 4th Edition manifest and ADL's control schema files: one SCO, default sequencing, the mastery as minNormalizedMeasure", () => {
    for (const [buffer, mastery] of [
      [quizToScorm2004(quizFixture), '0.8'],
      [scenarioToScorm2004({ ...scenarioFixture, masteryScore: 70 }), '0.7'],
    ] as const) {
      const files = unzip(buffer);
      // The control schema files at the root, as ADL's packages have them (schemas.int.test.ts validates
      // the manifest against them).
      expect(Object.keys(files).sort()).toEqual([
        'XMLSchema.dtd',
        'adlcp_v1p3.xsd',
        'adlnav_v1p3.xsd',
        'adlseq_v1p3.xsd',
        'datatypes.dtd',
        'imscp_v1p1.xsd',
        'imsmanifest.xml',
        'imsss_v1p0.xsd',
        'imsss_v1p0auxresource.xsd',
        'imsss_v1p0control.xsd',
        'imsss_v1p0delivery.xsd',
        'imsss_v1p0limit.xsd',
        'imsss_v1p0objective.xsd',
        'imsss_v1p0random.xsd',
        'imsss_v1p0rollup.xsd',
        'imsss_v1p0seqrule.xsd',
        'imsss_v1p0util.xsd',
        'index.html',
        'xml.xsd',
      ]);
      expect(validate(files['imsmanifest.xml']!)).toBe(true);
      const { manifest } = parse(files['imsmanifest.xml']!, options) as any;
      expect(manifest['@_xmlns']).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
      expect(manifest['@_xmlns:adlcp']).toBe('http://www.adlnet.org/xsd/adlcp_v1p3');
      expect(manifest['@_xmlns:imsss']).toBe('http://www.imsglobal.org/xsd/imsss');
      expect(manifest.metadata).toEqual({ schema: 'ADL SCORM', schemaversion: '2004 4th Edition' });
      const org = manifest.organizations.organization;
      expect(org['imsss:sequencing']['imsss:controlMode']).toMatchObject({
        '@_choice': 'true',
        '@_flow': 'true',
      });
      const item = org.item[0];
      const objective = item['imsss:sequencing']['imsss:objectives']['imsss:primaryObjective'];
      expect(objective['imsss:minNormalizedMeasure']).toBe(mastery);
      expect(objective['@_satisfiedByMeasure']).toBe('false');
      expect(manifest.resources.resource['@_adlcp:scormType']).toBe('sco');
    }
  });

  it('exports by the format names (qti12, blackboard, brightspace, scorm2004) with their files', async () => {
    const names = await Promise.all(
      (['qti12', 'blackboard', 'brightspace', 'scorm2004'] as const).map(async (f) => {
        const file = await exportArtifact('quiz', quizFixture, f);
        return [file.filename, file.contentType];
      }),
    );
    expect(names).toEqual([
      ['hand-hygiene-5-moments-check-more.qti12.zip', 'application/zip'],
      ['hand-hygiene-5-moments-check-more.blackboard.txt', 'text/plain; charset=utf-8'],
      ['hand-hygiene-5-moments-check-more.brightspace.csv', 'text/csv; charset=utf-8'],
      ['hand-hygiene-5-moments-check-more.scorm2004.zip', 'application/zip'],
    ]);
    const scenario = await exportArtifact('scenario', scenarioFixture, 'scorm2004');
    expect(scenario.filename).toMatch(/\.scorm2004\.zip$/);
  });
});
