import http from 'node:http';
import path from 'node:path';
import type { ServiceContext, Service, GatewayRequest } from '../service.ts';
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { denoBinary } from './deno-binary.ts';
import { workerEnv } from './env.ts';
import { platformErrors, sendPlatformError, type PlatformError } from './errors.ts';
import { proxyToWorker } from './proxy.ts';
import { FunctionRegistry, functionRoots } from './registry.ts';
import { refuseUpgrade, spliceUpgrade } from './upgrade.ts';
import { checkJwt } from './verify-jwt.ts';
import { watchRoots } from './watch.ts';
import { WorkerPool, type Lease } from './worker-pool.ts';
import { BootError, FunctionWorker } from './worker.ts';

/** Hosted limits (supabase.com/docs/guides/functions/limits); the env variables shorten them for tests. */
export interface FunctionLimits {
  idleTimeoutMs: number;
  wallClockMs: number;
  memoryLimitMb: number;
}

export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): FunctionLimits {
  const ms = (name: string, fallback: number) => {
    const n = Number(env[name]);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    idleTimeoutMs: ms('LOCAL_SUPABASE_FUNCTIONS_IDLE_TIMEOUT_MS', 150_000),
    wallClockMs: ms('LOCAL_SUPABASE_FUNCTIONS_WALL_CLOCK_MS', 400_000),
    memoryLimitMb: 256,
  };
}

/**
 * Edge Functions at /functions/v1/<name>[/sub/path]: each function runs in its own Deno worker
 * process (worker.ts), booted on first request and proxied to over loopback. The gateway adds no CORS
 * and no key-auth here; this service applies `verify_jwt` and answers platform errors as hosted.
 */
export async function createService(ctx: ServiceContext): Promise<Service> {
  const roots = functionRoots(ctx.config);
  const registry = new FunctionRegistry(roots, ctx.log, ctx.config.configEnv);
  const limits = limitsFromEnv();
  const denoBin = denoBinary();
  const agent = new http.Agent({ keepAlive: true });

  const pool = new WorkerPool(
    (fn) =>
      new FunctionWorker({
        denoBin,
        name: fn.name,
        dir: fn.dir,
        entry: fn.entry,
        env: workerEnv(ctx.config, registry.secrets(fn)),
        log: (line) => ctx.log(`[${fn.name}] ${line}`),
        // Booting includes fetching npm: packages the first time; the same budget as a request.
        bootTimeoutMs: limits.idleTimeoutMs,
        memoryLimitMb: limits.memoryLimitMb,
      }),
    limits.wallClockMs,
  );

  const watcher = watchRoots(
    roots,
    (target) => pool.retire((dir) => target.kind === 'all' || dir === target.dir),
    ctx.log,
  );

  /**
   * What every call goes through before reaching the worker: the function must exist (404 before any
   * JWT check, as hosted), pass verify_jwt unless it is OPTIONS, and boot. Returns the lease and the path
   * the function sees (its own name first, as on hosted), or the platform error to answer with.
   */
  async function admit(req: GatewayRequest): Promise<{ lease: Lease; target: string } | { refusal: PlatformError }> {
    const [, name = '', rest = ''] = /^\/([^/]*)(\/.*)?$/.exec(req.path) ?? [];
    const fn = registry.resolve(name);
    if (!fn) return { refusal: platformErrors.notFound() };
    if (fn.verifyJwt && req.method !== 'OPTIONS') {
      const refusal = await checkJwt(req.headers, ctx.keys);
      if (refusal) return { refusal };
    }
    try {
      const lease = await pool.acquire(fn);
      return { lease, target: `/${name}${rest}${req.gatewayUrl.search}` };
    } catch (err) {
      if (!(err instanceof BootError)) throw err;
      ctx.log(`[${fn.name}] ${err.message}`);
      return { refusal: platformErrors.bootError() };
    }
  }

  async function handle(req: GatewayRequest, res: ServerResponse): Promise<void> {
    const admitted = await admit(req);
    if ('refusal' in admitted) {
      req.resume();
      return sendPlatformError(res, admitted.refusal);
    }
    await proxyToWorker(req, res, admitted.lease, admitted.target, { agent, idleTimeoutMs: limits.idleTimeoutMs });
  }

  function upgrade(req: GatewayRequest, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    admit(req).then(
      (admitted) => {
        if ('refusal' in admitted) refuseUpgrade(socket, admitted.refusal);
        else spliceUpgrade(req, socket, head, admitted.lease, admitted.target);
      },
      (err: unknown) => {
        ctx.log(`upgrade ${req.path}: ${(err as Error).stack ?? err}`);
        socket.destroy();
      },
    );
  }

  ctx.log(`serving ${roots.map((r) => path.relative(ctx.config.projectDir, r.dir) || '.').join(', ')} with ${denoBin}`);
  return {
    name: 'functions',
    handle,
    upgrade,
    async stop() {
      watcher.close();
      await pool.stopAll();
      agent.destroy();
    },
  };
}
