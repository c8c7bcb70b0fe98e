import { StorageApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, API_URL, serviceClient, stackConfig } from '../../src/testing/index.ts';

// Hosted storage-api v1.60 (src/http/routes/bucket/*, src/internal/errors/codes.ts): client errors are HTTP 400
// with the real status as a string `statusCode` in the body.

const service = serviceClient();
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;
const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${API_URL}/storage/v1${path}`, {
    ...init,
    headers: {
      apikey: stackConfig.serviceRoleKey,
      authorization: `Bearer ${stackConfig.serviceRoleKey}`,
      ...(init.headers ?? {}),
    },
  });

describe('buckets with the service key', () => {
  it('creates, reads, lists, updates, empties and deletes a bucket', async () => {
    const id = unique('crud');
    const created = await service.storage.createBucket(id, {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/png'],
    });
    expect(created).toEqual({ data: { name: id }, error: null });

    const got = await service.storage.getBucket(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      id,
      name: id,
      owner: '',
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/png'],
    });
    expect(got.data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const list = await service.storage.listBuckets();
    expect(list.data?.find((b) => b.id === id)).toMatchObject({ id, type: 'STANDARD', public: true });

    const upd = await service.storage.updateBucket(id, { public: false, fileSizeLimit: null, allowedMimeTypes: null });
    expect(upd).toEqual({ data: { message: 'Successfully updated' }, error: null });
    expect((await service.storage.getBucket(id)).data).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
    });

    await service.storage.from(id).upload('a.txt', 'hello', { contentType: 'text/plain' });
    const notEmpty = await service.storage.deleteBucket(id);
    expect(notEmpty.error).toBeInstanceOf(StorageApiError);
    expect(notEmpty.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });

    expect(await service.storage.emptyBucket(id)).toEqual({
      data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
      error: null,
    });
    expect(await service.storage.deleteBucket(id)).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    const gone = await service.storage.getBucket(id);
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('answers hosted bodies for a missing bucket, a duplicate and an invalid name', async () => {
    const missing = await raw('/bucket/no-such-bucket');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      error: 'Bucket not found',
      message: 'Bucket not found',
      code: 'NoSuchBucket',
    });

    const id = unique('dup');
    await service.storage.createBucket(id);
    const dup = await raw('/bucket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: id }),
    });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toEqual({
      statusCode: '409',
      error: 'Duplicate',
      message: 'The resource already exists',
      code: 'BucketAlreadyExists',
    });

    const bad = await raw('/bucket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a/b' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: '400',
      error: 'Invalid Input',
      message: 'Bucket name invalid',
      code: 'InvalidBucketName',
    });

    const tooBig = await service.storage.createBucket(unique('big'), { public: false, fileSizeLimit: '60MB' });
    expect(tooBig.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });

    const badMime = await service.storage.createBucket(unique('mime'), {
      public: false,
      allowedMimeTypes: ['not a mime'],
    });
    expect(badMime.error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type not a mime is not supported',
    });
  });

  it('refuses bucket creation to anon (RLS on storage.buckets) and lists nothing to it', async () => {
    const anon = anonClient();
    const res = await anon.storage.createBucket(unique('anon'));
    expect(res.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect(await anon.storage.listBuckets()).toEqual({ data: [], error: null });
  });

  it('refuses a garbage bearer token with the hosted 403 body', async () => {
    // The messages are jose's, which hosted storage also verifies with.
    const res = await fetch(`${API_URL}/storage/v1/bucket`, { headers: { authorization: 'Bearer garbage' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
      code: 'AccessDenied',
    });
    const forged = `${stackConfig.serviceRoleKey.slice(0, -3)}abc`;
    const res2 = await fetch(`${API_URL}/storage/v1/bucket`, { headers: { authorization: `Bearer ${forged}` } });
    expect(await res2.json()).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'signature verification failed',
      code: 'AccessDenied',
    });
  });
});
