// One entry for every artifact export: checks the format is one EXPORT_FORMATS_BY_KIND offers for the kind
// (400 naming the allowed ones otherwise) and that the data is a valid artifact of the kind, then hands it to
// the format's module. File names come from the title (file-name.ts).
import { appError, formatZodError } from '../../../errors.js';
import { ERROR_CODES } from '../../../schemas/error-codes.js';
import {
  ARTIFACT_KIND_LABELS,
  ARTIFACT_KINDS,
  ARTIFACT_SCHEMAS,
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS_BY_KIND,
  type ArtifactDataByKind,
  type ArtifactKind,
  type ExportFormat,
} from '../../../schemas/artifacts.js';
import { renderArtifactMarkdown } from '../markdown.js';
import { modalityToCsv, objectivesToCsv, quizToCsv } from './csv.js';
import { artifactToDocx, type DocxKind } from './docx.js';
import { fileNameFor } from './file-name.js';
import { quizToGift } from './gift.js';
import { quizToMoodleXml } from './moodle-xml.js';
import { quizToQti } from './qti.js';
import { scenarioPlayerHtml } from './scenario-player.js';
import { quizToScorm, quizToScorm2004, scenarioToScorm, scenarioToScorm2004 } from './scorm.js';
import { quizToBlackboard } from './blackboard.js';
import { quizToCmi5, scenarioToCmi5 } from './cmi5.js';
import { quizToBrightspace } from './brightspace.js';
import { quizToQti12 } from './qti12.js';

export interface ExportedFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** What each format writes: file-name suffix + extension and content type. */
const FILE_TYPES: Record<ExportFormat, { suffix: string; contentType: string }> = {
  gift: { suffix: 'gift.txt', contentType: 'text/plain; charset=utf-8' },
  moodle_xml: { suffix: 'moodle.xml', contentType: 'application/xml; charset=utf-8' },
  qti: { suffix: 'qti21.zip', contentType: 'application/zip' },
  csv: { suffix: 'csv', contentType: 'text/csv; charset=utf-8' },
  markdown: { suffix: 'md', contentType: 'text/markdown; charset=utf-8' },
  docx: { suffix: 'docx', contentType: DOCX_TYPE },
  json: { suffix: 'json', contentType: 'application/json; charset=utf-8' },
  html: { suffix: 'html', contentType: 'text/html; charset=utf-8' },
  scorm: { suffix: 'scorm12.zip', contentType: 'application/zip' },
  qti12: { suffix: 'qti12.zip', contentType: 'application/zip' },
  blackboard: { suffix: 'blackboard.txt', contentType: 'text/plain; charset=utf-8' },
  brightspace: { suffix: 'brightspace.csv', contentType: 'text/csv; charset=utf-8' },
  scorm2004: { suffix: 'scorm2004.zip', contentType: 'application/zip' },
  cmi5: { suffix: 'cmi5.zip', contentType: 'application/zip' },
};

async function bodyFor(
  kind: ArtifactKind,
  data: ArtifactDataByKind[ArtifactKind],
  format: ExportFormat,
): Promise<Buffer> {
  // EXPORT_FORMATS_BY_KIND was checked, so each branch only sees the kinds that offer its format.
  const as = <K extends ArtifactKind>(_k: K) => data as ArtifactDataByKind[K];
  switch (format) {
    case 'markdown':
      return utf8(renderArtifactMarkdown(kind, data));
    case 'gift':
      return utf8(quizToGift(as('quiz')));
    case 'moodle_xml':
      return utf8(quizToMoodleXml(as('quiz')));
    case 'qti':
      return quizToQti(as('quiz'));
    case 'csv':
      if (kind === 'quiz') return utf8(quizToCsv(as('quiz')));
      if (kind === 'objectives') return utf8(objectivesToCsv(as('objectives')));
      return utf8(modalityToCsv(as('modality')));
    case 'docx':
      return artifactToDocx(kind as DocxKind, data as ArtifactDataByKind[DocxKind]);
    case 'json':
      return utf8(`${JSON.stringify(data, null, 2)}\n`);
    case 'html':
      return utf8(scenarioPlayerHtml(as('scenario')));
    case 'scorm':
      return kind === 'quiz' ? quizToScorm(as('quiz')) : scenarioToScorm(as('scenario'));
    case 'scorm2004':
      return kind === 'quiz' ? quizToScorm2004(as('quiz')) : scenarioToScorm2004(as('scenario'));
    case 'cmi5':
      return kind === 'quiz' ? quizToCmi5(as('quiz')) : scenarioToCmi5(as('scenario'));
    case 'qti12':
      return quizToQti12(as('quiz'));
    case 'blackboard':
      return utf8(quizToBlackboard(as('quiz')));
    case 'brightspace':
      return utf8(quizToBrightspace(as('quiz')));
  }
}

/** The artifact as a file in `format`; 400 for a format the kind does not offer or data that is not valid. */
export async function exportArtifact(
  kind: ArtifactKind,
  data: unknown,
  format: ExportFormat,
): Promise<ExportedFile> {
  if (!ARTIFACT_KINDS.includes(kind)) {
    throw appError('BAD_REQUEST', `Unknown artifact kind. Kinds: ${ARTIFACT_KINDS.join(', ')}`);
  }
  const allowed = EXPORT_FORMATS_BY_KIND[kind];
  if (!allowed.includes(format)) {
    const names = allowed.map((f) => `${f} (${EXPORT_FORMAT_LABELS[f]})`).join(', ');
    throw appError(
      'BAD_REQUEST',
      `${ARTIFACT_KIND_LABELS[kind]} cannot be exported as ${EXPORT_FORMAT_LABELS[format] ?? String(format)}. Formats: ${names}.`,
      { appCode: ERROR_CODES.VALIDATION_ERROR, extra: { formats: allowed } },
    );
  }
  const parsed = ARTIFACT_SCHEMAS[kind].safeParse(data);
  if (!parsed.success) {
    throw appError(
      'BAD_REQUEST',
      `The ${ARTIFACT_KIND_LABELS[kind].toLowerCase()} is not valid: ${formatZodError(parsed.error)}`,
      {
        appCode: ERROR_CODES.VALIDATION_ERROR,
      },
    );
  }
  const valid = parsed.data as ArtifactDataByKind[ArtifactKind];
  const { suffix, contentType } = FILE_TYPES[format];
  return {
    filename: fileNameFor(valid.title, kind.replace('_', '-'), suffix),
    contentType,
    body: await bodyFor(kind, valid, format),
  };
}
