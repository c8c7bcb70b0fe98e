import { createHmac } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  listen,
  realtimeClient,
  serviceClient,
  signedInClient,
  sql,
  waitFor,
} from '@good-space/local-supabase/testing';
import { connect } from './support/pg.ts';

/**
 * Two-factor sign-in protects the API, not only the pages (docs/product.md, Accounts; docs/security.md, "The second
 * factor protects the API"). The attacker knows the password of a user who turned on two-factor sign-in and signs in
 * with it alone (aal1), with supabase-js against the public API: every table, every function the API offers, Storage,
 * the edge functions and the e-mail/password change refuse them and change nothing. The same calls work once the
 * second factor is verified (aal2), for a user without a factor at aal1, and for anon.
 */
const admin = serviceClient();
const SECOND_FACTOR = { code: 'insufficient_aal', message: 'Verify your second factor to continue' };
// A tiny valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, written here so the test does not trust the stack's. */
function totp(secret: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.toUpperCase().replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function aalOf(client: SupabaseClient): Promise<unknown> {
  const { data } = await client.auth.getSession();
  const payload = data.session!.access_token.split('.')[1]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aal?: unknown }).aal;
}

let owner: { id: string; email: string; password: string };
let designer: { id: string; email: string; password: string };
let project: string;
let item: string;
/** The owner after password and code (aal2), after the password alone (aal1); the designer has no factor. */
let aal2: SupabaseClient;
let aal1: SupabaseClient;
let noFactor: SupabaseClient;
let db: pg.Client;

beforeAll(async () => {
  owner = await createUser({ metadata: { full_name: 'Tova Twofactor', username: 'mfa-owner', role: 'customer' } });
  designer = await createUser({ metadata: { full_name: 'Nils Nofactor', username: 'mfa-designer', role: 'designer' } });
  [{ id: project }] = (await sql<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
     values ($1, $2, 'Quiet study', 'A study to furnish with thrifted finds', 'Austin', 120, 1500, 'active') returning id`,
    [owner.id, designer.id],
  )) as [{ id: string }];
  [{ id: item }] = (await sql<{ id: string }>(
    `insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Oak desk', 90, $2) returning id`,
    [project, owner.id],
  )) as [{ id: string }];
  await sql(`insert into public.messages (project_id, sender_id, content) values ($1, $2, 'Welcome aboard')`, [
    project,
    owner.id,
  ]);

  aal2 = await signedInClient(owner.email, owner.password);
  const { data: factor, error } = await aal2.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(error).toBeNull();
  const verified = await aal2.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totp(factor!.totp.secret) });
  expect(verified.error).toBeNull();
  expect(await aalOf(aal2)).toBe('aal2');
  const upload = await aal2.storage
    .from('project-photos')
    .upload(`${project}/before.png`, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
  expect(upload.error).toBeNull();

  // The attacker: the password alone, after the factor was turned on.
  aal1 = await signedInClient(owner.email, owner.password);
  expect(await aalOf(aal1)).toBe('aal1');
  noFactor = await signedInClient(designer.email, designer.password);
  expect(await aalOf(noFactor)).toBe('aal1');
  db = await connect();
});

afterAll(async () => {
  await db?.end();
  await admin.storage.from('project-photos').remove([`${project}/before.png`]);
  await sql('delete from public.projects where id = $1', [project]);
  for (const u of [owner, designer]) if (u) await admin.auth.admin.deleteUser(u.id);
});

/** Every table of public the API roles can read, each with one column `authenticated` may select. */
async function readableTables(): Promise<{ table: string; column: string }[]> {
  return sql<{ table: string; column: string }>(`
    select table_name as table, min(column_name) as column from information_schema.column_privileges
    where grantee = 'authenticated' and table_schema = 'public' and privilege_type = 'SELECT'
    group by table_name order by table_name`);
}

/** Every function of public `authenticated` may execute, with its input argument names (for PostgREST). */
async function callableFunctions(): Promise<{ name: string; args: string[] }[]> {
  const fns = await sql<{ name: string; names: string[] | null; modes: string[] | null }>(`
    select p.proname as name, p.proargnames as names, p.proargmodes::text[] as modes
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
    order by 1`);
  // proargmodes is null when every argument is an input one; 'o' and 't' are outputs.
  return fns.map((f) => ({
    name: f.name,
    args: (f.names ?? []).filter((_, i) => !f.modes || ['i', 'b', 'v'].includes(f.modes[i]!)),
  }));
}

const nulls = (args: string[]) => Object.fromEntries(args.map((a) => [a, null]));

