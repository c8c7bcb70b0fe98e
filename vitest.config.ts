import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Four projects:
 * - `unit`: the SPA's component and unit tests (jsdom);
 * - `stack-unit`: the local-supabase package's module tests, no servers;
 * - `conformance`: local-supabase/tests/conformance, the local stack against hosted Supabase's documented
 *   behaviour. These tests create fixture tables, buckets and functions freely, so they get a stack of their own;
 * - `integration`: the product's back end (tests/database, payments, generated types…) on another fresh stack
 *   that holds only what the migrations and seed create.
 */
const stackProject = (name: string, include: string[], globalSetup: string, offset: number, groupOrder: number) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**'],
    environment: 'node' as const,
    globalSetup: [globalSetup],
    env: { LOCAL_SUPABASE_TEST_PORT_OFFSET: String(offset) },
    // Limits that only catch a hang (tests wait on conditions); a busy machine must not fail them.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxWorkers: 2,
    // A group of its own, as Vitest requires for a different maxWorkers; stacks start one after the other.
    sequence: { groupOrder },
  },
});
export default defineConfig({
  test: {
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
          // Only catches a hang (Vitest's default, 5 s, fails a slow render on a busy machine).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'stack-unit',
          include: ['local-supabase/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      stackProject(
        'conformance',
        ['local-supabase/tests/**/*.test.ts'],
        './local-supabase/tests/support/global-setup.ts',
        0,
        1,
      ),
      stackProject('integration', ['tests/**/*.test.ts'], './tests/support/global-setup.ts', 40, 2),
    ],
  },
});
