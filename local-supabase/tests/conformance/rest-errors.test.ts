import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signUserJwt, stackConfig } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest, userClient } from './rest-fixture.ts';

// Errors, statuses and headers (PostgREST Error.hs@v14.12; docs.postgrest.org/en/v14 references/errors).
const P = 'rest_err';
const db = anonClient();

beforeAll(() => createFixture(P));
afterAll(() => dropFixture(P));

describe('errors', () => {
  it('answers an unknown table with PGRST205 (404), with a hint when a name is close', async () => {
    const res = await db.from('rest_no_such_table').select();
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.rest_no_such_table' in the schema cache",
    });
    const typo = await db.from(`${P}_book`).select();
    expect(typo.error).toMatchObject({ code: 'PGRST205', hint: `Perhaps you meant the table 'public.${P}_books'` });
  });

  it('answers an unknown select column with 42703 (400)', async () => {
    const res = await db.from(`${P}_books`).select('id, nope');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: '42703', message: `column ${P}_books.nope does not exist` });
  });

  it('maps 42501 to 401 for anon and 403 for a signed-in user, with Proxy-Status and WWW-Authenticate', async () => {
    const anon = await rest(`/${P}_secret`);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: `permission denied for table ${P}_secret`,
    });
    expect(anon.headers.get('proxy-status')).toBe('PostgREST; error=42501');
    expect(anon.headers.get('www-authenticate')).toBe('Bearer');
    const user = await userClient(await signUserJwt())
      .from(`${P}_secret`)
      .select();
    expect(user.status).toBe(403);
    expect(user.error!.code).toBe('42501');
    const service = await serviceClient().from(`${P}_secret`).select();
    expect(service).toMatchObject({ status: 200, data: [] });
  });

  it('lets RLS filter rows silently on select', async () => {
    const owner = randomUUID();
    const me = userClient(await signUserJwt(owner));
    await me.from(`${P}_notes`).insert({ body: 'private' });
    expect((await me.from(`${P}_notes`).select('body')).data).toEqual([{ body: 'private' }]);
    expect(
      (
        await userClient(await signUserJwt())
          .from(`${P}_notes`)
          .select('body')
      ).data,
    ).toEqual([]);
  });

  it('rejects garbage and expired JWTs with 401 PGRST301/PGRST303 and WWW-Authenticate', async () => {
    const garbage = await rest(`/${P}_books`, { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toEqual({
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'Expected 3 parts in JWT; got 1',
    });
    expect(garbage.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="Expected 3 parts in JWT; got 1"',
    );
    const expired = await rest(`/${P}_books`, {
      headers: { Authorization: `Bearer ${await signUserJwt(randomUUID(), {}, -120)}` },
    });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const forged = stackConfig.anonKey.slice(0, -4) + 'abcd';
    const bad = await rest(`/${P}_books`, { headers: { Authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('PGRST301');
  });

  it('answers a role the authenticator cannot become with an error, not data', async () => {
    const res = await rest(`/${P}_books`, {
      headers: { Authorization: `Bearer ${await signUserJwt(randomUUID(), { role: 'postgres' })}` },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.code).toBe('string');
  });

  it('checks Accept-Profile / Content-Profile against the exposed schemas (PGRST106)', async () => {
    const res = await db.schema('auth').from('users').select();
    expect(res.status).toBe(406);
    expect(res.error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public',
      message: 'Invalid schema: auth',
    });
    const write = await rest(`/${P}_kv`, { method: 'POST', headers: { 'Content-Profile': 'storage' }, body: '{}' });
    expect(write.status).toBe(406);
  });

  it('answers malformed JSON with PGRST102 and a bad select with PGRST100', async () => {
    const json = await rest(`/${P}_kv`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"k":',
    });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });
    const select = await rest(`/${P}_books?select=id,(`);
    expect(select.status).toBe(400);
    expect(select.body.code).toBe('PGRST100');
  });

  it('answers unknown paths with PGRST125 and unsupported methods with PGRST117', async () => {
    const path = await rest(`/${P}_books/1`);
    expect(path.status).toBe(404);
    expect(path.body).toEqual({
      code: 'PGRST125',
      details: null,
      hint: null,
      message: 'Invalid path specified in request URL',
    });
    const method = await rest(`/${P}_books`, { method: 'PROPFIND' });
    expect(method.status).toBe(405);
  });

  it('answers an unsupported Accept with PGRST107 (406)', async () => {
    const res = await rest(`/${P}_books`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(406);
    expect(res.body.code).toBe('PGRST107');
  });
});
