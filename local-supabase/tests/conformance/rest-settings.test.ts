import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackConfig } from '../../src/config.ts';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';

// Settings a hosted user turns on with `alter role authenticator set pgrst.…` (aggregates, the plan media
// type) and the exposed schemas, each reloaded as PostgREST reloads its configuration. They change how every
// request is answered, so this file runs a stack of its own on a small project of its own.

const MIGRATION = `
create table public.shelves (id int primary key, room text not null);
create table public.volumes (
  id int primary key,
  shelf_id int references public.shelves(id),
  pages int,
  note text
);
create table public.labels (volume_id int primary key references public.volumes(id), label text);
insert into public.shelves values (1, 'hall'), (2, 'study');
insert into public.volumes values (1, 1, 100, null), (2, 1, 250, 'worn'), (3, 2, 50, null);
insert into public.labels values (1, 'red'), (2, 'blue');
grant select on public.shelves, public.volumes, public.labels to anon;
create schema archive;
create table archive.boxes (id int primary key);
insert into archive.boxes values (7);
grant usage on schema archive to anon;
grant select on archive.boxes to anon;
`;

const CONFIG = (schemas: string[]) => `project_id = "rest-settings"
[api]
schemas = [${schemas.map((s) => `"${s}"`).join(', ')}]
extra_search_path = ["public", "extensions"]
max_rows = 1000
`;

let project: string;
let isolated: IsolatedStack;
let config: StackConfig;
let db: pg.Client;

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'rest-settings-'));
  mkdirSync(path.join(project, 'supabase', 'migrations'), { recursive: true });
  writeFileSync(path.join(project, 'supabase', 'config.toml'), CONFIG(['public']));
  writeFileSync(path.join(project, 'supabase', 'migrations', '20260101000000_library.sql'), MIGRATION);
  isolated = await startIsolatedStack({
    name: 'test-rest-settings',
    env: { SUPABASE_WORKDIR: project, LOCAL_SUPABASE_SERVICES: 'rest' },
  });
  config = isolated.config;
  // As the project's own `postgres` role, the one a hosted user has.
  db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await isolated?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

