import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  API_URL,
  nodeOptions,
  serviceClient,
  signUserJwt,
  sql,
  stackConfig,
} from '../../src/testing/index.ts';

// Object routes as hosted storage-api v1.60 answers them, with storage.objects policies deciding
// (supabase/storage src/http/routes/object, supabase.com/docs/guides/storage/security/access-control).

const service = serviceClient();
const PRIVATE = 'st-private';
const PUBLIC = 'st-public';
const LIMITED = 'st-limited';
const alice = randomUUID();
const bob = randomUUID();
let aliceClient: SupabaseClient;
let bobClient: SupabaseClient;

function userClient(token: string): SupabaseClient {
  return createClient(API_URL, stackConfig.publishableKey, {
    ...nodeOptions,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

const storageUrl = `${API_URL}/storage/v1`;

beforeAll(async () => {
  // As the product's migrations do on hosted: buckets and policies created by `postgres`.
  await sql(
    `insert into storage.buckets (id, name, public) values ($1, $1, false), ($2, $2, true) on conflict do nothing`,
    [PRIVATE, PUBLIC],
  );
  await sql(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, false, 1024, '{image/png,text/*}') on conflict do nothing`,
    [LIMITED],
  );
  await sql(`drop policy if exists "st own insert" on storage.objects`);
  await sql(`drop policy if exists "st own select" on storage.objects`);
  await sql(`drop policy if exists "st own delete" on storage.objects`);
  await sql(`drop policy if exists "st public insert" on storage.objects`);
  await sql(`drop policy if exists "st limited all" on storage.objects`);
  const own = `bucket_id = '${PRIVATE}' and (storage.foldername(name))[1] = auth.uid()::text`;
  await sql(`create policy "st own insert" on storage.objects for insert to authenticated with check (${own})`);
  await sql(`create policy "st own select" on storage.objects for select to authenticated using (${own})`);
  await sql(`create policy "st own delete" on storage.objects for delete to authenticated using (${own})`);
  await sql(
    `create policy "st public insert" on storage.objects for insert to authenticated with check (bucket_id = '${PUBLIC}' and (storage.foldername(name))[1] = auth.uid()::text)`,
  );
  await sql(
    `create policy "st limited all" on storage.objects for all to authenticated using (bucket_id = '${LIMITED}') with check (bucket_id = '${LIMITED}')`,
  );
  aliceClient = userClient(await signUserJwt(alice));
  bobClient = userClient(await signUserJwt(bob));
});

describe('uploads and own-folder policies', () => {
  it('lets a user upload into their own folder and returns hosted ids', async () => {
    const res = await aliceClient.storage
      .from(PRIVATE)
      .upload(`${alice}/hello.txt`, new Blob(['hi alice'], { type: 'text/plain' }));
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ path: `${alice}/hello.txt`, fullPath: `${PRIVATE}/${alice}/hello.txt` });
    expect(res.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await sql<{ owner_id: string; metadata: Record<string, unknown> }>(
      `select owner_id, metadata from storage.objects where bucket_id = $1 and name = $2`,
      [PRIVATE, `${alice}/hello.txt`],
    );
    expect(row!.owner_id).toBe(alice);
    expect(row!.metadata).toMatchObject({
      size: 8,
      mimetype: 'text/plain',
      cacheControl: 'max-age=3600',
      contentLength: 8,
      httpStatusCode: 200,
    });
    expect(row!.metadata.eTag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it("refuses another user's folder with the hosted RLS body and stores nothing", async () => {
    const res = await bobClient.storage.from(PRIVATE).upload(`${alice}/intruder.txt`, 'x');
    expect(res.error).toMatchObject({
      name: 'StorageApiError',
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect(await sql(`select 1 from storage.objects where name = $1`, [`${alice}/intruder.txt`])).toEqual([]);
  });

  it('refuses anon uploads and a duplicate without upsert', async () => {
    const anon = await anonClient().storage.from(PRIVATE).upload(`${alice}/anon.txt`, 'x');
    expect(anon.error).toMatchObject({ status: 400, statusCode: '403' });
    const dup = await aliceClient.storage.from(PRIVATE).upload(`${alice}/hello.txt`, 'again');
    expect(dup.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
  });

  it('refuses upsert without an UPDATE policy, allows it with one', async () => {
    const denied = await aliceClient.storage.from(PRIVATE).upload(`${alice}/hello.txt`, 'v2', { upsert: true });
    expect(denied.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const ok1 = await aliceClient.storage
      .from(LIMITED)
      .upload('up.txt', 'v1', { upsert: true, contentType: 'text/plain' });
    expect(ok1.error).toBeNull();
    const ok2 = await aliceClient.storage
      .from(LIMITED)
      .upload('up.txt', 'v2!', { upsert: true, contentType: 'text/plain' });
    expect(ok2.error).toBeNull();
    const { data } = await aliceClient.storage.from(LIMITED).download('up.txt');
    expect(await data!.text()).toBe('v2!');
  });

  it('enforces the bucket size and MIME limits with hosted bodies', async () => {
    const big = await aliceClient.storage
      .from(LIMITED)
      .upload('big.png', new Blob([new Uint8Array(2048)], { type: 'image/png' }));
    expect(big.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const mime = await aliceClient.storage
      .from(LIMITED)
      .upload('x.pdf', new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(mime.error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type application/pdf is not supported',
    });
    const wildcard = await aliceClient.storage.from(LIMITED).upload('ok.txt', new Blob(['fine'], { type: 'text/csv' }));
    expect(wildcard.error).toBeNull();
    expect(
      await sql(`select 1 from storage.objects where bucket_id = $1 and name in ('big.png', 'x.pdf')`, [LIMITED]),
    ).toEqual([]);
  });
});

describe('downloads', () => {
  it('serves own objects with hosted headers, refuses others', async () => {
    const res = await fetch(`${storageUrl}/object/authenticated/${PRIVATE}/${alice}/hello.txt`, {
      headers: { authorization: `Bearer ${await signUserJwt(alice)}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hi alice');
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-length')).toBe('8');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);

    const again = await fetch(res.url, {
      headers: { authorization: `Bearer ${await signUserJwt(alice)}`, 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    const ranged = await fetch(res.url, {
      headers: { authorization: `Bearer ${await signUserJwt(alice)}`, range: 'bytes=3-7' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 3-7/8');
    expect(await ranged.text()).toBe('alice');

    const bobs = await bobClient.storage.from(PRIVATE).download(`${alice}/hello.txt`);
    expect(bobs.error).toMatchObject({ status: 400 });
    const raw = await fetch(`${storageUrl}/object/authenticated/${PRIVATE}/${alice}/hello.txt`, {
      headers: { authorization: `Bearer ${await signUserJwt(bob)}` },
    });
    expect(await raw.json()).toEqual({
      statusCode: '404',
      error: 'not_found',
      message: 'Object not found',
      code: 'NoSuchKey',
    });
  });

  it('serves a public bucket to anyone and hides a private one', async () => {
    const up = await aliceClient.storage
      .from(PUBLIC)
      .upload(`${alice}/p.txt`, 'public!', { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    const url = service.storage.from(PUBLIC).getPublicUrl(`${alice}/p.txt`).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public!');

    const priv = await fetch(`${storageUrl}/object/public/${PRIVATE}/${alice}/hello.txt`);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toEqual({
      statusCode: '404',
      error: 'Bucket not found',
      message: 'Bucket not found',
      code: 'NoSuchBucket',
    });
  });

  it('signs a URL that works without auth and then expires', async () => {
    // exp is whole seconds (iat + expiresIn, iat rounded down), so a 1 s link can be expired within milliseconds
    // of signing on a busy machine: 2 s leaves at least one second to use it.
    const signed = await aliceClient.storage.from(PRIVATE).createSignedUrl(`${alice}/hello.txt`, 2);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('expires')).toMatch(/GMT$/);
    expect(await res.text()).toBe('hi alice');

    const denied = await bobClient.storage.from(PRIVATE).createSignedUrl(`${alice}/hello.txt`, 60);
    expect(denied.error).toMatchObject({ statusCode: '404', message: 'Object not found' });

    const tampered = await fetch(
      signed.data!.signedUrl.replace(/token=([^&]+)/, (_m, t: string) => `token=${t.slice(0, -2)}xx`),
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });

    await new Promise((r) => setTimeout(r, 3100));
    const expired = await fetch(signed.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
      code: 'InvalidJWT',
    });
  });

  it('signs several URLs, reporting the ones the caller cannot see', async () => {
    const res = await aliceClient.storage
      .from(PRIVATE)
      .createSignedUrls([`${alice}/hello.txt`, `${alice}/missing.txt`], 60);
    expect(res.error).toBeNull();
    expect(res.data![0]).toMatchObject({ error: null, path: `${alice}/hello.txt` });
    expect(res.data![1]).toMatchObject({
      error: 'Either the object does not exist or you do not have access to it',
      signedUrl: null,
    });
  });

  it('uploads through a signed upload URL', async () => {
    const signed = await aliceClient.storage.from(PRIVATE).createSignedUploadUrl(`${alice}/via-signed.txt`);
    expect(signed.error).toBeNull();
    const up = await anonClient()
      .storage.from(PRIVATE)
      .uploadToSignedUrl(`${alice}/via-signed.txt`, signed.data!.token, new Blob(['signed']));
    expect(up.error).toBeNull();
    const { data } = await aliceClient.storage.from(PRIVATE).download(`${alice}/via-signed.txt`);
    expect(await data!.text()).toBe('signed');
  });

  it('answers info and exists', async () => {
    const info = await aliceClient.storage.from(PRIVATE).info(`${alice}/hello.txt`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: `${alice}/hello.txt`,
      bucketId: PRIVATE,
      size: 8,
      contentType: 'text/plain',
    });
    expect(await aliceClient.storage.from(PRIVATE).exists(`${alice}/hello.txt`)).toMatchObject({ data: true });
    expect(await aliceClient.storage.from(PRIVATE).exists(`${alice}/nope.txt`)).toMatchObject({ data: false });
  });
});

describe('list, move, copy, remove', () => {
  it('lists one level with folders as null-id entries', async () => {
    await service.storage.from(PUBLIC).upload('lst/a.txt', 'a');
    await service.storage.from(PUBLIC).upload('lst/sub/b.txt', 'b');
    await service.storage.from(PUBLIC).upload('lst/sub/c.txt', 'c');
    const { data, error } = await service.storage.from(PUBLIC).list('lst');
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ['a.txt', false],
      ['sub', true],
    ]);
    expect(data![1]).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    expect(data![0]!.metadata).toMatchObject({ size: 1, mimetype: 'text/plain;charset=UTF-8' });
    const searched = await service.storage.from(PUBLIC).list('lst/sub', { search: 'c' });
    expect(searched.data!.map((e) => e.name)).toEqual(['c.txt']);
    const paged = await service.storage.from(PUBLIC).list('lst/sub', { limit: 1, offset: 1 });
    expect(paged.data!.map((e) => e.name)).toEqual(['c.txt']);
    // Anon has no SELECT policy on the public bucket: listing returns nothing (RLS), as on hosted.
    expect((await anonClient().storage.from(PUBLIC).list('lst')).data).toEqual([]);
  });

  it('moves and copies objects', async () => {
    await service.storage.from(PUBLIC).upload('mv/src.txt', 'move me');
    const mv = await service.storage.from(PUBLIC).move('mv/src.txt', 'mv/dst.txt');
    expect(mv).toEqual({ data: { message: 'Successfully moved' }, error: null });
    expect((await fetch(`${storageUrl}/object/public/${PUBLIC}/mv/src.txt`)).status).toBe(400);
    expect(await (await fetch(`${storageUrl}/object/public/${PUBLIC}/mv/dst.txt`)).text()).toBe('move me');

    const cp = await service.storage.from(PUBLIC).copy('mv/dst.txt', 'mv/copy.txt');
    expect(cp).toEqual({ data: { path: `${PUBLIC}/mv/copy.txt` }, error: null });
    expect(await (await fetch(`${storageUrl}/object/public/${PUBLIC}/mv/copy.txt`)).text()).toBe('move me');
    const again = await service.storage.from(PUBLIC).copy('mv/dst.txt', 'mv/copy.txt');
    expect(again.error).toMatchObject({ statusCode: '409' });

    const missing = await service.storage.from(PUBLIC).move('mv/none.txt', 'mv/x.txt');
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it("removes what it may, skipping missing paths and others' objects", async () => {
    await aliceClient.storage.from(PRIVATE).upload(`${alice}/rm.txt`, 'bye');
    await bobClient.storage.from(PRIVATE).upload(`${bob}/keep.txt`, 'mine');
    const res = await aliceClient.storage
      .from(PRIVATE)
      .remove([`${alice}/rm.txt`, `${alice}/never.txt`, `${bob}/keep.txt`]);
    expect(res.error).toBeNull();
    expect(res.data!.map((o) => o.name)).toEqual([`${alice}/rm.txt`]);
    expect(res.data![0]).toMatchObject({ bucket_id: PRIVATE, owner_id: alice, owner: alice });
    expect(await sql(`select name from storage.objects where name = $1`, [`${bob}/keep.txt`])).toHaveLength(1);
  });
});
