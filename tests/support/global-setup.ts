import { wipeData } from '../../local-supabase/src/db.ts';
import type { TestProject } from 'vitest/node';
import { startStack, type RunningStack } from '../../local-supabase/src/stack.ts';
import { testStackConfig } from './test-config.ts';

const stacks = new Map<string, RunningStack>();

/** Starts one fresh local stack (new database, migrations, seed) per Vitest project that uses this setup. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.LOCAL_SUPABASE_TEST = '1';
  process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS ??= 'tests/fixtures/functions'; // fixture functions beside supabase/functions
  const config = testStackConfig(Number(project.config.env?.LOCAL_SUPABASE_TEST_PORT_OFFSET ?? 0));
  wipeData(config);
  const quiet = process.env.LOCAL_SUPABASE_TEST_LOGS !== '1';
  stacks.set(
    project.name,
    await startStack(config, (source, msg) => {
      if (!quiet) console.log(`[${project.name}:${source}] ${msg}`);
    }),
  );
  return async () => {
    await stacks.get(project.name)?.stop();
    stacks.delete(project.name);
  };
}
