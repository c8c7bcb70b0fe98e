import net from 'node:net';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PlatformError } from './errors.ts';
import type { Lease } from './worker-pool.ts';

/** Answers an upgrade request with a platform error instead of switching protocols. */
export function refuseUpgrade(socket: Duplex, err: PlatformError): void {
  const body = JSON.stringify({ code: err.code, message: err.message });
  socket.end(
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? 'Error'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `sb-error-code: ${err.code}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Hands a WebSocket upgrade to the function's worker (hosted functions serve WebSockets with
 * Deno.upgradeWebSocket) and splices the two connections. The connection counts as a request under
 * way for as long as it is open, so an edit or the wall clock retires the worker only once it closes.
 */
export function spliceUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, lease: Lease, target: string): void {
  const upstream = net.connect(lease.port, '127.0.0.1');
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    socket.destroy();
    upstream.destroy();
    lease.release();
  };
  upstream.once('connect', () => {
    const lines = [`${req.method} ${target} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i]!.toLowerCase() === 'x-forwarded-for') continue;
      lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    // The gateway has set the header (setForwardedFor); the connection's address when it is missing.
    const forwarded = req.headers['x-forwarded-for'];
    lines.push(`X-Forwarded-For: ${forwarded ?? req.socket.remoteAddress ?? ''}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    socket.pipe(upstream);
    upstream.pipe(socket);
  });
  upstream.on('error', close);
  upstream.on('close', close);
  socket.on('error', close);
  socket.on('close', close);
}
