import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configEnvironment, envReference, findProjectDir, loadConfig, resolveEnvReferences } from './config.ts';

// env(NAME) in supabase/config.toml as the Supabase CLI treats it (pkg/config/decode_hooks.go LoadEnvHook and its
// tests, loadNestedEnv in config.go): these cases are the CLI's own.

describe('env(NAME) in config values', () => {
  const env = { SITE_URL: 'http://localhost:45173', EMPTY: '', 'SPACED ': 'odd' };

  it('replaces a whole-value reference with the variable', () => {
    expect(resolveEnvReferences('env(SITE_URL)', env)).toBe('http://localhost:45173');
  });

  it('leaves the text as written when the variable is unset or empty (no error, no default)', () => {
    expect(resolveEnvReferences('env(MISSING)', env)).toBe('env(MISSING)');
    expect(resolveEnvReferences('env(EMPTY)', env)).toBe('env(EMPTY)');
    // The CLI's pattern has no default syntax: this names a variable called "MISSING, fallback".
    expect(resolveEnvReferences('env(MISSING, fallback)', env)).toBe('env(MISSING, fallback)');
    expect(envReference('env(MISSING, fallback)')).toBe('MISSING, fallback');
  });

  it('takes the name as written and only a whole value: no trimming, no text around it, no ${NAME}', () => {
    expect(resolveEnvReferences('env( SITE_URL )', env)).toBe('env( SITE_URL )');
    expect(resolveEnvReferences('env(SPACED )', env)).toBe('odd');
    expect(resolveEnvReferences('env(SITE_URL)/**', env)).toBe('env(SITE_URL)/**');
    expect(resolveEnvReferences('x env(SITE_URL)', env)).toBe('x env(SITE_URL)');
    expect(resolveEnvReferences('${SITE_URL}', env)).toBe('${SITE_URL}');
    expect(resolveEnvReferences('env(SITE_URL', env)).toBe('env(SITE_URL');
    expect(envReference('env()')).toBe('');
    expect(envReference('notenv(SITE_URL)')).toBeNull();
  });

  it('resolves strings inside arrays and tables, and leaves numbers and booleans alone', () => {
    const toml = { auth: { site_url: 'env(SITE_URL)', jwt_expiry: 3600, enabled: true, urls: ['a', 'env(SITE_URL)'] } };
    expect(resolveEnvReferences(toml, env)).toEqual({
      auth: {
        site_url: 'http://localhost:45173',
        jwt_expiry: 3600,
        enabled: true,
        urls: ['a', 'http://localhost:45173'],
      },
    });
    expect(toml.auth.site_url).toBe('env(SITE_URL)');
    const tables = Object.assign(Object.create(null) as Record<string, unknown>, {
      site_url: 'env(SITE_URL)',
      at: new Date(0),
    });
    expect(resolveEnvReferences(tables, env)).toEqual({ site_url: 'http://localhost:45173', at: new Date(0) });
  });
});