describe('a user with two-factor sign-in on, signed in with the password alone (aal1)', () => {
  it('reads nothing from any table: each read is refused with 403 insufficient_aal', async () => {
    const tables = await readableTables();
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['messages', 'profiles', 'projects', 'places']));
    for (const { table, column } of tables) {
      const { data, error, status } = await aal1.from(table).select(column).limit(5);
      expect({ table, status, data, code: error?.code, message: error?.message }).toEqual({
        table,
        status: 403,
        data: null,
        ...SECOND_FACTOR,
      });
      expect(error!.hint).toMatch(/authenticator app/);
    }
  });

  it('writes nothing: updates, inserts and deletes are refused and the rows are unchanged', async () => {
    const before = await sql(
      `select (select title from public.projects where id = $1) as title,
              (select count(*)::int from public.messages where project_id = $1) as messages,
              (select count(*)::int from public.project_items where project_id = $1) as items`,
      [project],
    );
    const update = await aal1.from('projects').update({ title: 'Taken over' }).eq('id', project).select();
    const insert = await aal1.from('messages').insert({ project_id: project, sender_id: owner.id, content: 'Pay me' });
    const remove = await aal1.from('project_items').delete().eq('id', item).select();
    for (const r of [update, insert, remove])
      expect({ status: r.status, code: r.error?.code }).toEqual({
        status: 403,
        code: 'insufficient_aal',
      });
    const after = await sql(
      `select (select title from public.projects where id = $1) as title,
              (select count(*)::int from public.messages where project_id = $1) as messages,
              (select count(*)::int from public.project_items where project_id = $1) as items`,
      [project],
    );
    expect(after).toEqual(before);
    expect(before[0]).toMatchObject({ title: 'Quiet study', messages: 1, items: 1 });
  });

  it('calls no function the API offers (every one authenticated may execute, found in pg_proc)', async () => {
    const fns = await callableFunctions();
    expect(fns.map((f) => f.name)).toEqual(expect.arrayContaining(['delete_user', 'accept_bid', 'make_offer']));
    for (const fn of fns) {
      const { status, error } = await aal1.rpc(fn.name, nulls(fn.args));
      expect({ fn: fn.name, status, code: error?.code }).toEqual({
        fn: fn.name,
        status: 403,
        code: 'insufficient_aal',
      });
    }
    expect(await sql('select 1 from auth.users where id = $1', [owner.id])).toHaveLength(1);
  });

  it('reads, lists and uploads no file in Storage', async () => {
    const download = await aal1.storage.from('project-photos').download(`${project}/before.png`);
    expect(download.data).toBeNull();
    expect(download.error).not.toBeNull();
    const list = await aal1.storage.from('project-photos').list(project);
    expect(list.data ?? []).toEqual([]);
    const upload = await aal1.storage
      .from('project-photos')
      .upload(`${project}/planted.png`, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
    expect(upload.error).not.toBeNull();
    expect(
      await sql(`select name from storage.objects where bucket_id = 'project-photos' and name like $1 order by 1`, [
        `${project}/%`,
      ]),
    ).toEqual([{ name: `${project}/before.png` }]);
  });

  it('is refused by the edge functions with 403 insufficient_aal, and delete-account deletes nothing', async () => {
    for (const name of ['check-subscription', 'delete-account']) {
      const { data, error } = await aal1.functions.invoke(name, { method: 'POST' });
      expect(data, name).toBeNull();
      expect(error, name).toBeInstanceOf(FunctionsHttpError);
      const res = (error as FunctionsHttpError).context as Response;
      expect({ name, status: res.status, body: await res.json() }).toEqual({
        name,
        status: 403,
        body: { error: SECOND_FACTOR.message, code: SECOND_FACTOR.code },
      });
    }
    expect(await sql('select 1 from auth.users where id = $1', [owner.id])).toHaveLength(1);
    expect(await sql(`select 1 from storage.objects where name = $1`, [`${project}/before.png`])).toHaveLength(1);
  });

  it('cannot change the password or the e-mail address (Auth: 401 insufficient_aal)', async () => {
    for (const change of [{ password: 'An0ther-Passw0rd!' }, { email: `moved-${owner.email}` }]) {
      const { error } = await aal1.auth.updateUser(change);
      expect({ status: error?.status, code: error?.code }).toEqual({ status: 401, code: 'insufficient_aal' });
    }
    expect(await sql('select email from auth.users where id = $1', [owner.id])).toEqual([{ email: owner.email }]);
  });
});

describe('the policies alone, without the pre-request (Storage, Realtime and any path that skips PostgREST)', () => {
  /** Counts each table's rows as PostgREST would run the request as `owner` with this aal, then rolls back. */
  async function visibleRows(aal: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const { table, column } of await readableTables()) {
      await db.query('begin');
      try {
        await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: owner.id, role: 'authenticated', aud: 'authenticated', aal }),
        ]);
        const r = await db.query<{ n: number }>(`select count("${column}")::int as n from public."${table}"`);
        counts[table] = r.rows[0]!.n;
      } finally {
        await db.query('rollback');
      }
    }
    return counts;
  }

  it('show an aal1 token no row of any table, and an aal2 one the rows it may see', async () => {
    const at1 = await visibleRows('aal1');
    expect(Object.values(at1).every((n) => n === 0)).toBe(true);
    const at2 = await visibleRows('aal2');
    expect(at2).toMatchObject({ projects: 1, messages: 1, project_items: 1 });
    expect(at2.places).toBeGreaterThan(0);
  });

  it('refuse an aal1 write with a row-level security error', async () => {
    await db.query('begin');
    try {
      await db.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: owner.id, role: 'authenticated', aal: 'aal1' }),
      ]);
      await expect(
        db.query(`insert into public.messages (project_id, sender_id, content) values ($1, $2, 'x')`, [
          project,
          owner.id,
        ]),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await db.query('rollback');
    }
  });
});

