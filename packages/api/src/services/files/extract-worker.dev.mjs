// Development/test entry of the extraction worker: registers tsx in this worker thread, then loads the
// TypeScript worker. The built server uses dist/extract-worker.js instead (apps/server/build.mjs).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./extract-worker.ts');
export default worker.default;
