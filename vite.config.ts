import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

// The web app manifest (docs/installable-app.md): what a phone or desktop shows for the installed app.
const APP_MANIFEST = {
  id: '/',
  name: 'Good Space',
  short_name: 'Good Space',
  description:
    'Designers who furnish with thrifted and vintage finds, and Good Stuff: second-hand pieces from people near you.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  // index.html's theme-color: the page's own background, so the title bar and splash screen match it.
  theme_color: '#fbf7f1',
  background_color: '#fbf7f1',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
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
    // The installable app (docs/installable-app.md): the web app manifest and our own service worker
    // (src/service-worker/sw.ts), which precaches the files listed here. Listed last: its closeBundle (the file
    // list) waits for the prerendered pages and spa.html that vite/prerender.ts writes in its own.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      // src/app/service-worker.ts registers it (after the first paint, through virtual:pwa-register); the
      // plugin's own inline or extra script would cost a request or a CSP hash on every page.
      injectRegister: false,
      // Not in development: the dev server serves modules, not a build to keep (`npm start` is unaffected).
      devOptions: { enabled: false },
      manifest: APP_MANIFEST,
      injectManifest: {
        // The shell and the build's static files: scripts, styles, the HTML pages (index.html and auth/ are the
        // prerendered pages, spa.html the shell) and the icons. Not the hero and social images (large, and only
        // the landing page shows them), not source maps, never anything from the API.
        // The manifest and its icons are added by the plugin itself.
        globPatterns: ['**/*.{js,css,html,svg,woff2}', 'icons/apple-touch-icon.png'],
        globIgnores: ['**/*.map', 'hero/**'],
      },
    }),
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
