import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './scripts/prerender.ts';

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

export default defineConfig(({ command }) => ({
  // The landing page and /auth are prerendered (ADR 0013): they paint before any script has run.
  plugins: [react(), tailwindcss(), prerenderPlugin(['/', '/auth'])],
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
