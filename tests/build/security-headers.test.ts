import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  inlineHashes,
  parseHeadersFile,
  securityHeaders,
  supabaseOrigins,
} from '../../vite/security-headers.ts';

// The security headers the build writes (vite/security-headers.ts, docs/deployment.md), piece by piece. The built
// site is checked on the journeys' own build (no second `vite build` here): e2e/site-files.spec.ts reads the headers
// the preview serves for each page and the page's inline scripts against them, and every journey
// (e2e/support/test.ts) runs the app under them.

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
