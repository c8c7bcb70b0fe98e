import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo-root.ts';

// A real `vite build` of the app with this repository's vite.config.ts, without its settings: it must stop before
// building anything, naming what is missing (src/config/parse-env.ts has the rule's own unit tests). The .env
// files are read from an empty folder, so a developer's own .env.production.local cannot make it pass.

const work = mkdtempSync(path.join(os.tmpdir(), 'gs-build-settings-'));
const envDir = path.join(work, 'env');
const outDir = path.join(work, 'dist');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function viteBuild(vars: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const script = `
    import { build } from 'vite';
    try {
      await build({ root: ${JSON.stringify(repoRoot)}, envDir: ${JSON.stringify(envDir)}, logLevel: 'silent',
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

describe('npm run build without its settings', () => {
  it('stops before building, naming both Supabase variables', async () => {
    const { code, stderr } = await viteBuild({});
    expect(code).toBe(1);
    expect(stderr).toContain('Missing build settings: VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY.');
    expect(existsSync(outDir)).toBe(false);
  });

  it('names the one that is missing, and a malformed site URL', async () => {
    const key = await viteBuild({ VITE_SUPABASE_URL: 'https://abc.supabase.co' });
    expect(key.code).toBe(1);
    expect(key.stderr).toContain('Missing build settings: VITE_SUPABASE_PUBLISHABLE_KEY.');
    const site = await viteBuild({
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
      VITE_SITE_URL: 'goodspace.example',
    });
    expect(site.code).toBe(1);
    expect(site.stderr).toContain("VITE_SITE_URL must be the site's absolute URL");
    expect(existsSync(outDir)).toBe(false);
  });
});
