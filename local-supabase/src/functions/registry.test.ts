import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { FunctionRegistry, functionRoots } from './registry.ts';

let project: string;

function write(rel: string, text: string): void {
  const file = path.join(project, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'fn-registry-'));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

function registry(extra = '') {
  return new FunctionRegistry(
    functionRoots(loadConfig({ projectDir: project, dataDir: path.join(project, '.data') }), extra),
  );
}

describe('FunctionRegistry', () => {
  it('finds folders with an index.ts and nothing else', () => {
    write('supabase/functions/hello/index.ts', '');
    write('supabase/functions/no-entry/other.ts', '');
    write('supabase/functions/_shared/index.ts', '');
    write('supabase/functions/.hidden/index.ts', '');
    const r = registry();
    expect(r.resolve('hello')?.entry).toBe(path.join(project, 'supabase/functions/hello/index.ts'));
    for (const name of ['no-entry', '_shared', '.hidden', '', '..', 'hello/..', 'missing'])
      expect(r.resolve(name), name).toBeNull();
  });

  it('reads verify_jwt and enabled from config.toml, default on, and notices edits', () => {
    write('supabase/functions/hook/index.ts', '');
    write('supabase/functions/plain/index.ts', '');
    write('supabase/config.toml', '[functions.hook]\nverify_jwt = false\n');
    const r = registry();
    expect(r.resolve('hook')?.verifyJwt).toBe(false);
    expect(r.resolve('plain')?.verifyJwt).toBe(true);
    write('supabase/config.toml', '[functions.hook]\nenabled = false\n');
    utimesSync(path.join(project, 'supabase/config.toml'), new Date(), new Date(Date.now() + 5000));
    expect(r.resolve('hook')).toBeNull();
  });

  it('adds extra roots with their own config.toml; supabase/functions wins a name clash', () => {
    write('supabase/functions/same/index.ts', '');
    write('fixtures/same/index.ts', '');
    write('fixtures/open/index.ts', '');
    write('fixtures/config.toml', '[functions.open]\nverify_jwt = false\n');
    const r = registry('fixtures, ');
    expect(r.resolve('same')?.dir).toBe(path.join(project, 'supabase/functions/same'));
    expect(r.resolve('open')?.verifyJwt).toBe(false);
    expect(registry().resolve('open')).toBeNull();
  });

  it("merges secrets: supabase/functions/.env, then the function root's own .env", () => {
    write('supabase/functions/.env', 'A=1\nB="two words"\n');
    write('fixtures/.env', 'B=fixture\n');
    write('fixtures/f/index.ts', '');
    write('supabase/functions/g/index.ts', '');
    const r = registry('fixtures');
    expect(r.secrets(r.resolve('f')!)).toEqual({ A: '1', B: 'fixture' });
    expect(r.secrets(r.resolve('g')!)).toEqual({ A: '1', B: 'two words' });
  });

  it('hands over config.toml [edge_runtime.secrets] as the CLI does: env() resolved, unset left out, .env on top', () => {
    write('supabase/functions/f/index.ts', '');
    write(
      'supabase/config.toml',
      '[edge_runtime.secrets]\nsite_url = "env(SITE_URL)"\nALLOWED_ORIGINS = "env(ALLOWED_ORIGINS)"\nPLAIN = "literal"\nBLANK = ""\nOVERRIDDEN = "from-config"\n',
    );
    write('supabase/functions/.env', 'OVERRIDDEN=from-env-file\n');
    const config = loadConfig({ projectDir: project, dataDir: path.join(project, '.data') }, {});
    const r = new FunctionRegistry(functionRoots(config, ''), () => undefined, {
      SITE_URL: 'http://localhost:45173',
      ALLOWED_ORIGINS: '',
    });
    expect(r.secrets(r.resolve('f')!)).toEqual({
      SITE_URL: 'http://localhost:45173',
      PLAIN: 'literal',
      OVERRIDDEN: 'from-env-file',
    });
    // Nothing set: the reference is not a value, so the function does not see the name at all.
    expect(new FunctionRegistry(functionRoots(config, '')).secrets(r.resolve('f')!)).toEqual({
      PLAIN: 'literal',
      OVERRIDDEN: 'from-env-file',
    });
  });
});
