// Input schemas and constants of the assistant's file procedures (SPEC §5 Upload, §7 Assistant files),
// shared by tRPC, REST and the web app.
import { z } from 'zod';

/** The 14 types SPEC §5 accepts, by extension, with the MIME type stored for each. */
export const ACCEPTED_FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type AcceptedExtension = keyof typeof ACCEPTED_FILE_TYPES;
export const ACCEPTED_EXTENSIONS = Object.keys(ACCEPTED_FILE_TYPES) as AcceptedExtension[];
/** For `<input accept>`: `.pdf,.doc,…`. */
export const FILE_INPUT_ACCEPT = ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Files one upload request may carry (multipart field `file`, repeated). */
export const MAX_FILES_PER_UPLOAD = 10;
/** Longest stored file name, in UTF-8 bytes. */
export const MAX_FILENAME_BYTES = 255;

export const FILE_STATUSES = ['PROCESSING', 'READY', 'FAILED'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** `code` of the upload refusals (REST body `{error, code}`; tRPC `data.appCode`). */
export const FILE_ERROR_CODES = {
  /** 415: not one of the 14 types, or the content is not what the extension says. */
  UNSUPPORTED_FILE_TYPE: 'UNSUPPORTED_FILE_TYPE',
  /** 413: larger than UPLOAD_MAX_BYTES. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** 400: a file of 0 bytes. */
  EMPTY_FILE: 'EMPTY_FILE',
  /** 400: more than MAX_FILES_PER_UPLOAD files in one request. */
  TOO_MANY_FILES: 'TOO_MANY_FILES',
  /** 400: no multipart field `file` (or not a multipart request). */
  NO_FILE: 'NO_FILE',
} as const;

/** A file as the API shows it (SPEC §3 Session file: id, filename, fileSize, openaiFileId; plus its state). */
export interface SessionFileView {
  id: string;
  filename: string;
  fileSize: number;
  mimeType: string;
  status: FileStatus;
  /** Why extraction failed (status FAILED). */
  failureReason: string | null;
  /** The extracted text was longer than the cap and only its start is used. */
  textTruncated: boolean;
  openaiFileId: string | null;
  messageId: string | null;
  createdAt: Date;
}

const idSchema = (what: string) => z.string().min(1, `${what} is required`).max(100);

export const listFilesSchema = z.object({ sessionId: idSchema('Session id') });
export const deleteFileSchema = z.object({ sessionId: idSchema('Session id'), fileId: idSchema('File id') });
