import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUserJwt, sql } from '../../src/testing/index.ts';
import { createFixture, dropFixture, rest } from './rest-fixture.ts';

// Bad input through every REST route shape gets a 4xx with an error body, never a 5xx, a crash or a
// data change: bad input gets a clear error and changes nothing.
const P = 'rest_rob';
const TABLES = ['authors', 'books', 'reviews', 'tags', 'book_tags', 'notes', 'kv'].map((t) => `${P}_${t}`);

async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const t of TABLES)
    out[t] = (
      await sql(
        `select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h, count(*)::int as n from ${t} x`,
      )
    )[0];
  return out;
}

interface Case {
  name: string;
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
}

const json = { 'Content-Type': 'application/json' };

async function cases(): Promise<Case[]> {
  const t = `/${P}_books`;
  const kv = `/${P}_kv`;
  const expired = await signUserJwt(randomUUID(), {}, -3600);
  const noRole = await signUserJwt(randomUUID(), { role: 'nobody_at_all' });
  const badFilters = [
    'id=eq',
    'id=xx.1',
    'id=in.(1,2',
    'id=in.1,2',
    'or=(id.eq.1',
    'or=id.eq.1',
    'or=(id.zz.1)',
    'and=(,)',
    'id=is.maybe',
    'id=eq.abc',
    'nope=eq.1',
    'id=cs.{',
    'published=gt.notadate',
    'title=fts(nosuchconfig).x',
    'id=like(some).{1}',
    'select=(',
    'select=id,,title',
    'select=*,x!(*)',
    'select=id::',
    'select=id)',
    'select=nope',
    'select="',
    'select=id->',
    'select=rest_no_table(*)',
    'select=count()',
    'order=id.up',
    'order=(',
    'order=nope',
    'order=nope(id)',
    'limit=-1',
    'limit=abc',
    'offset=x',
    'id=eq.%00',
    `select=${'a,'.repeat(2000)}a`,
    'rest_rob_reviews.stars=eq.1',
  ];
  const list: Case[] = badFilters.map((q) => ({ name: `GET ${q.slice(0, 40)}`, path: `${t}?${q}` }));
  const bodies = [
    '{"title":',
    '5',
    '"str"',
    'null',
    '[1,2]',
    '[{"k":"a"},{"x":1}]',
    '{"nope":1}',
    '{"k":"x","v":"abc"}',
    '{"k":null}',
    '\u0000',
    '['.repeat(5000),
  ];
  for (const b of bodies) {
    list.push({ name: `POST ${b.slice(0, 20)}`, path: kv, method: 'POST', body: b, headers: json });
    list.push({ name: `PATCH ${b.slice(0, 20)}`, path: `${kv}?k=eq.a`, method: 'PATCH', body: b, headers: json });
    list.push({ name: `RPC ${b.slice(0, 20)}`, path: `/rpc/${P}_add`, method: 'POST', body: b, headers: json });
  }
  list.push(
    { name: 'POST bad columns', path: `${kv}?columns=nope`, method: 'POST', body: '{"k":"q"}', headers: json },
    {
      name: 'POST bad on_conflict',
      path: `${kv}?on_conflict=nope`,
      method: 'POST',
      body: '{"k":"q"}',
      headers: { ...json, Prefer: 'resolution=merge-duplicates' },
    },
    {
      name: 'POST huge body',
      path: kv,
      method: 'POST',
      body: JSON.stringify({ k: 'huge', note: 'x'.repeat(11 * 1024 * 1024) }),
      headers: json,
    },
    { name: 'POST unknown table', path: '/rest_no_table', method: 'POST', body: '{}', headers: json },
    {
      name: 'POST violates not-null',
      path: `/${P}_books`,
      method: 'POST',
      body: '{"title":null}',
      headers: { ...json, Authorization: `Bearer ${await signUserJwt()}` },
    },
    { name: 'PATCH no filter', path: kv, method: 'PATCH', body: '{"v":1}', headers: json },
    { name: 'PATCH bad filter', path: `${kv}?k=eqq.1`, method: 'PATCH', body: '{"v":1}', headers: json },
    { name: 'PATCH wrong type', path: `${kv}?k=eq.a`, method: 'PATCH', body: '{"v":"x"}', headers: json },
    { name: 'DELETE no filter', path: kv, method: 'DELETE' },
    { name: 'DELETE bad filter', path: `${kv}?or=(k.eq.a`, method: 'DELETE' },
    { name: 'DELETE no grant', path: `/${P}_authors?id=gt.0`, method: 'DELETE' },
    { name: 'PUT without pk filter', path: kv, method: 'PUT', body: '{"k":"a"}', headers: json },
    { name: 'RPC unknown', path: '/rpc/rest_no_fn', method: 'POST', body: '{}', headers: json },
    { name: 'RPC wrong arg type', path: `/rpc/${P}_add`, method: 'POST', body: '{"a":"x","b":1}', headers: json },
    { name: 'RPC extra arg', path: `/rpc/${P}_add`, method: 'POST', body: '{"a":1,"b":2,"c":3}', headers: json },
    { name: 'RPC GET bad arg', path: `/rpc/${P}_add?a=x&b=1`, method: 'GET' },
    { name: 'RPC GET volatile write', path: `/rpc/${P}_write`, method: 'GET' },
    { name: 'RPC bad method', path: `/rpc/${P}_add`, method: 'PATCH', body: '{}', headers: json },
    { name: 'garbage token', path: t, headers: { Authorization: 'Bearer garbage' } },
    { name: 'three-part garbage token', path: t, headers: { Authorization: 'Bearer a.b.c' } },
    {
      name: 'alg none token',
      path: t,
      headers: {
        Authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
      },
    },
    { name: 'expired token', path: t, headers: { Authorization: `Bearer ${expired}` } },
    { name: 'unknown role', path: t, headers: { Authorization: `Bearer ${noRole}` } },
    {
      name: 'expired token write',
      path: kv,
      method: 'POST',
      body: '{"k":"exp"}',
      headers: { ...json, Authorization: `Bearer ${expired}` },
    },
    { name: 'bad Accept', path: t, headers: { Accept: 'text/html' } },
    { name: 'bad Accept-Profile', path: t, headers: { 'Accept-Profile': 'auth' } },
    {
      name: 'bad Content-Profile',
      path: kv,
      method: 'POST',
      body: '{"k":"p"}',
      headers: { ...json, 'Content-Profile': 'pg_catalog' },
    },
    { name: 'strict bad Prefer', path: t, headers: { Prefer: 'handling=strict, nonsense=1' } },
    { name: 'backwards Range', path: t, headers: { Range: '5-1' } },
    { name: 'nested path', path: `${t}/1/2` },
    { name: 'bad escape in path', path: '/%ZZ' },
    { name: 'rpc without name', path: '/rpc/', method: 'POST', body: '{}', headers: json },
    {
      name: 'singular write of many',
      path: `${kv}?k=like.*`,
      method: 'PATCH',
      body: '{"note":"s"}',
      headers: { ...json, Accept: 'application/vnd.pgrst.object+json', Authorization: `Bearer ${await signUserJwt()}` },
    },
  );
  return list;
}

