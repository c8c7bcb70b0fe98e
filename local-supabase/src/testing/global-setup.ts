import { wipeData } from '../db.ts';
import { startStack } from '../stack.ts';
import { testStackConfig } from './test-config.ts';

/** The part of a Vitest project a global setup needs (vitest/node's TestProject has these). */
export interface TestProjectLike {
  name: string;
  config: { env?: Record<string, string | undefined> };
}

export interface StackGlobalSetupOptions {
  /** Extra function roots served beside `supabase/functions` (LOCAL_SUPABASE_FUNCTIONS_DIRS), e.g. fixtures. */
  functionsDirs?: string[];
}

/**
 * A Vitest global setup (`export const setup = stackGlobalSetup()` in the file `globalSetup` names): one fresh
 * stack (new database, migrations, seed) per project that uses it, on testStackConfig's ports moved by that
 * project's LOCAL_SUPABASE_TEST_PORT_OFFSET. Returns the teardown that stops it. LOCAL_SUPABASE_TEST_LOGS=1
 * prints the stack's logs.
 */
export function stackGlobalSetup(
  opts: StackGlobalSetupOptions = {},
): (project: TestProjectLike) => Promise<() => Promise<void>> {
  return async function setup(project) {
    process.env.LOCAL_SUPABASE_TEST = '1';
    const config = testStackConfig(Number(project.config.env?.LOCAL_SUPABASE_TEST_PORT_OFFSET ?? 0));
    wipeData(config);
    const quiet = process.env.LOCAL_SUPABASE_TEST_LOGS !== '1';
    // The functions service reads its roots once, as it starts; other projects' stacks must not see ours.
    const before = process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS;
    if (opts.functionsDirs) process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS = opts.functionsDirs.join(',');
    try {
      const stack = await startStack(config, (source, msg) => {
        if (!quiet) console.log(`[${project.name}:${source}] ${msg}`);
      });
      return () => stack.stop();
    } finally {
      if (before === undefined) delete process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS;
      else process.env.LOCAL_SUPABASE_FUNCTIONS_DIRS = before;
    }
  };
}