describe('Realtime', () => {
  it("delivers a project's new messages to the aal2 session and a no-factor member, none to the aal1 session", async () => {
    const binding = { event: 'INSERT' as const, table: 'messages', filter: `project_id=eq.${project}` };
    const feed = async (client: SupabaseClient, name: string) =>
      listen(realtimeClient((await client.auth.getSession()).data.session!.access_token), name, [binding]);
    const verified = await feed(aal2, 'mfa-messages-aal2');
    const passwordOnly = await feed(aal1, 'mfa-messages-aal1');
    // Subscribed after the aal1 one: once it has both rows, the aal1 subscriber's turn has passed too.
    const designerFeed = await feed(noFactor, 'mfa-messages-designer');
    try {
      for (const content of ['First news', 'Second news'])
        await sql(`insert into public.messages (project_id, sender_id, content) values ($1, $2, $3)`, [
          project,
          designer.id,
          content,
        ]);
      await waitFor(
        () => verified.changes.length >= 2 && designerFeed.changes.length >= 2,
        `the aal2 and the no-factor subscribers to receive both messages (${verified.changes.length}, ${designerFeed.changes.length}; aal1: ${passwordOnly.changes.length})`,
      );
      expect(passwordOnly.changes).toEqual([]);
    } finally {
      await verified.channel.unsubscribe();
      await passwordOnly.channel.unsubscribe();
      await designerFeed.channel.unsubscribe();
    }
  });
});

describe('the same calls once the second factor is verified (aal2)', () => {
  it('read every table and the rows the user may see', async () => {
    for (const { table, column } of await readableTables()) {
      const { error } = await aal2.from(table).select(column).limit(5);
      expect({ table, error }).toEqual({ table, error: null });
    }
    const { data } = await aal2.from('projects').select('title').eq('id', project);
    expect(data).toEqual([{ title: 'Quiet study' }]);
  });

  it('write, call every function (delete_user aside), use Storage and the edge functions', async () => {
    const sent = await aal2.from('messages').insert({ project_id: project, sender_id: owner.id, content: 'Verified' });
    expect(sent.error).toBeNull();
    for (const fn of await callableFunctions()) {
      if (fn.name === 'delete_user') continue; // it would work: the account would go
      const { error } = await aal2.rpc(fn.name, nulls(fn.args));
      expect({ fn: fn.name, code: error?.code }).not.toEqual({ fn: fn.name, code: 'insufficient_aal' });
    }
    const download = await aal2.storage.from('project-photos').download(`${project}/before.png`);
    expect(download.error).toBeNull();
    const check = await aal2.functions.invoke('check-subscription', { method: 'POST' });
    expect(check.error).toBeNull();
    expect(check.data).toMatchObject({ subscribed: false });
  });
});

describe('unaffected', () => {
  it('a user without a verified factor at aal1: reads, writes, functions, Storage, edge functions', async () => {
    const { data, error } = await noFactor.from('projects').select('id').eq('id', project);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: project }]);
    const sent = await noFactor
      .from('messages')
      .insert({ project_id: project, sender_id: designer.id, content: 'Hi!' });
    expect(sent.error).toBeNull();
    const count = await noFactor.rpc('unread_notification_count');
    expect(count.error).toBeNull();
    const photo = await noFactor.storage.from('project-photos').download(`${project}/before.png`);
    expect(photo.error).toBeNull();
    const check = await noFactor.functions.invoke('check-subscription', { method: 'POST' });
    expect(check.error).toBeNull();
  });

  it('a user who enrolled a factor but never verified it', async () => {
    const u = await createUser({
      metadata: { full_name: 'Una Unverified', username: 'mfa-unverified', role: 'customer' },
    });
    try {
      const client = await signedInClient(u.email, u.password);
      const { error: enrolError } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Later' });
      expect(enrolError).toBeNull();
      const { data, error } = await client.from('user_roles').select('role').eq('user_id', u.id);
      expect(error).toBeNull();
      expect(data).toEqual([{ role: 'customer' }]);
    } finally {
      await admin.auth.admin.deleteUser(u.id);
    }
  });

  it('anon and the service role', async () => {
    const places = await anonClient().from('places').select('id').limit(1);
    expect(places.error).toBeNull();
    expect(places.data).toHaveLength(1);
    const rows = await admin.from('projects').select('id').eq('id', project);
    expect(rows.data).toEqual([{ id: project }]);
  });
});
