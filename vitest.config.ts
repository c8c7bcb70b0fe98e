import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects: `unit` (the SPA, jsdom), `stack-unit` (local-supabase modules, no servers) and
 * `integration` (tests/: one real local stack started by the global setup, driven through supabase-js).
 */
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
          css: false,
        },
      },
      {
        test: {
          name: 'stack-unit',
          include: ['local-supabase/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Its own group (run after the in-process projects), as Vitest requires for a different maxWorkers.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
