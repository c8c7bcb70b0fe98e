import { stackGlobalSetup } from '@good-space/local-supabase/testing';

/** The integration tests' stack: fresh (new database, migrations, seed) on every run, with the app's functions. */
export const setup = stackGlobalSetup();
