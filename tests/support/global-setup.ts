import { wipeData } from '../../local-supabase/src/db.ts';
import type { TestProject } from 'vitest/node';
import { startStack, type RunningStack } from '../../local-supabase/src/stack.ts';
import { testStackConfig } from './test-config.ts';

let stack: RunningStack | undefined;

/** Starts one fresh local stack (new database, migrations, seed) for the whole integration run. */
export async function setup(_project: TestProject): Promise<void> {
  process.env.LOCAL_SUPABASE_TEST = '1';
  process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS ??= 'tests/fixtures/functions'; // fixture functions beside supabase/functions
  const config = testStackConfig();
  wipeData(config);
  const quiet = process.env.LOCAL_SUPABASE_TEST_LOGS !== '1';
  stack = await startStack(config, (source, msg) => {
    if (!quiet) console.log(`[${source}] ${msg}`);
  });
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
