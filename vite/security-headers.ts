// Vite plugin: the security headers every page is served with (docs/deployment.md, "Security headers"; ADR 0030).
// One source for the three places that serve the app:
// - the build writes them to `_headers` in the output folder, the file Netlify and Cloudflare Pages read (other
//   hosts copy its lines into their own configuration);
// - `vite preview` (what the browser journeys run against) serves that very file, so the journeys test what ships;
// - `vite` (development) sends the same policy, loosened only for Vite's own inline module script.
// The Content-Security-Policy names the Supabase project the build talks to (VITE_SUPABASE_URL, a build setting),
// so it cannot be a static file in public/. The one inline script and style of index.html are allowed by their
// SHA-256, computed here from the built HTML: no 'unsafe-inline' for scripts.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin, ResolvedConfig } from 'vite';

export const HEADERS_FILE = '_headers';

/** The Supabase project's origin and the WebSocket origin realtime connects to (wss: for https:). */
export function supabaseOrigins(value: string | undefined): { http: string; ws: string } {
  const raw = value?.trim() ?? '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `VITE_SUPABASE_URL must be the project's absolute URL, e.g. https://<ref>.supabase.co (got "${raw}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`VITE_SUPABASE_URL must be an http(s) URL (got "${raw}")`);
  return { http: url.origin, ws: `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}` };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP sources of an HTML page's inline scripts and style elements (scripts with a src are files: 'self').
 * The hash is of the element's text exactly as served, which is what the browser hashes.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc\s*=/i.test(m[1] ?? '') && m[2]!.trim() !== '')
    .map((m) => sha256(m[2]!));
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[2]!));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export type PolicyOptions = {
  supabaseUrl: string | undefined;
  /** Hashes of the inline scripts the pages carry (inlineHashes). */
  scriptHashes: readonly string[];
  /** The development server: Vite injects an inline module script (React Refresh) whose text is its own. */
  dev?: boolean;
};

/**
 * The Content-Security-Policy. What each source is for:
 * - script-src: the bundle ('self') and index.html's inline script (its hash). No Stripe.js: checkout and the
 *   customer portal are redirects (a navigation, which CSP does not govern).
 * - style-src 'unsafe-inline': prerendered HTML carries style attributes, and Radix and Sonner insert <style>
 *   elements at run time; styles cannot run code, so this is the usual trade (ADR 0030).
 * - img-src: the app's images, storage objects on the Supabase URL, blob: for photo previews before upload
 *   (URL.createObjectURL), data: for the authenticator QR code (GoTrue answers a data:image/svg+xml URL).
 * - connect-src: the REST, auth, storage and functions APIs and realtime's WebSocket, all on the Supabase URL.
 * - frame-ancestors 'none': no page (the OAuth consent screen above all) can be framed to trick a click.
 */
export function contentSecurityPolicy({ supabaseUrl, scriptHashes, dev = false }: PolicyOptions): string {
  const supabase = supabaseOrigins(supabaseUrl);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(dev ? ["'unsafe-inline'"] : scriptHashes)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', supabase.http],
    ['font-src', "'self'"],
    ['connect-src', "'self'", supabase.http, supabase.ws],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Every header the site is served with, the CSP first. */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // "Use my location" asks for the position on the site itself; nothing else is ever needed.
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

/** Netlify / Cloudflare Pages `_headers`: the headers for every path. */
export function headersFile(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `# Written by the build (vite/security-headers.ts); docs/deployment.md.\n/*\n${lines.join('\n')}\n`;
}

/** Reads a `_headers` file back (its `/*` block), as the preview server serves it. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inAll = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inAll = line.trim() === '/*';
      continue;
    }
    const colon = line.indexOf(':');
    if (inAll && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function sendHeaders(headers: () => Record<string, string>): Connect.NextHandleFunction {
  return (_req, res, next) => {
    for (const [name, value] of Object.entries(headers())) res.setHeader(name, value);
    next();
  };
}

export function securityHeadersPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'good-space:security-headers',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      const headers = securityHeaders({
        supabaseUrl: config.env.VITE_SUPABASE_URL as string | undefined,
        scriptHashes: [],
        dev: true,
      });
      server.middlewares.use(sendHeaders(() => headers));
    },
    // vite preview serves the headers the build wrote, read once: what the journeys see is what ships.
    configurePreviewServer(server) {
      const file = path.join(path.resolve(config.root, config.build.outDir), HEADERS_FILE);
      if (!existsSync(file)) {
        config.logger.warn(`${file} is missing: the preview is served without security headers.`);
        return;
      }
      const headers = parseHeadersFile(readFileSync(file, 'utf8'));
      server.middlewares.use(sendHeaders(() => headers));
    },
    writeBundle(options, bundle) {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
      // The shell: spa.html and the prerendered pages are copies of it with markup added, never scripts
      // (vite/prerender.ts refuses a page with a script).
      const shell = bundle['index.html'];
      const html =
        shell && shell.type === 'asset' ? String(shell.source) : readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const headers = securityHeaders({
        supabaseUrl: config.env.VITE_SUPABASE_URL as string | undefined,
        scriptHashes: inlineHashes(html).scripts,
      });
      writeFileSync(path.join(outDir, HEADERS_FILE), headersFile(headers));
    },
  };
}
