// Assistant session files: upload, list, delete, background text extraction and retrieval.
export {
  createFilesService,
  type FilesService,
  type UploadPart,
  fileTooLarge,
  tooManyFiles,
  noFile,
} from './service.js';
export {
  retrieveFileContext,
  type RetrieveFileContextParams,
  type RetrievedFileContext,
} from './retrieval.js';
export { sanitizeFilename } from './names.js';
