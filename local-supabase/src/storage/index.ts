import type { ServerResponse } from 'node:http';
import { tomlSection } from '../config.ts';
import type { GatewayRequest, Service, ServiceContext } from '../service.ts';
import { createVerifier } from './auth.ts';
import { BlobStore, storageDir } from './blobs.ts';
import * as buckets from './buckets.ts';
import { StorageDb } from './db.ts';
import { StorageError, ERRORS } from './errors.ts';
import { parseConfigSize } from './limits.ts';
import * as objects from './objects.ts';
import { listObjectsV2 } from './list-v2.ts';
import { StorageRequest, type StorageContext } from './request.ts';

/**
 * Storage API (hosted storage-api v1.60) behind the gateway at /storage/v1: buckets, objects, signed URLs.
 * Metadata and access control live in storage.buckets/storage.objects (src/sql/20-storage.sql); bytes live
 * in `<dataDir>/storage`, which db:reset wipes together with the database.
 */
export async function createService(ctx: ServiceContext): Promise<Service> {
  const blobs = new BlobStore(storageDir(ctx.config));
  await blobs.init();
  // Files left by a crash between "bytes written" and "row committed" belong to no row: drop them.
  const referenced = await ctx.db.admin.query<{ version: string }>(
    'select version from storage.objects where version is not null',
  );
  const swept = await blobs.sweep(new Set(referenced.rows.map((r) => r.version)));
  if (swept > 0) ctx.log(`removed ${swept} stored file(s) no object refers to`);

  const storage: StorageContext = {
    db: new StorageDb(ctx.db.authenticator),
    blobs,
    verifier: createVerifier(ctx.keys, ctx.config.jwtSecret, ctx.config.serviceRoleKey),
    globalFileSizeLimit: parseConfigSize(tomlSection(ctx.config, 'storage').file_size_limit, 50 * 1024 * 1024),
  };

  return {
    name: 'storage',
    async handle(req: GatewayRequest, res: ServerResponse) {
      let segments: string[];
      try {
        segments = req.path.replace(/^\/+/, '').split('/').map(decodeURIComponent);
      } catch {
        const r = new StorageRequest(storage, req, res, []);
        r.sendError(ERRORS.InvalidKey(req.path));
        return;
      }
      const r = new StorageRequest(storage, req, res, segments);
      try {
        await route(r);
      } catch (e) {
        if (e instanceof StorageError) {
          r.sendError(e);
          return;
        }
        ctx.log(`unexpected error on ${req.method} ${req.path}: ${(e as Error).stack ?? e}`);
        r.sendError(ERRORS.InternalError());
      }
    },
  };
}

/** Fastify's answer for a route that does not exist (e.g. /render/image/* while image transformation is off). */
function notFound(r: StorageRequest): void {
  r.send(404, {
    message: `Route ${r.method}:${r.raw.path}${r.raw.gatewayUrl.search} not found`,
    error: 'Not Found',
    statusCode: 404,
  });
}

async function route(r: StorageRequest): Promise<void> {
  const [area, ...rest] = r.segments;
  const m = r.method;
  if (area === 'bucket')
    return routeBucket(
      r,
      rest.filter((s) => s !== ''),
      m,
    );
  if (area === 'object') return routeObject(r, rest, m);
  return notFound(r);
}

async function routeBucket(r: StorageRequest, rest: string[], m: string): Promise<void> {
  if (rest.length === 0) {
    if (m === 'GET') return buckets.listBuckets(r);
    if (m === 'POST') return buckets.createBucket(r);
  } else if (rest.length === 1) {
    const id = rest[0]!;
    if (m === 'GET') return buckets.getBucket(r, id);
    if (m === 'PUT') return buckets.updateBucket(r, id);
    if (m === 'DELETE') return buckets.deleteBucket(r, id);
  } else if (rest.length === 2 && rest[1] === 'empty' && m === 'POST') {
    return buckets.emptyBucket(r, rest[0]!);
  }
  return notFound(r);
}

/** Splits `bucket/name/with/slashes`; null when there is no object name. */
function target(parts: string[]): [string, string] | null {
  if (parts.length < 2) return null;
  return [parts[0]!, parts.slice(1).join('/')];
}

async function routeObject(r: StorageRequest, rest: string[], m: string): Promise<void> {
  const [first, ...tail] = rest;
  const head = m === 'HEAD';
  const read = m === 'GET' || head;
  switch (first) {
    case 'list':
      if (m === 'POST' && tail.length === 1) return objects.listObjects(r, tail[0]!);
      break;
    case 'list-v2':
      if (m === 'POST' && tail.length === 1) return listObjectsV2(r, tail[0]!);
      break;
    case 'move':
      if (m === 'POST' && tail.length === 0) return objects.moveObject(r);
      break;
    case 'copy':
      if (m === 'POST' && tail.length === 0) return objects.copyObject(r);
      break;
    case 'sign': {
      if (m === 'POST' && tail.length === 1) return objects.signObjectUrls(r, tail[0]!);
      const t = target(tail);
      if (t && m === 'POST') return objects.signObjectUrl(r, ...t);
      if (t && read) return objects.getSignedObject(r, ...t, head);
      break;
    }
    case 'upload': {
      if (tail[0] !== 'sign') break;
      const t = target(tail.slice(1));
      if (t && m === 'POST') return objects.signUploadUrl(r, ...t);
      if (t && m === 'PUT') return objects.uploadToSignedUrl(r, ...t);
      break;
    }
    case 'public': {
      const t = target(tail);
      if (t && read) return objects.getObject(r, ...t, 'public', head);
      break;
    }
    case 'authenticated': {
      const t = target(tail);
      if (t && read) return objects.getObject(r, ...t, 'authenticated', head);
      break;
    }
    case 'info': {
      if (m !== 'GET') break;
      const mode = tail[0] === 'public' ? 'public' : tail[0] === 'authenticated' ? 'authenticated' : 'any';
      const t = target(mode === 'any' ? tail : tail.slice(1));
      if (t) return objects.getObjectInfo(r, ...t, mode);
      break;
    }
    default: {
      if (first === undefined) break;
      if (tail.length === 0) {
        if (m === 'DELETE') return objects.deleteObjects(r, first);
        break;
      }
      const t = target(rest)!;
      if (read) return objects.getObject(r, ...t, 'any', head);
      if (m === 'POST' || m === 'PUT') return objects.createObject(r, ...t, m);
      if (m === 'DELETE') return objects.deleteObject(r, ...t);
    }
  }
  return notFound(r);
}
