import { fileURLToPath } from 'node:url';

/** The package's folder (local-supabase/). */
export const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
/** Functions only the conformance suite calls, served beside the project's own (LOCAL_SUPABASE_FUNCTIONS_DIRS). */
export const FIXTURE_FUNCTIONS = fileURLToPath(new URL('../fixtures/functions', import.meta.url)).replace(/\/$/, '');
/** The `local-supabase` command, as npm links it into node_modules/.bin; run it as `node <CLI> stack`. */
export const CLI = fileURLToPath(new URL('../../bin/local-supabase.mjs', import.meta.url));
