import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denoBinary } from './deno-binary.ts';
import { BootError, FunctionWorker } from './worker.ts';

// The worker process under the real Deno: the bootstrap must make each way of calling Deno.serve
// listen on the port it reports, and turn load failures into BootError.

let root: string;
const workers: FunctionWorker[] = [];

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'fn-worker-'));
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop('shutdown')));
  rmSync(root, { recursive: true, force: true });
});

function start(name: string, source: string, logs: string[] = []): FunctionWorker {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.ts'), source);
  const worker = new FunctionWorker({
    denoBin: denoBinary(),
    name,
    dir,
    entry: path.join(dir, 'index.ts'),
    env: { GREETING: 'hi' },
    log: (line) => logs.push(line),
    bootTimeoutMs: 20_000,
    memoryLimitMb: 128,
  });
  workers.push(worker);
  return worker;
}

describe('FunctionWorker', () => {
  it.each([
    ['handler', `Deno.serve((req) => new Response(Deno.env.get('GREETING') + ' ' + new URL(req.url).pathname));`],
    [
      'options-and-handler',
      `Deno.serve({ port: 9999, onListen() {} }, (req) => new Response(Deno.env.get('GREETING') + ' ' + new URL(req.url).pathname));`,
    ],
    [
      'options-with-handler',
      `Deno.serve({ handler: (req) => new Response(Deno.env.get('GREETING') + ' ' + new URL(req.url).pathname) });`,
    ],
  ])(
    'serves a function calling Deno.serve with %s',
    async (name, source) => {
      const worker = start(name, source);
      const port = await worker.ready;
      const res = await fetch(`http://127.0.0.1:${port}/${name}/x`);
      expect(await res.text()).toBe(`hi /${name}/x`);
    },
    30_000,
  );

  it("uses the function folder's own deno.json (import map)", async () => {
    const dir = path.join(root, 'mapped');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'deno.json'), JSON.stringify({ imports: { '#greeting': './greeting.ts' } }));
    writeFileSync(path.join(dir, 'greeting.ts'), `export const greeting = 'from the import map';\n`);
    const worker = start('mapped', `import { greeting } from '#greeting';\nDeno.serve(() => new Response(greeting));`);
    const res = await fetch(`http://127.0.0.1:${await worker.ready}/`);
    expect(await res.text()).toBe('from the import map');
    // Nothing written into the source folder (no deno.lock, no node_modules): the watcher would reload on it.
    expect(readdirSync(dir).sort()).toEqual(['deno.json', 'greeting.ts', 'index.ts']);
  }, 30_000);

  it("forwards the function's console output line by line", async () => {
    const logs: string[] = [];
    const worker = start(
      'logger',
      `console.log('line one\\nline two'); console.error('on stderr'); Deno.serve(() => new Response());`,
      logs,
    );
    await worker.ready;
    await new Promise((r) => setTimeout(r, 100));
    expect(logs).toEqual(expect.arrayContaining(['line one', 'line two', 'on stderr']));
  }, 30_000);

  it.each([
    ['throws-on-load', `throw new Error('nope');`],
    ['syntax-error', `Deno.serve(() => new Response(;`],
    ['never-serves', `console.log('loaded');`],
  ])(
    'rejects `ready` with BootError when the function %s',
    async (name, source) => {
      const worker = start(name, source);
      await expect(worker.ready).rejects.toBeInstanceOf(BootError);
      expect((await worker.exited).code).toBe(70);
    },
    30_000,
  );

  it('drains before stopping when retired', async () => {
    const worker = start(
      'drain',
      `Deno.serve(async () => { await new Promise((r) => setTimeout(r, 300)); return new Response('done'); });`,
    );
    const port = await worker.ready;
    const release = worker.begin();
    const answer = fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
    worker.retire();
    expect(await answer).toBe('done');
    expect(worker.exitInfo).toBeNull();
    release();
    expect((await worker.exited).stoppedFor).toBe('retired');
  }, 30_000);
});
