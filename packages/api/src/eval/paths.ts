// Where the eval's files live in the repository (whatever the working directory).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEFAULT_CORPUS = path.join(ROOT, 'eval/corpus');
export const DEFAULT_OUT = path.join(ROOT, 'eval/out');
export const FLOORS_FILE = path.join(ROOT, 'eval/floors.json');
