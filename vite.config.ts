import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderPlugin } from './vite/prerender.ts';
import { securityHeadersPlugin } from './vite/security-headers.ts';
import { siteFilesPlugin } from './vite/site-files.ts';
import { assertBuildEnv } from './src/config/parse-env.ts';

// react-router's package exports point at its development build for every bundler (remix-run/react-router#12532,
// #14102: "intended to be temporary"); it ships the production one beside it, without the dev-only warnings.
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

// A build bakes in the Supabase project the app talks to; without it the app would build and then fail in the
// browser ('supabaseUrl is required.'). Checked once the settings are loaded (.env files and the environment, as
// the app will see them), before anything is built. `vite` (development) has .env.development's defaults.
const buildSettings: Plugin = {
  name: 'good-space:build-settings',
  apply: 'build',
  configResolved(config) {
    if (config.build.ssr) return;
    try {
      assertBuildEnv(config.env);
    } catch (err) {
      // Vite prints the stack after 'error during build:'; here it would only list Vite's own frames.
      (err as Error).stack = `${(err as Error).name}: ${(err as Error).message}`;
      throw err;
    }
  },
};

export default defineConfig(({ command }) => ({
  // The landing page and /auth are prerendered (ADR 0013): they paint before any script has run. robots.txt and
  // the sitemap name the pages a visitor can see signed out.
  plugins: [
    buildSettings,
    react(),
    tailwindcss(),
    prerenderPlugin(['/', '/auth']),
    siteFilesPlugin(['/', '/auth', '/pricing']),
    // Content-Security-Policy and the other security headers: written to dist/_headers, served by preview and dev.
    securityHeadersPlugin(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  // strictPort: a silently moved port would leave `npm start`, Playwright and the docs pointing at the wrong app.
  server: {
    port: 5173,
    strictPort: true,
    // Transform the shell ahead of the first visit, so the first page load (and the first e2e test) is not slow.
    warmup: { clientFiles: ['./src/main.tsx', './src/app/**/*.tsx'] },
  },
  preview: { port: 4173, strictPort: true },
  build: { target: 'es2022', sourcemap: true },
}));
