// Vite plugin: after the client build, renders the pages in `pages` to static HTML from the app's own
// components (src/app/prerender.tsx, loaded through Vite's SSR module loader, so aliases and env work as in
// the app) and writes them into their HTML files; src/main.tsx then hydrates them. The unrendered shell is
// kept as spa.html: the SPA fallback for every other path (docs/deployment.md), so a deep link never flashes
// the landing page. `vite preview` is taught the same fallback.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

export const SPA_FALLBACK = 'spa.html';
const ROOT_DIV = '<div id="root"></div>';

function htmlFileOf(page: string): string {
  return page === '/' ? 'index.html' : `${page.replace(/^\/|\/$/g, '')}/index.html`;
}

/**
 * The prerendered HTML placed into the shell. What React hoists to the front (the page's <title>, resource
 * hints such as an image preload) belongs in <head>: the title replaces the shell's, hints go before </head>.
 */
export function injectPage(shell: string, page: string, html: string): string {
  if (!shell.includes(ROOT_DIV)) throw new Error(`prerender: no ${ROOT_DIV} in index.html`);
  // <!--$!--> / <!--$?-->: a Suspense boundary that suspended (its fallback would be hydrated as a mismatch).
  if (/<script[\s>]|<!--\$[!?]-->/.test(html))
    throw new Error(`prerender: a part of ${page} suspended while rendering`);
  const hoisted = /^(?:<title>[^<]*<\/title>|<link[^>]*>|<meta[^>]*>)*/.exec(html)?.[0] ?? '';
  const body = html.slice(hoisted.length);
  const title = /<title>[^<]*<\/title>/.exec(hoisted)?.[0];
  // React adds a preload for every plain <img> (here the logo in the top bar); the only image worth a preload
  // is the hero's, which index.html requests with its responsive candidates and high priority.
  const hints = hoisted.replace(/<title>[^<]*<\/title>/, '').replace(/<link rel="preload" as="image"[^>]*>/g, '');
  let out = shell;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, title);
  if (hints) out = out.replace('</head>', `${hints}\n  </head>`);
  return out.replace(ROOT_DIV, `<div id="root" data-prerendered="${page}">${body}</div>`);
}

export function prerenderPlugin(pages: string[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'good-space:prerender',
    configResolved(resolved) {
      config = resolved;
    },
    // vite preview: the SPA fallback is the shell, not the prerendered landing page.
    configurePreviewServer(server) {
      const outDir = path.resolve(config.root, config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (
          (req.method === 'GET' || req.method === 'HEAD') &&
          !path.extname(url.pathname) &&
          existsSync(path.join(outDir, SPA_FALLBACK))
        ) {
          // A prerendered page's own file (as static hosts serve /auth from auth/index.html), else the shell.
          const file = pages.includes(url.pathname) ? htmlFileOf(url.pathname) : SPA_FALLBACK;
          req.url = `/${file}${url.search}`;
        }
        next();
      });
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      writeFileSync(path.join(outDir, SPA_FALLBACK), shell);
      const server = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        root: config.root,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, warmup: {} },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { prerenderPage } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          prerenderPage: (page: string) => Promise<string>;
        };
        for (const page of pages) {
          const file = path.join(outDir, htmlFileOf(page));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, injectPage(shell, page, await prerenderPage(page)));
        }
      } finally {
        await server.close();
      }
    },
  };
}
