import type { ServerResponse } from 'node:http';
import type { AuthRequest } from './context.ts';
import { API_VERSION_HEADER, apiVersionOf } from './errors.ts';

/** sendJSON: GoTrue answers `application/json`; success responses do not echo the API version header. */
export function json(r: AuthRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  r.res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  r.res.end(text);
}

export function redirect(res: ServerResponse, location: string, status = 303): void {
  res.writeHead(status, { Location: location, 'Content-Length': '0' });
  res.end();
}

export function noContent(r: AuthRequest): void {
  r.res.writeHead(204);
  r.res.end();
}

export { API_VERSION_HEADER, apiVersionOf };
