import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../../errors.js';
import { EXPORT_FORMATS_BY_KIND, type ArtifactKind } from '../../../schemas/artifacts.js';
import { exportArtifact } from './index.js';
import { fileNameFor } from './file-name.js';
import {
  modalityFixture,
  objectivesFixture,
  planFixture,
  quizFixture,
  scenarioFixture,
  smeSummaryFixture,
} from './test-fixtures.js';

const FIXTURES: Record<ArtifactKind, unknown> = {
  objectives: objectivesFixture,
  quiz: quizFixture,
  scenario: scenarioFixture,
  modality: modalityFixture,
  plan: planFixture,
  sme_summary: smeSummaryFixture,
};

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).not.toBeNull();
  return toHttpError(err);
}

describe('exportArtifact', () => {
  it('exports every kind to every format it offers', async () => {
    for (const kind of Object.keys(FIXTURES) as ArtifactKind[]) {
      for (const format of EXPORT_FORMATS_BY_KIND[kind]) {
        const file = await exportArtifact(kind, FIXTURES[kind], format);
        expect(file.body.length, `${kind} ${format}`).toBeGreaterThan(100);
        expect(file.filename).toMatch(/^[a-z0-9-]+\.[a-z0-9.]+$/);
      }
    }
  });

  it('names files and types per format', async () => {
    const cases = [
      ['quiz', 'gift', 'hand-hygiene-5-moments-check-more.gift.txt', 'text/plain; charset=utf-8'],
      [
        'quiz',
        'moodle_xml',
        'hand-hygiene-5-moments-check-more.moodle.xml',
        'application/xml; charset=utf-8',
      ],
      ['quiz', 'qti', 'hand-hygiene-5-moments-check-more.qti21.zip', 'application/zip'],
      ['quiz', 'scorm', 'hand-hygiene-5-moments-check-more.scorm12.zip', 'application/zip'],
      ['quiz', 'csv', 'hand-hygiene-5-moments-check-more.csv', 'text/csv; charset=utf-8'],
      ['quiz', 'markdown', 'hand-hygiene-5-moments-check-more.md', 'text/markdown; charset=utf-8'],
      [
        'objectives',
        'docx',
        'fall-prevention-objectives.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['scenario', 'html', 'difficult-conversation-script-alert-1-script.html', 'text/html; charset=utf-8'],
      [
        'scenario',
        'json',
        'difficult-conversation-script-alert-1-script.json',
        'application/json; charset=utf-8',
      ],
    ] as const;
    for (const [kind, format, filename, contentType] of cases) {
      const file = await exportArtifact(kind, FIXTURES[kind], format);
      expect([file.filename, file.contentType]).toEqual([filename, contentType]);
    }
  });

  it('writes the scenario JSON pretty and unchanged, and the SCORM package as a zip', async () => {
    const json = await exportArtifact('scenario', scenarioFixture, 'json');
    expect(JSON.parse(json.body.toString('utf8'))).toEqual(scenarioFixture);
    expect(json.body.toString('utf8')).toContain('\n  "title"');
    const scorm = await exportArtifact('quiz', quizFixture, 'scorm');
    // The manifest, the player and SCORM 1.2's control schema files (players.test.ts lists them).
    expect(Object.keys(unzipSync(new Uint8Array(scorm.body)))).toEqual(
      expect.arrayContaining(['imsmanifest.xml', 'index.html', 'imscp_rootv1p1p2.xsd']),
    );
    const md = await exportArtifact('plan', planFixture, 'markdown');
    expect(strFromU8(md.body)).toMatch(/^# Fall prevention programme\n/);
  });

  it('refuses a format the kind does not offer with 400 naming the allowed ones', async () => {
    const { status, body } = await refusal(exportArtifact('objectives', objectivesFixture, 'scorm'));
    expect(status).toBe(400);
    expect(body).toEqual({
      error:
        'Learning objectives cannot be exported as SCORM 1.2 package. Formats: markdown (Markdown), docx (Word (.docx)), csv (CSV).',
      code: 'validation_error',
      formats: ['markdown', 'docx', 'csv'],
    });
    expect((await refusal(exportArtifact('scenario', scenarioFixture, 'gift'))).status).toBe(400);
  });

  it('refuses invalid data and unknown kinds with 400, never 500', async () => {
    const bad = await refusal(exportArtifact('quiz', { ...quizFixture, items: [] }, 'gift'));
    expect(bad).toEqual({
      status: 400,
      body: { error: 'The quiz is not valid: items: Add at least one question', code: 'validation_error' },
    });
    expect((await refusal(exportArtifact('quiz', null, 'gift'))).status).toBe(400);
    expect((await refusal(exportArtifact('nope' as ArtifactKind, quizFixture, 'gift'))).status).toBe(400);
    const keyless = structuredClone(quizFixture);
    keyless.items[0]!.options.forEach((o) => (o.correct = false));
    const noKey = await refusal(exportArtifact('quiz', keyless, 'qti'));
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toBe('Cannot export to QTI: question 1 has no correct option.');
  });
});

describe('fileNameFor', () => {
  it('makes a safe ASCII slug of at most 80 characters', () => {
    expect(fileNameFor('Café  déjà-vu: ../../etc/passwd', 'quiz', 'md')).toBe('cafe-deja-vu-etc-passwd.md');
    expect(fileNameFor('日本語のクイズ', 'quiz', 'gift.txt')).toBe('quiz.gift.txt');
    expect(fileNameFor('C:\\Windows\\system32 "x" <y>|z?*', 'quiz', 'csv')).toBe(
      'c-windows-system32-x-y-z.csv',
    );
    const long = fileNameFor('word '.repeat(40), 'quiz', 'md');
    expect(long.length).toBeLessThanOrEqual(83);
    expect(long).toMatch(/^word(-word)*\.md$/);
  });
});
