import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { drainRequest } from '../http.ts';
import { FUNCTION_5XX_CODE, platformErrors, sendPlatformError, type PlatformError } from './errors.ts';
import type { Lease } from './worker-pool.ts';
import type { ExitInfo } from './worker.ts';

/** Connection-level headers that belong to one hop, not to the request or response (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'http2-settings']);
const HOP_BY_HOP_RESPONSE = new Set([...HOP_BY_HOP, 'transfer-encoding']);

export interface ProxyOptions {
  agent: http.Agent;
  /** Hosted's request idle timeout: no response headers (or no body chunk) for this long → 504. */
  idleTimeoutMs: number;
}

class IdleTimeout extends Error {}

/**
 * Forwards one request to the function's worker and streams the answer back untouched: status,
 * headers (repeated ones such as Set-Cookie kept) and body as it comes (SSE, chunked). Hosted adds
 * nothing to a function's answer but `sb-error-code: EDGE_FUNCTION_ERROR` on a 5xx, and no CORS.
 * When the worker dies before answering, the client gets the platform error hosted sends for it.
 * Resolves when the exchange is over.
 */
export function proxyToWorker(
  req: IncomingMessage,
  res: ServerResponse,
  lease: Lease,
  target: string,
  opts: ProxyOptions,
): Promise<void> {
  // The client may have gone while its worker booted: nothing to forward.
  if (req.socket.destroyed) {
    lease.release();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let over = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      lease.release();
      resolve();
    };
    const upstream = http.request({
      host: '127.0.0.1',
      port: lease.port,
      method: req.method,
      path: target,
      headers: forwardedHeaders(req),
      agent: opts.agent,
    });
    const armIdle = (onIdle: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, opts.idleTimeoutMs);
    };
    armIdle(() => upstream.destroy(new IdleTimeout()));

    upstream.on('response', (answer) => {
      if (res.destroyed) {
        answer.destroy();
        finish();
        return;
      }
      const headers: string[] = [];
      let has5xxCode = false;
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const name = answer.rawHeaders[i]!;
        const lower = name.toLowerCase();
        if (HOP_BY_HOP_RESPONSE.has(lower)) continue;
        if (lower === 'sb-error-code') has5xxCode = true;
        headers.push(name, answer.rawHeaders[i + 1]!);
      }
      const status = answer.statusCode ?? 502;
      if (status >= 500 && !has5xxCode) headers.push('sb-error-code', FUNCTION_5XX_CODE);
      res.writeHead(status, answer.statusMessage, headers);
      // Headers now, not with the first body chunk: a stream's client sees the response start at once.
      res.flushHeaders();
      const onBodyIdle = () => {
        answer.destroy();
        res.destroy();
        finish();
      };
      armIdle(onBodyIdle);
      answer.on('data', () => armIdle(onBodyIdle));
      answer.on('end', () => clearTimeout(timer));
      answer.on('error', () => {
        res.destroy();
        finish();
      });
      answer.pipe(res);
    });

    upstream.on('error', (err) => {
      clearTimeout(timer);
      // The answer is complete (the request was cut off after it, above): the client's connection stays.
      if (res.writableFinished) return finish();
      if (res.headersSent || res.destroyed) {
        res.destroy();
        finish();
        return;
      }
      if (err instanceof IdleTimeout) {
        sendPlatformError(res, platformErrors.idleTimeout(opts.idleTimeoutMs));
        finish();
        return;
      }
      // The connection broke without an answer: find out whether the worker died, and how.
      const settled = new Promise<null>((r) => setTimeout(() => r(null), 1000).unref());
      void Promise.race([lease.worker.exited, settled]).then((exit) => {
        sendPlatformError(res, failureFor(exit));
        finish();
      });
    });

    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
      finish();
    });
    // A function may answer without reading the body. The rest of it then waits in the pipe forever (the worker
    // reads no more), and the client's connection with it; drop it instead, so the next request is answered.
    res.on('finish', () => {
      if (req.complete) return;
      req.unpipe(upstream);
      upstream.destroy();
      drainRequest(req);
    });
    req.pipe(upstream);
  });
}

/** What hosted answers when a worker ends without answering (supabase/edge-runtime worker errors). */
export function failureFor(exit: ExitInfo | null): PlatformError {
  if (!exit) return platformErrors.workerError();
  // Ended by its wall-clock limit, or killed by a signal it did not get from us (V8 out of memory aborts).
  if (exit.stoppedFor === 'wall-clock' || (!exit.stoppedFor && exit.signal)) return platformErrors.resourceLimit();
  return platformErrors.workerError();
}

function forwardedHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  // Behind the gateway the header is already the gateway's (setForwardedFor); alone, the connection's address.
  headers['x-forwarded-for'] ??= req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] ??= 'http';
  if (req.headers.host) headers['x-forwarded-host'] ??= req.headers.host;
  return headers;
}
