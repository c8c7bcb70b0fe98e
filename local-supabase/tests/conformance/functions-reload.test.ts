import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { API_URL, stackConfig } from '../../src/testing/index.ts';
import { FIXTURE_FUNCTIONS as FIXTURES } from '../support/paths.ts';

// Edits reach the running stack without a restart: the service watches the functions folders and
// retires an edited function's worker; the next request boots the new code.

const name = `tmp-reload-${randomBytes(4).toString('hex')}`;
const dir = path.join(FIXTURES, name);
const envFile = path.join(FIXTURES, '.env');
const envBefore = existsSync(envFile) ? readFileSync(envFile, 'utf8') : null;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (envBefore === null) rmSync(envFile, { force: true });
  else writeFileSync(envFile, envBefore);
});

function invoke(fn: string): Promise<Response> {
  return fetch(`${API_URL}/functions/v1/${fn}`, { headers: { Authorization: `Bearer ${stackConfig.anonKey}` } });
}

/** Polls until `check` passes: file events arrive a moment after the write. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function answers(fn: string, expected: string | number): Promise<boolean> {
  const res = await invoke(fn);
  const text = await res.text();
  return typeof expected === 'number' ? res.status === expected : res.status === 200 && text === expected;
}

describe('reloading edited functions', () => {
  it('serves a new function folder, its edits, and forgets it once removed', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.ts'), `Deno.serve(() => new Response('v1'));\n`);
    await eventually(() => answers(name, 'v1'));

    writeFileSync(
      path.join(dir, 'index.ts'),
      `import { word } from './word.ts';\nDeno.serve(() => new Response(word));\n`,
    );
    writeFileSync(path.join(dir, 'word.ts'), `export const word = 'v2';\n`);
    await eventually(() => answers(name, 'v2'));

    // An edit to a module the entry imports reloads too.
    writeFileSync(path.join(dir, 'word.ts'), `export const word = 'v3';\n`);
    await eventually(() => answers(name, 'v3'));

    // Broken code answers BOOT_ERROR; fixing it recovers without a restart.
    writeFileSync(path.join(dir, 'word.ts'), `export const word = ;\n`);
    await eventually(() => answers(name, 503));
    writeFileSync(path.join(dir, 'word.ts'), `export const word = 'v4';\n`);
    await eventually(() => answers(name, 'v4'));

    rmSync(dir, { recursive: true, force: true });
    await eventually(() => answers(name, 404));
  });

  it('gives functions new secrets from .env after it changes', async () => {
    const secret = `s-${randomBytes(4).toString('hex')}`;
    writeFileSync(envFile, `${envBefore ?? ''}\nFIXTURE_SECRET=${secret}\nSUPABASE_URL=http://not-allowed\n`);
    await eventually(async () => {
      const res = await invoke('env');
      const env = (await res.json()) as { FIXTURE_SECRET: string | null; SUPABASE_URL: string };
      return env.FIXTURE_SECRET === secret && env.SUPABASE_URL === API_URL;
    });
  });
});