beforeAll(async () => {
  await createFixture(P);
  await sql(`insert into ${P}_kv (k, v) values ('a', 1), ('b', 2)`);
});
afterAll(() => dropFixture(P));

/** JSON nested `depth` levels deep inside `{"k": …}`, padded to `bytes` long: a hostile body under the size limit. */
function nestedBody(bytes: number): string {
  const head = '{"k":"deep","note":';
  const depth = Math.floor((bytes - head.length - 1) / 2);
  return `${head}${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

const NINE_MIB = 9 * 1024 * 1024;

describe('hostile nesting', () => {
  it('answers a select nested 4,000 levels deep with a parse error, not a 5xx', async () => {
    const res = await rest(`/${P}_books?select=${'a('.repeat(4000)}*${')'.repeat(4000)}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PGRST100');
    expect(res.body.message).toMatch(/^"failed to parse select parameter/);
  });

  it('answers or= and and= trees 3,000 levels deep with a parse error, not a 5xx', async () => {
    for (const word of ['or', 'and']) {
      const res = await rest(`/${P}_books?${word}=(${`${word}(`.repeat(3000)}id.eq.1${')'.repeat(3000)})`);
      expect(res.status, word).toBe(400);
      expect(res.body.code).toBe('PGRST100');
      expect(res.body.message).toMatch(/^"failed to parse logic tree/);
    }
  });

  it('still reads moderately nested trees', async () => {
    const res = await rest(`/${P}_books?select=id&or=(${'or('.repeat(20)}id.eq.1${')'.repeat(20)})`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: 1 }]);
  });

  it('refuses a deeply nested JSON body to a table or a function with 400 PGRST102 and changes nothing', async () => {
    const before = await snapshot();
    const body = nestedBody(NINE_MIB);
    for (const path of [`/${P}_kv`, `/rpc/${P}_echo`, `/rpc/${P}_add`]) {
      const res = await rest(path, { method: 'POST', body, headers: json });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe('PGRST102');
    }
    const patch = await rest(`/${P}_kv?k=eq.a`, { method: 'PATCH', body, headers: json });
    expect(patch.body.code).toBe('PGRST102');
    expect(await snapshot()).toEqual(before);
  });

  it('another request answers within a bound while hostile bodies are being refused', async () => {
    const body = nestedBody(NINE_MIB);
    let settled = false;
    const hostile = Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        rest(i % 2 ? `/rpc/${P}_echo` : `/${P}_kv`, { method: 'POST', body, headers: json }),
      ),
    ).finally(() => {
      settled = true;
    });
    // Reads issued while the hostile bodies are in flight, until they are all answered.
    const latencies: number[] = [];
    do {
      const t0 = performance.now();
      const res = await rest(`/${P}_kv?select=k&k=eq.a`);
      latencies.push(performance.now() - t0);
      expect(res.body).toEqual([{ k: 'a' }]);
    } while (!settled);
    const answers = await hostile;
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(Math.max(...latencies)).toBeLessThan(1000);
  });
});

describe('robustness', () => {
  it('answers every malformed request with a 4xx error body and changes no data', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const c of await cases()) {
      const res = await rest(c.path, { method: c.method ?? 'GET', body: c.body, headers: c.headers });
      const ok =
        res.status >= 400 &&
        res.status < 500 &&
        res.body &&
        typeof res.body === 'object' &&
        typeof res.body.message === 'string';
      if (!ok) failures.push(`${c.name}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // still serving
    const alive = await rest(`/${P}_kv?select=k&order=k`);
    expect(alive.body).toEqual([{ k: 'a' }, { k: 'b' }]);
  });

  it('survives many bad requests at once', async () => {
    const all = await cases();
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => all[i % all.length]!).map((c) =>
        rest(c.path, { method: c.method ?? 'GET', body: c.body, headers: c.headers }),
      ),
    );
    expect(burst.every((r) => r.status >= 400 && r.status < 500)).toBe(true);
    expect((await rest(`/${P}_books?select=id&id=eq.1`)).body).toEqual([{ id: 1 }]);
  });
});
