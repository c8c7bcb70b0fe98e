/**
 * Runs under Deno (never Node): the entry of one function's worker process.
 * `deno run … worker-bootstrap.ts <function entry URL>` makes the function's own `Deno.serve(handler)`
 * listen on a loopback port the OS picks, reports that port to the stack on stdout, then imports the
 * function. A function that throws while loading, or never calls Deno.serve, exits with BOOT_EXIT_CODE
 * and the stack answers 503 BOOT_ERROR, as hosted does.
 * Typed against a minimal local view of the Deno API so the Node type check can include this file.
 */
import { BOOT_EXIT_CODE, LISTENING_MARKER } from './worker-protocol.ts';

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  onListen?: (addr: { hostname: string; port: number }) => void;
  [option: string]: unknown;
}
interface DenoApi {
  serve(...args: unknown[]): unknown;
  args: string[];
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
}

const deno = (globalThis as unknown as { Deno: DenoApi }).Deno;
const originalServe = deno.serve.bind(deno);
let serving = false;

deno.serve = (...args: unknown[]): unknown => {
  let options: ServeOptions = {};
  let handler: Handler | undefined;
  if (typeof args[0] === 'function') handler = args[0] as Handler;
  else {
    options = { ...((args[0] ?? {}) as ServeOptions) };
    handler = typeof args[1] === 'function' ? (args[1] as Handler) : options.handler;
  }
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  if (serving) console.warn('Deno.serve was called more than once; only the first server receives requests');
  const first = !serving;
  serving = true;
  // The platform owns the listener: port, address and TLS are not the function's to choose.
  const {
    port: _port,
    hostname: _hostname,
    path: _path,
    cert: _cert,
    key: _key,
    onListen: _onListen,
    ...rest
  } = options;
  return originalServe({
    ...rest,
    handler,
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }: { port: number }) => {
      if (first) console.log(`${LISTENING_MARKER}${port}`);
    },
  });
};

// Hosted functions can hand background work to the runtime; a long-lived worker just lets it run.
const g = globalThis as unknown as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): Promise<unknown> } };
g.EdgeRuntime ??= {
  waitUntil(promise) {
    promise.catch((err: unknown) => console.error('EdgeRuntime.waitUntil: background task failed:', err));
    return promise;
  },
};

// The stack holds our stdin open and never writes to it: end of input means the stack is gone (even
// killed outright), so the worker goes too instead of lingering on its port.
void (async () => {
  try {
    for await (const _ of deno.stdin.readable);
  } finally {
    deno.exit(0);
  }
})();

const entry = deno.args[0];
if (!entry) {
  console.error('worker boot error: no function entry given');
  deno.exit(BOOT_EXIT_CODE);
}
try {
  await import(entry!);
} catch (err) {
  console.error('worker boot error:', err);
  deno.exit(BOOT_EXIT_CODE);
}
if (!serving) {
  // Top-level awaits are done; allow a function that starts serving from a timer a moment more.
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (!serving) {
    console.error('worker boot error: the function did not call Deno.serve(handler)');
    deno.exit(BOOT_EXIT_CODE);
  }
}
