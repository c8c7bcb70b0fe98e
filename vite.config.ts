import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './scripts/prerender.ts';

export default defineConfig({
  // The landing page and /auth are prerendered (ADR 0013): they paint before any script has run.
  plugins: [react(), tailwindcss(), prerenderPlugin(['/', '/auth'])],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
});
