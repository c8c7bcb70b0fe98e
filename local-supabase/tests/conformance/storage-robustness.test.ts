import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { API_URL, sql, stackConfig } from '../../src/testing/index.ts';

// Bad input gets a hosted-shaped 4xx and changes nothing; the service never crashes.

const base = `${API_URL}/storage/v1`;
const auth = { apikey: stackConfig.serviceRoleKey, authorization: `Bearer ${stackConfig.serviceRoleKey}` };
const BUCKET = 'st-robust';

function rawPost(path: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: stackConfig.host,
        port: stackConfig.apiPort,
        path,
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/plain' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('storage robustness', () => {
  it('refuses malformed JSON and missing fields like fastify does', async () => {
    const bad = await fetch(`${base}/bucket`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: '400',
      error: 'FastifyError',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
      code: 'InvalidRequest',
    });
    const missing = await fetch(`${base}/bucket`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await missing.json()).toEqual({
      statusCode: '400',
      error: 'Error',
      message: "body must have required property 'name'",
      code: 'InvalidRequest',
    });
  });

  it('refuses dot segments and invalid keys without storing anything', async () => {
    await fetch(`${base}/bucket`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: BUCKET }),
    });
    // Literal dot segments are resolved by URL parsing (fetch, the gateway, Kong on hosted) before routing...
    const dots = await rawPost(`/storage/v1/object/${BUCKET}/a/../../etc/passwd`, 'x');
    expect(dots.status).toBe(400);
    expect(JSON.parse(dots.body)).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    // ...encoded ones reach the service inside one segment and are refused as an invalid key.
    const encoded = await rawPost(`/storage/v1/object/${BUCKET}/a%2F..%2F..%2Fetc%2Fpasswd`, 'x');
    expect(encoded.status).toBe(400);
    expect(JSON.parse(encoded.body)).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    const ctl = await fetch(`${base}/object/${BUCKET}/bad%00name`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(await ctl.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    const badBucket = await fetch(`${base}/object/list/bad%2Fbucket`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    });
    expect(await badBucket.json()).toMatchObject({
      statusCode: '400',
      error: 'Invalid Input',
      message: 'Bucket name invalid',
    });
    expect(await sql(`select name from storage.objects where bucket_id = $1`, [BUCKET])).toEqual([]);
  });

  it('refuses bodies over the global limit before storing them', async () => {
    const res = await fetch(`${base}/object/${BUCKET}/huge.bin`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(60 * 1024 * 1024) },
      body: new Uint8Array(16),
    }).catch(() => null);
    // undici refuses a body shorter than its content-length; a raw declared length is what matters here.
    if (res) expect(await res.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    const streamed = await fetch(`${base}/object/${BUCKET}/huge2.bin`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: new ReadableStream({
        start(c) {
          const chunk = new Uint8Array(1024 * 1024);
          for (let i = 0; i < 51; i++) c.enqueue(chunk);
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(await streamed.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    expect(await sql(`select name from storage.objects where bucket_id = $1`, [BUCKET])).toEqual([]);
  });

  it('answers unknown routes and image rendering (transformations off) with fastify 404s', async () => {
    const res = await fetch(`${base}/render/image/public/${BUCKET}/x.png?width=100`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: `Route GET:/render/image/public/${BUCKET}/x.png?width=100 not found`,
      error: 'Not Found',
      statusCode: 404,
    });
  });

  it('refuses a signed URL whose token names another object', async () => {
    await fetch(`${base}/object/${BUCKET}/one.txt`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'one',
    });
    await fetch(`${base}/object/${BUCKET}/two.txt`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'two',
    });
    const sign = await fetch(`${base}/object/sign/${BUCKET}/one.txt`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    });
    const { signedURL } = (await sign.json()) as { signedURL: string };
    const token = new URL(`${base}${signedURL}`).searchParams.get('token');
    const other = await fetch(`${base}/object/sign/${BUCKET}/two.txt?token=${token}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      statusCode: '400',
      error: 'InvalidSignature',
      message: 'Invalid signature',
      code: 'InvalidSignature',
    });
  });

  // Storage validates a bucket name only where it creates or lists by one (mustBeValidBucketName) and checks that
  // limit and offset are finite integers (its `finite` keyword); everything else goes to PostgreSQL as parameters,
  // and DBError.fromDBError maps what PostgreSQL refuses: 22P02 to 400 InvalidParameter, anything else (22021 for a
  // NUL byte, 22003 out of range) to 500 DatabaseError. The stack answers the same, and nothing changes.
  it('answers NUL bytes and huge limits and offsets as Storage does', async () => {
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...auth, 'content-type': 'application/json' },
      });
      return { status: res.status, body: (await res.json()) as object };
    };
    const post = (path: string, body: string, method = 'POST') => call(path, { method, body });
    const dbError = (code: string) => ({
      status: 500,
      body: {
        statusCode: '500',
        error: 'DatabaseError',
        message: `database error, code: ${code}`,
        code: 'DatabaseError',
      },
    });
    const badBigint = (value: string, type = 'bigint') => ({
      status: 400,
      body: {
        statusCode: '400',
        error: 'InvalidParameter',
        message: `invalid input syntax for type ${type}: "${value}"`,
        code: 'InvalidParameter',
      },
    });
    const badName = {
      status: 400,
      body: { statusCode: '400', error: 'Invalid Input', message: 'Bucket name invalid', code: 'InvalidBucketName' },
    };
    expect(await post('/bucket', '{"name":"nul\\u0000bucket"}')).toEqual(badName);
    expect(await post('/object/list/nul%00bucket', '{"prefix":""}')).toEqual(badName);
    expect(await call('/bucket/nul%00bucket')).toEqual(dbError('22021'));
    expect(await post(`/object/list/${BUCKET}`, '{"prefix":"a\\u0000b"}')).toEqual(dbError('22021'));
    expect(await post(`/object/list/${BUCKET}`, '{"prefix":"","search":"a\\u0000b"}')).toEqual(dbError('22021'));
    expect(await post(`/object/${BUCKET}`, '{"prefixes":["one.txt","a\\u0000b"]}', 'DELETE')).toEqual(dbError('22021'));

    expect(await call('/bucket?limit=1e99')).toEqual(badBigint('1e+99'));
    expect(await call('/bucket?offset=1e99')).toEqual(badBigint('1e+99'));
    expect(await call('/bucket?limit=9223372036854775808')).toEqual(dbError('22003'));
    expect(await call('/bucket?offset=9223372036854775808')).toEqual(dbError('22003'));
    expect(await post(`/object/list/${BUCKET}`, '{"prefix":"","limit":1e99}')).toEqual(badBigint('1e+99', 'integer'));
    expect(await post(`/object/list/${BUCKET}`, '{"prefix":"","offset":1e99}')).toEqual(badBigint('1e+99', 'integer'));
    expect(await post(`/object/list/${BUCKET}`, '{"prefix":"","limit":9223372036854775808}')).toEqual(dbError('22003'));
    expect(await post(`/object/list/${BUCKET}`, '{"prefix":"","offset":9223372036854775808}')).toEqual(
      dbError('22003'),
    );
    // A limit that is not a finite number never reaches the database.
    expect(await call('/bucket?limit=1e999')).toEqual({
      status: 400,
      body: { statusCode: '400', error: 'Error', message: 'querystring/limit must be integer', code: 'InvalidRequest' },
    });

    expect(await sql(`select name from storage.objects where bucket_id = $1 order by name`, [BUCKET])).toEqual([
      { name: 'one.txt' },
      { name: 'two.txt' },
    ]);
    expect(await sql(`select id from storage.buckets where id like 'nul%'`)).toEqual([]);
  });
});
