import type { ServerResponse } from 'node:http';
import { BodyTooLargeError, bearerToken, readBody } from '../http.ts';
import type { GatewayRequest } from '../service.ts';
import type { Caller, TokenVerifier } from './auth.ts';
import type { BlobStore } from './blobs.ts';
import type { RequestScope, StorageDb } from './db.ts';
import { ERRORS, StorageError } from './errors.ts';

/** Shared by every handler of the service. */
export interface StorageContext {
  db: StorageDb;
  blobs: BlobStore;
  verifier: TokenVerifier;
  /** config.toml [storage].file_size_limit in bytes (hosted's per-project upload limit). */
  globalFileSizeLimit: number;
}

/** JSON bodies of the API calls (not uploads): fastify's default body limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export class StorageRequest {
  private cachedCaller: Caller | undefined;

  constructor(
    readonly ctx: StorageContext,
    readonly raw: GatewayRequest,
    readonly res: ServerResponse,
    /** Decoded path segments after /storage/v1, e.g. ['object', 'avatars', 'a', 'b.png']. */
    readonly segments: string[],
  ) {}

  get method(): string {
    return this.raw.method ?? 'GET';
  }

  get query(): URLSearchParams {
    return this.raw.gatewayUrl.searchParams;
  }

  scope(operation: string): RequestScope {
    return { method: this.method, path: this.raw.path, headers: this.raw.headers, operation };
  }

  header(name: string): string | undefined {
    const v = this.raw.headers[name];
    return Array.isArray(v) ? v[0] : v;
  }

  /** The verified caller; a missing or bad JWT is refused as hosted does. */
  async caller(): Promise<Caller> {
    this.cachedCaller ??= await this.ctx.verifier.caller(bearerToken(this.raw) ?? '');
    return this.cachedCaller;
  }

  /** Routes marked allowInvalidJwt on hosted: a bad or missing JWT makes the caller anonymous. */
  async callerOrAnonymous(): Promise<Caller> {
    const token = bearerToken(this.raw);
    if (!token) return this.ctx.verifier.anonymous();
    try {
      return await this.caller();
    } catch {
      return this.ctx.verifier.anonymous();
    }
  }

  /** The JSON body, parsed as fastify would (content-type application/json; empty allowed where hosted allows). */
  async json(opts: { allowEmpty?: boolean } = {}): Promise<Record<string, unknown>> {
    let buf: Buffer;
    try {
      buf = await readBody(this.raw, JSON_BODY_LIMIT);
    } catch (e) {
      if (e instanceof BodyTooLargeError) throw ERRORS.BodyTooLarge();
      throw ERRORS.NoContentProvided();
    }
    const text = buf.toString('utf8');
    const type = this.header('content-type') ?? '';
    if (text.trim() === '') {
      if (opts.allowEmpty || !type.includes('json')) return {};
      throw ERRORS.EmptyJsonBody();
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw ERRORS.InvalidJsonBody();
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw ERRORS.Validation('body must be object');
    return parsed as Record<string, unknown>;
  }

  send(status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    this.res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      ...headers,
    });
    this.res.end(text);
  }

  sendError(e: StorageError, headers: Record<string, string> = {}): void {
    if (this.res.headersSent) {
      this.res.destroy();
      return;
    }
    this.send(e.httpStatus, e.body(), headers);
  }
}

// Small validators that word their failures like fastify/ajv does for hosted's JSON schemas.
export function requireString(body: Record<string, unknown>, key: string, where = 'body'): string {
  const v = body[key];
  if (v === undefined) throw ERRORS.Validation(`${where} must have required property '${key}'`);
  if (typeof v !== 'string') throw ERRORS.Validation(`${where}/${key} must be string`);
  return v;
}

export function optionalString(body: Record<string, unknown>, key: string, where = 'body'): string | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw ERRORS.Validation(`${where}/${key} must be string`);
  return v;
}

export function optionalInt(
  body: Record<string, unknown>,
  key: string,
  min: number,
  where = 'body',
): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  // ajv with coerceTypes (fastify's default) accepts numeric strings.
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw ERRORS.Validation(`${where}/${key} must be integer`);
  if (n < min) throw ERRORS.Validation(`${where}/${key} must be >= ${min}`);
  return n;
}
