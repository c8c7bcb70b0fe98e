import { defineConfig, devices } from '@playwright/test';
import { DEFAULT_PUBLISHABLE_KEY } from '@good-space/local-supabase';
import { E2E_API_URL, E2E_APP_PORT, E2E_APP_URL } from './e2e/stack-ports.ts';

// Playwright's own browser downloads cannot be fetched here: the journeys drive Debian's Chromium.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Per app port, like the build below, so two runs on other ports never clean up each other's artifacts.
  outputDir: `test-results/e2e-${E2E_APP_PORT}`,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two cores: one browser per core; the app is prebuilt, so pages do not compete with a compiler.
  workers: 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Time limits only catch a hang; every test waits on conditions (a URL, a heading, a toast), never on a clock.
  // They are far above what any journey needs on an idle machine (the longest takes about 30 s), so a busy
  // machine (two cores shared with builds, a stack and two browsers) slows a run down but does not fail it.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL: E2E_APP_URL,
    // No trace by default: recording one for every journey (kept only on failure) cost a fifth of the journeys'
    // CPU time (measured on four specs: 102 CPU-seconds with traces, 83 without). E2E_TRACE=1 records them again
    // when a failure needs more than its screenshot and error.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (docs/installable-app.md) would precache the whole build (about 1.7 MB) in every
    // context of every journey, CPU time npm test cannot spare, and only two specs are about it: they allow it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM,
          // No sandbox as root in a container; the rest stops Chromium calling home on a machine that cannot.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // The production build, as users get it (no on-demand compiling of each page on first visit), pointed at
    // the e2e stack: VITE_* from the process environment are baked in at build time.
    command:
      `npx vite build --outDir .data/e2e-dist-${E2E_APP_PORT} --emptyOutDir --logLevel warn && ` +
      `npx vite preview --outDir .data/e2e-dist-${E2E_APP_PORT} --port ${E2E_APP_PORT} --strictPort --host 127.0.0.1`,
    url: E2E_APP_URL,
    reuseExistingServer: false,
    timeout: 240_000,
    env: { VITE_SUPABASE_URL: E2E_API_URL, VITE_SUPABASE_PUBLISHABLE_KEY: DEFAULT_PUBLISHABLE_KEY, VITE_SITE_URL: E2E_APP_URL },
  },
});
