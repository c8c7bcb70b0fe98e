import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { loadAuthSettings } from './settings.ts';

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'auth-settings-'));
  mkdirSync(path.join(project, 'supabase'));
  writeFileSync(
    path.join(project, 'supabase/config.toml'),
    '[auth]\nsite_url = "env(SITE_URL)"\nadditional_redirect_urls = ["env(SITE_URL)", "env(EXTRA_REDIRECT)", "http://localhost:4173/**"]\n',
  );
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

function settings(env: Record<string, string>) {
  const warnings: string[] = [];
  const s = loadAuthSettings(loadConfig({ projectDir: project, dataDir: path.join(project, '.data') }, env), (m) =>
    warnings.push(m),
  );
  return { s, warnings };
}

describe('auth settings from env(NAME)', () => {
  it('site_url and redirect URLs follow the variables', () => {
    const { s, warnings } = settings({
      SITE_URL: 'http://localhost:45173',
      EXTRA_REDIRECT: 'https://preview.example/**',
    });
    expect(s.siteUrl).toBe('http://localhost:45173');
    expect(s.additionalRedirectUrls).toEqual([
      'http://localhost:45173',
      'https://preview.example/**',
      'http://localhost:4173/**',
    ]);
    expect(warnings).toEqual([]);
  });

  it('an unset one is warned about as the CLI does and kept as written', () => {
    const { s, warnings } = settings({ SITE_URL: 'http://localhost:45173' });
    expect(s.additionalRedirectUrls[1]).toBe('env(EXTRA_REDIRECT)');
    expect(warnings).toEqual(['WARN: environment variable is unset: EXTRA_REDIRECT']);
    const none = settings({});
    expect(none.s.siteUrl).toBe('env(SITE_URL)');
    expect(none.warnings).toEqual([
      'WARN: environment variable is unset: SITE_URL',
      'WARN: environment variable is unset: SITE_URL',
      'WARN: environment variable is unset: EXTRA_REDIRECT',
    ]);
  });
});