async function get(
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string | null; body: any }> {
  const res = await fetch(`${config.apiUrl}/rest/v1${pathAndQuery}`, {
    headers: { apikey: config.anonKey, ...headers },
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status: res.status, type: res.headers.get('content-type'), body };
}

/** Waits (a condition, not a sleep) until `check` holds, or fails after 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function setSetting(name: string, value: string | null): Promise<void> {
  await db.query(
    value === null
      ? `alter role authenticator reset pgrst.${name}`
      : `alter role authenticator set pgrst.${name} = '${value}'`,
  );
  await db.query(`notify pgrst, 'reload config'`);
}

describe('aggregates (pgrst.db_aggregates_enabled)', () => {
  it('are refused with 400 PGRST123 while off, as on hosted by default', async () => {
    for (const select of ['count()', 'pages.sum()', 'room,volumes(pages.max())', 'n:count()::text']) {
      const res = await get(`/shelves?select=${select}`);
      expect(res.status, select).toBe(400);
      expect(res.body).toEqual({
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      });
    }
  });

  it('work once the postgres role turns them on and PostgREST reloads its config', async () => {
    await setSetting('db_aggregates_enabled', 'true');
    await until(async () => (await get('/volumes?select=count()')).status === 200);
    expect((await get('/volumes?select=count()')).body).toEqual([{ count: 3 }]);
    // Grouped by the other columns, with aliases and a cast of the result.
    expect((await get('/volumes?select=shelf_id,total:pages.sum(),n:count()::text&order=shelf_id')).body).toEqual([
      { shelf_id: 1, total: 350, n: '2' },
      { shelf_id: 2, total: 50, n: '1' },
    ]);
    expect((await get('/volumes?select=pages.avg(),pages.max(),pages.min()')).body).toEqual([
      { avg: 133.33333333333334, max: 250, min: 50 },
    ]);
  });

  it('aggregate inside embeds, and a to-one spread leaves its aggregates to its parent', async () => {
    expect((await get('/shelves?select=room,volumes(count(),pages.sum())&order=id')).body).toEqual([
      { room: 'hall', volumes: [{ count: 2, sum: 350 }] },
      { room: 'study', volumes: [{ count: 1, sum: 50 }] },
    ]);
    const spread = await get('/volumes?select=id.count(),...labels(label)&order=labels(label)');
    expect(spread.status).toBe(200);
    expect(spread.body).toEqual([
      { count: 1, label: 'blue' },
      { count: 1, label: 'red' },
      { count: 1, label: null },
    ]);
    const hoisted = await get('/labels?select=label,...volumes(pages.sum())&order=label');
    expect(hoisted.body).toEqual([
      { label: 'blue', sum: 250 },
      { label: 'red', sum: 100 },
    ]);
  });

  it('are not implemented inside a to-many spread (400 PGRST127) and name missing columns as Postgres does', async () => {
    const res = await get('/shelves?select=room,...volumes(pages.sum())');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST127',
      message: 'Feature not implemented',
      details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
      hint: null,
    });
    const missing = await get('/volumes?select=alias:weight.count()');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: '42703', message: 'column volumes.weight does not exist' });
  });

  it('are refused again once turned off', async () => {
    await setSetting('db_aggregates_enabled', null);
    await until(async () => (await get('/volumes?select=count()')).status === 400);
    expect((await get('/volumes?select=count()')).body.code).toBe('PGRST123');
  });
});

describe('the plan media type (pgrst.db_plan_enabled)', () => {
  const PLAN_JSON = 'application/vnd.pgrst.plan+json; for="application/json"';

  it('is not available while off (406 PGRST107)', async () => {
    const res = await get('/volumes', { Accept: PLAN_JSON });
    expect(res.status).toBe(406);
    expect(res.body.code).toBe('PGRST107');
  });

  it("answers the request's EXPLAIN in JSON or text, with the options asked for", async () => {
    await setSetting('db_plan_enabled', 'true');
    await until(async () => (await get('/volumes', { Accept: PLAN_JSON })).status === 200);
    const json = await get('/volumes?select=id&id=gt.1', { Accept: PLAN_JSON });
    expect(json.type).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8');
    expect(json.body).toHaveLength(1);
    expect(json.body[0].Plan['Node Type']).toBe('Aggregate');
    const text = await get('/volumes', { Accept: 'application/vnd.pgrst.plan+text; for="application/json"' });
    expect(text.type).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
    expect(text.body).toMatch(/^Aggregate {2}\(cost=/);
    const withOptions = await get('/volumes', { Accept: `${PLAN_JSON}; options=analyze|verbose|settings` });
    expect(withOptions.type).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|settings; charset=utf-8',
    );
    expect(withOptions.body[0].Plan['Actual Rows']).toBe(1);
    expect(withOptions.body[0].Settings).toMatchObject({ search_path: '"public", "public", "extensions"' });
    await setSetting('db_plan_enabled', null);
    await until(async () => (await get('/volumes', { Accept: PLAN_JSON })).status === 406);
  });
});

describe('nulls=stripped', () => {
  it('leaves out keys whose value is null, for arrays and single objects', async () => {
    const list = await get('/volumes?select=id,note&order=id', {
      Accept: 'application/vnd.pgrst.array+json;nulls=stripped',
    });
    expect(list.status).toBe(200);
    expect(list.type).toBe('application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8');
    expect(list.body).toEqual([{ id: 1 }, { id: 2, note: 'worn' }, { id: 3 }]);
    const one = await get('/volumes?select=id,note&id=eq.3', {
      Accept: 'application/vnd.pgrst.object+json;nulls=stripped',
    });
    expect(one.body).toEqual({ id: 3 });
  });
});

describe('exposed schemas', () => {
  it('follow config.toml when it changes, and pgrst.db_schemas over it, without a restart', async () => {
    expect((await get('/boxes', { 'Accept-Profile': 'archive' })).body).toMatchObject({ code: 'PGRST106' });
    const file = path.join(project, 'supabase', 'config.toml');
    writeFileSync(file, CONFIG(['public', 'archive']));
    expect(readFileSync(file, 'utf8')).toContain('archive');
    await until(async () => (await get('/boxes', { 'Accept-Profile': 'archive' })).status === 200);
    expect((await get('/boxes', { 'Accept-Profile': 'archive' })).body).toEqual([{ id: 7 }]);
    // The in-database setting wins over the file, as PostgREST's db-config wins over its environment.
    await setSetting('db_schemas', 'public');
    await until(async () => (await get('/boxes', { 'Accept-Profile': 'archive' })).status === 406);
    const refused = await get('/boxes', { 'Accept-Profile': 'archive' });
    expect(refused.body.hint).toBe('Only the following schemas are exposed: public');
    await setSetting('db_schemas', null);
    await until(async () => (await get('/boxes', { 'Accept-Profile': 'archive' })).status === 200);
  });
});

// PostgREST's db-pre-request (docs.postgrest.org/en/v14/references/transactions.html#pre-request): a function
// called in every request's transaction after the role and the request.* settings, before the main query; what
// it raises is the response, as from any function.
describe('db-pre-request', () => {
  const send = async (method: string, pathAndQuery: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${config.apiUrl}/rest/v1${pathAndQuery}`, {
      method,
      headers: { apikey: config.anonKey, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
  };

  beforeAll(async () => {
    await db.query(`
      create table public.stamps (id int primary key, seen_role text);
      grant select, insert on public.stamps to anon;
      create function public.guard() returns void language plpgsql as $$
      begin
        case current_setting('request.headers', true)::json ->> 'x-block'
          when 'custom' then
            raise sqlstate 'PGRST' using
              message = '{"code":"blocked","message":"Blocked before the query","details":null,"hint":"Drop x-block"}',
              detail = '{"status":403,"headers":{"X-Blocked-By":"guard"}}';
          when 'pt' then raise sqlstate 'PT402' using message = 'Pay first';
          else null;
        end case;
        -- Seen by the main query: the same transaction, the request's role already in force (a custom
        -- setting reads '' after its transaction on that connection, hence nullif below).
        perform set_config('app.pre_request_role', current_user, true);
      end $$;
      create function public.pre_request_role() returns text language sql as $$ select nullif(current_setting('app.pre_request_role', true), '') $$;
    `);
    // The schema cache reloads after DDL on its own time.
    await until(async () => (await send('POST', '/rpc/pre_request_role', {}, {})).status === 200);
    await until(async () => (await send('GET', '/stamps', {})).status === 200);
  });

  afterAll(async () => {
    await setSetting('db_pre_request', null);
  });

  it('is not called while unset', async () => {
    expect((await send('GET', '/stamps', { 'x-block': 'custom' })).status).toBe(200);
    expect((await send('POST', '/rpc/pre_request_role', {}, {})).body).toBeNull();
  });

  it('runs before every read, write and function call once set, and its raise is the answer', async () => {
    await setSetting('db_pre_request', 'public.guard');
    await until(async () => (await send('GET', '/stamps', { 'x-block': 'custom' })).status === 403);
    const read = await send('GET', '/stamps', { 'x-block': 'custom' });
    expect(read.body).toEqual({
      code: 'blocked',
      message: 'Blocked before the query',
      details: null,
      hint: 'Drop x-block',
    });
    expect(read.headers.get('x-blocked-by')).toBe('guard');
    const write = await send('POST', '/stamps', { 'x-block': 'pt' }, { id: 1, seen_role: 'x' });
    expect(write.status).toBe(402);
    expect(write.body).toMatchObject({ message: 'Pay first' });
    expect((await db.query('select count(*)::int as n from public.stamps')).rows[0].n).toBe(0);
    expect((await send('POST', '/rpc/pre_request_role', { 'x-block': 'custom' }, {})).status).toBe(403);
    // Let through: it ran as the request's role, in the request's transaction, before the call.
    expect((await send('POST', '/rpc/pre_request_role', {}, {})).body).toBe('anon');
    expect((await send('POST', '/stamps', {}, { id: 2, seen_role: 'y' })).status).toBe(201);
  });

  it('stops being called once reset and PostgREST reloads its config', async () => {
    await setSetting('db_pre_request', null);
    await until(async () => (await send('GET', '/stamps', { 'x-block': 'custom' })).status === 200);
    expect((await send('POST', '/rpc/pre_request_role', {}, {})).body).toBeNull();
  });
});