describe('configEnvironment: the variables env() sees', () => {
  let project: string;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
    writeFileSync(path.join(project, rel), text);
  };
  beforeEach(() => {
    project = mkdtempSync(path.join(os.tmpdir(), 'stack-config-'));
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('process environment first, then supabase/ files before the project’s, the first file to set a name wins', () => {
    write('supabase/.env.development.local', 'A=supabase-dev-local\n');
    write('supabase/.env.local', 'A=supabase-local\nB=supabase-local\n');
    write('supabase/.env.development', 'B=supabase-dev\nC=supabase-dev\n');
    write('supabase/.env', 'C=supabase\nD=supabase\n');
    write('.env.development.local', 'D=root-dev-local\nE=root-dev-local\n');
    write('.env', 'E=root\nF=root\n');
    const env = configEnvironment(project, { F: 'process', EMPTY: '' });
    expect([env.A, env.B, env.C, env.D, env.E, env.F]).toEqual([
      'supabase-dev-local',
      'supabase-local',
      'supabase-dev',
      'supabase',
      'root-dev-local',
      'process',
    ]);
  });

  it('a variable set but empty in the process still shadows the files (and then leaves env() unresolved)', () => {
    write('supabase/.env.development', 'SITE_URL=http://localhost:5173\n');
    const env = configEnvironment(project, { SITE_URL: '' });
    expect(env.SITE_URL).toBe('');
    expect(resolveEnvReferences('env(SITE_URL)', env)).toBe('env(SITE_URL)');
  });

  it('SUPABASE_ENV picks the files; test skips .env.local', () => {
    write('supabase/.env.development', 'X=development\n');
    write('supabase/.env.production', 'X=production\n');
    write('supabase/.env.local', 'Y=local\n');
    write('supabase/.env.test', 'Y=test\n');
    expect(configEnvironment(project, {}).X).toBe('development');
    expect(configEnvironment(project, { SUPABASE_ENV: 'production' }).X).toBe('production');
    expect(configEnvironment(project, { SUPABASE_ENV: 'test' }).Y).toBe('test');
    expect(configEnvironment(project, { SUPABASE_ENV: 'production' }).Y).toBe('local');
  });

  it('loadConfig resolves config.toml with them and keeps them for later reads', () => {
    write('supabase/config.toml', '[auth]\nsite_url = "env(SITE_URL)"\n');
    write('supabase/.env.development', 'SITE_URL=http://localhost:5173\n');
    const dataDir = path.join(project, '.data');
    const byFile = loadConfig({ projectDir: project, dataDir }, {});
    expect((byFile.toml.auth as { site_url: string }).site_url).toBe('http://localhost:5173');
    const byProcess = loadConfig({ projectDir: project, dataDir }, { SITE_URL: 'http://localhost:45173' });
    expect((byProcess.toml.auth as { site_url: string }).site_url).toBe('http://localhost:45173');
    expect(byProcess.configEnv.SITE_URL).toBe('http://localhost:45173');
  });
});

describe('the project folder', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ls-project-'));
    mkdirSync(path.join(dir, 'supabase'));
    writeFileSync(path.join(dir, 'supabase', 'config.toml'), '[api]\nmax_rows = 7\n');
    mkdirSync(path.join(dir, 'packages', 'tool'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the nearest folder from the working directory up holding supabase/config.toml, as the CLI finds it', () => {
    expect(findProjectDir(path.join(dir, 'packages', 'tool'), {})).toBe(dir);
    expect(findProjectDir(dir, {})).toBe(dir);
  });

  it('is the working directory itself when no folder above has one, and SUPABASE_WORKDIR when set', () => {
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'ls-elsewhere-'));
    try {
      expect(findProjectDir(elsewhere, {})).toBe(elsewhere);
      expect(findProjectDir(elsewhere, { SUPABASE_WORKDIR: dir })).toBe(dir);
      expect(findProjectDir(dir, { SUPABASE_WORKDIR: 'packages/tool' })).toBe(path.join(dir, 'packages', 'tool'));
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('loadConfig reads that project, and a relative data folder is relative to it', () => {
    const config = loadConfig({ dataDir: '.data/mine' }, { SUPABASE_WORKDIR: dir });
    expect(config.projectDir).toBe(dir);
    expect(config.toml).toEqual({ api: { max_rows: 7 } });
    expect(config.dataDir).toBe(path.join(dir, '.data', 'mine'));
    expect(loadConfig({ projectDir: dir }, {}).dataDir).toBe(path.join(dir, '.data', 'local-supabase'));
  });
});

describe('[auth] signing_keys_path', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'signing-keys-path-'));
    mkdirSync(path.join(dir, 'supabase'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const load = (toml: string, env: Record<string, string> = {}) => {
    writeFileSync(path.join(dir, 'supabase', 'config.toml'), toml);
    return loadConfig({ projectDir: dir }, env).signingKeysPath;
  };

  it('is null when unset or empty (the stack keeps its own key)', () => {
    expect(load('[auth]\nenabled = true\n')).toBeNull();
    expect(load('[auth]\nsigning_keys_path = ""\n')).toBeNull();
  });

  it('resolves a relative path against the supabase/ folder, as the CLI does, and keeps an absolute one', () => {
    expect(load('[auth]\nsigning_keys_path = "./signing_keys.json"\n')).toBe(
      path.join(dir, 'supabase', 'signing_keys.json'),
    );
    expect(load('[auth]\nsigning_keys_path = "../keys/k.json"\n')).toBe(path.join(dir, 'keys', 'k.json'));
    expect(load('[auth]\nsigning_keys_path = "/etc/k.json"\n')).toBe('/etc/k.json');
  });

  it('takes env(NAME)', () => {
    expect(load('[auth]\nsigning_keys_path = "env(KEYS)"\n', { KEYS: 'k.json' })).toBe(
      path.join(dir, 'supabase', 'k.json'),
    );
  });
});
