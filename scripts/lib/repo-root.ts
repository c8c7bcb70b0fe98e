import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, for the app's scripts and tests (this file is scripts/lib/repo-root.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
