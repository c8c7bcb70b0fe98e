import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The package's two projects, rooted in its folder wherever they run: `npm test` here runs them alone, and the
 * repository's vitest.config.ts lists them beside the app's (Vitest has no projects inside a project's config
 * file, so it imports these) to run everything once.
 * - `stack-unit`: the modules' own tests, beside them in src/, no servers;
 * - `conformance`: tests/, the stack against hosted Supabase's documented behaviour. They create fixture tables,
 *   buckets and functions freely, so they get a fresh stack of their own (tests/support/global-setup.ts) on
 *   LOCAL_SUPABASE_TEST_PORT_BASE's ports (src/testing/test-config.ts); another project that needs a stack moves
 *   its ports with a LOCAL_SUPABASE_TEST_PORT_OFFSET other than 0.
 */
export const localSupabaseProjects = [
  {
    root,
    test: {
      name: 'stack-unit',
      include: ['src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    root,
    test: {
      name: 'conformance',
      include: ['tests/**/*.test.ts'],
      exclude: ['**/node_modules/**'],
      environment: 'node',
      globalSetup: ['./tests/support/global-setup.ts'],
      env: { LOCAL_SUPABASE_TEST_PORT_OFFSET: '0' },
      // Limits that only catch a hang (tests wait on conditions); a busy machine must not fail them.
      testTimeout: 120_000,
      hookTimeout: 300_000,
      maxWorkers: 2,
      // A group of its own, as Vitest requires for a different maxWorkers; stacks start one after the other.
      sequence: { groupOrder: 1 },
    },
  },
] satisfies TestProjectInlineConfiguration[];

export default defineConfig({ test: { projects: localSupabaseProjects } });
