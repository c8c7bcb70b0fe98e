import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo-root.ts';
import {
  contentSecurityPolicy,
  headersFile,
  inlineHashes,
  parseHeadersFile,
  securityHeaders,
  supabaseOrigins,
} from '../../vite/security-headers.ts';

// The security headers the build writes (vite/security-headers.ts, docs/deployment.md): the pieces, then a
// real `vite build` for a hosted project's URL, whose `_headers` file must carry its policy. e2e/site-files.spec.ts
// checks that the preview serves it, and every journey (e2e/support/test.ts) that the app runs under it.

const work = mkdtempSync(path.join(os.tmpdir(), 'gs-security-headers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(' ')[0] === name);

describe('security headers: the pieces', () => {
  it('takes the Supabase origin and its WebSocket origin (wss: for https:), refusing a malformed URL by name', () => {
    expect(supabaseOrigins('https://abcd.supabase.co/')).toEqual({
      http: 'https://abcd.supabase.co',
      ws: 'wss://abcd.supabase.co',
    });
    expect(supabaseOrigins('http://127.0.0.1:54321')).toEqual({
      http: 'http://127.0.0.1:54321',
      ws: 'ws://127.0.0.1:54321',
    });
    expect(() => supabaseOrigins('abcd.supabase.co')).toThrow(/^VITE_SUPABASE_URL must be the project's absolute URL/);
    expect(() => supabaseOrigins('ftp://abcd.supabase.co')).toThrow(/^VITE_SUPABASE_URL must be an http\(s\) URL/);
  });

  it('hashes inline scripts and styles exactly as served, and skips scripts with a src', () => {
    const html = `<style>a{}</style><script>\n  go();\n</script><script type="module" src="/x.js"></script><script></script>`;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineHashes(html)).toEqual({ scripts: [hash('\n  go();\n')], styles: [hash('a{}')] });
  });

  it("allows no inline script but the hashed ones, no eval, no framing; 'unsafe-inline' scripts only in development", () => {
    const policy = contentSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co', scriptHashes: ["'sha256-x'"] });
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-x'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://abcd.supabase.co");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    const dev = contentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321', scriptHashes: [], dev: true });
    expect(directive(dev, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(dev, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('writes a _headers file for every path that reads back as the same headers', () => {
    const headers = securityHeaders({ supabaseUrl: 'https://abcd.supabase.co', scriptHashes: ["'sha256-x'"] });
    const file = headersFile(headers);
    expect(file).toMatch(/^# .*\n\/\*\n {2}Content-Security-Policy: default-src 'self';/);
    expect(parseHeadersFile(file)).toEqual(headers);
    expect(parseHeadersFile(`/other\n  X-A: 1\n${file}`)).toEqual(headers);
  });
});

function viteBuild(outDir: string, vars: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const script = `
    import { build } from 'vite';
    try {
      await build({ root: ${JSON.stringify(repoRoot)}, envDir: ${JSON.stringify(work)}, logLevel: 'silent',
        build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true } });
    } catch (err) {
      console.error(err.message);
      process.exit(1);
    }`;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...vars };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('the built site', () => {
  it("ships _headers with the policy for the configured Supabase URL, frame-ancestors 'none' and the pages' script hashes", async () => {
    const outDir = path.join(work, 'dist');
    const { code, stderr } = await viteBuild(outDir, {
      VITE_SUPABASE_URL: 'https://abcd.supabase.co',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
      VITE_SITE_URL: 'https://goodspace.example',
    });
    expect(code, stderr).toBe(0);
    const headers = parseHeadersFile(readFileSync(path.join(outDir, '_headers'), 'utf8'));
    const policy = headers['Content-Security-Policy']!;
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co");
    expect(directive(policy, 'img-src')).toContain('https://abcd.supabase.co');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toContain('geolocation=(self)');
    // Every inline script of every page the host serves is allowed by its hash, and nothing else inline.
    const allowed = directive(policy, 'script-src')!.split(' ').slice(1);
    for (const page of ['index.html', 'auth/index.html', 'spa.html']) {
      const { scripts } = inlineHashes(readFileSync(path.join(outDir, page), 'utf8'));
      expect(scripts.length, page).toBeGreaterThan(0);
      expect(allowed, page).toEqual(["'self'", ...scripts]);
    }
  }, 300_000);
});
