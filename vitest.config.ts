import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
// By path: Vite bundles a config's relative imports, but loads a package's files with Node, which runs no
// TypeScript (Node 20). ADR 0022's rule (packages through their entries) gives way here, in this one file.
// eslint-disable-next-line no-restricted-imports -- a TypeScript config file Node cannot load from a package
import { localSupabaseProjects } from './local-supabase/vitest.config.ts';

/**
 * Four projects:
 * - `unit`: the SPA's component and unit tests (jsdom);
 * - `stack-unit` and `conformance`: the local-supabase package's own (its vitest.config.ts: module tests, and the
 *   stack against hosted Supabase's documented behaviour on a stack of its own), listed here so `npm test` runs
 *   everything once;
 * - `integration`: the product's back end (tests/database, payments, generated types…) on another fresh stack
 *   that holds only what the migrations and seed create.
 */
const integration = {
  test: {
    name: 'integration',
    include: ['tests/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    environment: 'node' as const,
    globalSetup: ['./tests/support/global-setup.ts'],
    // Ports of its own: local-supabase's conformance stack runs on offset 0.
    env: { LOCAL_SUPABASE_TEST_PORT_OFFSET: '40' },
    // Limits that only catch a hang (tests wait on conditions); a busy machine must not fail them.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxWorkers: 2,
    // A group of its own, as Vitest requires for a different maxWorkers; stacks start one after the other.
    sequence: { groupOrder: 2 },
  },
};
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the machine has cores: on 2 cores one worker, and the unit tests
    // took half again as long (measured: 185 s against 130 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
          // The real supabase-js client, built for an origin nothing listens on: src/testing/supabase-http.ts
          // answers it at the HTTP boundary.
          env: {
            VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
            VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_unit_tests',
          },
          css: false,
          // Worker threads start faster than Vitest's default child processes (measured on 2 cores: 166 s against
          // 179 s of test time); jsdom runs the same in either.
          pool: 'threads',
          // Only catches a hang (Vitest's default, 5 s, fails a slow render on a busy machine).
          testTimeout: 60_000,
        },
      },
      ...localSupabaseProjects,
      integration,
    ],
  },
});
