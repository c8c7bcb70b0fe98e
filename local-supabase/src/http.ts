import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

/**
 * The most a refused or unread request body may still send before its connection is closed: below it the rest is
 * read and dropped so the connection can carry the next request (as Node does for a body nobody read); above it
 * the client is streaming without end, and the socket is destroyed once the answer has gone.
 */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

/**
 * Reads and drops what is left of a request body, keeping its connection usable. When more than `maxBytes`
 * arrive, the connection is closed instead (the answer, already written, is not cut short).
 */
export function drainRequest(req: IncomingMessage, maxBytes = DRAIN_LIMIT): void {
  if (req.complete || req.destroyed) return;
  let drained = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxBytes) req.socket.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

/**
 * Reads the whole body, refusing more than `limit` bytes (checked against Content-Length first). A refused body
 * is drained, not destroyed: leaving it unread would stall the connection, so the next request on it would never
 * be answered (breaking out of `for await` over a request destroys it without reading the rest).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      drainRequest(req);
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        drainRequest(req);
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    // The client went away mid-body: there is nothing to answer, but the caller must not wait forever.
    const onClose = () => {
      cleanup();
      if (!req.complete) reject(new Error('request body aborted'));
    };
    if (req.complete && req.readableEnded) return resolve(Buffer.alloc(0));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The bearer token of the Authorization header, or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1]!.trim() : null;
}
