import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, inRolledBackTx, user } from './support/pg.ts';

/**
 * delete_user() removes the caller's auth user and every row that belongs to them, and nothing of anyone else.
 * Two people with the same kinds of data; one leaves; the other's is compared before and after. It refuses while
 * the caller's files remain: only Storage removes a file's bytes, so the delete-account function removes them
 * first (ADR 0018; tests/database/delete-account.test.ts runs it). The file rows here have no bytes; removing
 * them in SQL stands in for that step.
 */
let c: pg.Client;
const ids: string[] = [];

beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await deleteUsers(c, ids);
  await c.end();
});

async function person(role: 'customer' | 'designer') {
  const id = await createUser(c, { role, subscribe: role === 'customer' ? 'client' : 'designer' });
  ids.push(id);
  return id;
}

async function object(bucket: string, name: string, owner: string) {
  await c.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::uuid, $3::text, '{"size": 10}')`,
    [bucket, name, owner],
  );
}

/** What the delete-account function removes through Storage before it calls delete_user(). */
async function removeFilesOf(uid: string, ownProjects: string[]) {
  await c.query('begin');
  await c.query(`select set_config('storage.allow_delete_query', 'true', true)`);
  await c.query(
    `delete from storage.objects
      where (bucket_id in ('designer-portfolio', 'catalog-images') and (storage.foldername(name))[1] = $1::text)
         or (bucket_id = 'project-photos' and (storage.foldername(name))[1] = any($2::text[]))`,
    [uid, ownProjects],
  );
  await c.query('commit');
}

const FILES_REMAIN = 'Stored files remain: delete the account through the delete-account function';

/** Everything in public and storage.objects that references `uid`, table by table. */
async function footprint(uid: string, projectIds: string[]) {
  const q = async (text: string) => (await c.query<{ n: number }>(text, [uid, projectIds])).rows[0]!.n;
  return {
    profiles: await q(`select count(*)::int n from public.profiles where id = $1 and $2::uuid[] is not null`),
    user_roles: await q(`select count(*)::int n from public.user_roles where user_id = $1 and $2::uuid[] is not null`),
    customer_profiles: await q(
      `select count(*)::int n from public.customer_profiles where user_id = $1 and $2::uuid[] is not null`,
    ),
    designer_profiles: await q(
      `select count(*)::int n from public.designer_profiles where user_id = $1 and $2::uuid[] is not null`,
    ),
    subscriptions: await q(
      `select count(*)::int n from public.subscriptions where user_id = $1 and $2::uuid[] is not null`,
    ),
    projects: await q(`select count(*)::int n from public.projects where customer_id = $1 or id = any($2)`),
    bids: await q(`select count(*)::int n from public.project_bids where designer_id = $1 or project_id = any($2)`),
    items: await q(`select count(*)::int n from public.project_items where added_by = $1 or project_id = any($2)`),
    messages: await q(`select count(*)::int n from public.messages where sender_id = $1 or project_id = any($2)`),
    notes: await q(
      `select count(*)::int n from public.project_photo_notes where added_by = $1 or project_id = any($2)`,
    ),
    reviews: await q(
      `select count(*)::int n from public.reviews where client_id = $1 or designer_id = $1 or project_id = any($2)`,
    ),
    nudges: await q(
      `select count(*)::int n from public.designer_nudges where client_id = $1 or designer_id = $1 or project_id = any($2)`,
    ),
    catalog: await q(
      `select count(*)::int n from public.catalog_items where designer_id = $1 and $2::uuid[] is not null`,
    ),
    files: await q(
      `select count(*)::int n from storage.objects where (storage.foldername(name))[1] = $1::text or (storage.foldername(name))[1] = any($2::text[])`,
    ),
  };
}

async function world(customer: string, designerId: string, other: string) {
  // customer's completed project with everything on it, done by designerId
  const p = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
       values ($1, $2, 'Done room', 'Finished and reviewed', 'Austin', 100, 1000, 'completed') returning id`,
      [customer, designerId],
    )
  ).rows[0]!.id;
  const open = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, title, description, location, space_size, budget) values ($1, 'Open room', 'Waiting for bids', 'Austin', 100, 1000) returning id`,
      [customer],
    )
  ).rows[0]!.id;
  await c.query(
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal, status) values ($1, $2, 900, 'bid', 'accepted')`,
    [p, designerId],
  );
  await c.query(
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 800, 'bid')`,
    [open, other],
  );
  await c.query(
    `insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Lamp', 50, $2), ($1, 'Rug', 70, $3)`,
    [p, customer, designerId],
  );
  await c.query(
    `insert into public.messages (project_id, sender_id, content) values ($1, $2, 'hi'), ($1, $3, 'hello')`,
    [p, customer, designerId],
  );
  await c.query(
    `insert into public.project_photo_notes (project_id, photo_path, note, added_by) values ($1, $3, 'n', $2)`,
    [p, customer, `${p}/before-1.png`],
  );
  await c.query(`insert into public.reviews (project_id, designer_id, client_id, rating) values ($1, $2, $3, 5)`, [
    p,
    designerId,
    customer,
  ]);
  await c.query(`insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)`, [
    customer,
    other,
    open,
  ]);
  await c.query(
    `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition) values ($1, 'Lamp', 'Brass', 'lighting', 40, '20 in', 'Good')`,
    [designerId],
  );
  await object('project-photos', `${p}/before-1.png`, customer);
  await object('project-photos', `${p}/after-1.png`, designerId);
  await object('designer-portfolio', `${designerId}/work-1.png`, designerId);
  await object('catalog-images', `${designerId}/lamp.png`, designerId);
  return [p, open];
}

describe('delete_user', () => {
  it('removes exactly the caller: their rows and their projects', async () => {
    const leaving = await person('customer');
    const designerA = await person('designer');
    const staying = await person('customer');
    const designerB = await person('designer');
    const leavingProjects = await world(leaving, designerA, designerB);
    const stayingProjects = await world(staying, designerB, designerA);

    const beforeStaying = await footprint(staying, stayingProjects);
    const beforeDesignerA = await footprint(designerA, []);
    await removeFilesOf(leaving, leavingProjects);
    const r = await asActor(c, user(leaving), `select public.delete_user()`);
    expect(r.ok, r.message).toBe(true);

    expect(await footprint(leaving, leavingProjects)).toEqual({
      profiles: 0,
      user_roles: 0,
      customer_profiles: 0,
      designer_profiles: 0,
      subscriptions: 0,
      projects: 0,
      bids: 0,
      items: 0,
      messages: 0,
      notes: 0,
      reviews: 0,
      nudges: 0,
      catalog: 0,
      files: 0,
    });
    expect((await c.query(`select count(*)::int n from auth.users where id = $1`, [leaving])).rows[0].n).toBe(0);
    expect(await footprint(staying, stayingProjects)).toEqual(beforeStaying);
    // The designer of the deleted project keeps their account, profile, catalog, portfolio and their work
    // elsewhere; what lived on the deleted customer's project went with it.
    const afterDesignerA = await footprint(designerA, []);
    expect(afterDesignerA).toMatchObject({
      profiles: 1,
      designer_profiles: 1,
      subscriptions: 1,
      catalog: beforeDesignerA.catalog,
      files: beforeDesignerA.files,
    });
  });

  it("a designer leaving keeps other people's projects and photos", async () => {
    const customer = await person('customer');
    const leaving = await person('designer');
    const other = await person('designer');
    const [done] = await world(customer, leaving, other);
    // Their portfolio and Good Stuff files go first; the photo they uploaded to the customer's project does not
    // count as theirs.
    await removeFilesOf(leaving, []);
    const r = await asActor(c, user(leaving), `select public.delete_user()`);
    expect(r.ok, r.message).toBe(true);
    const p = (await c.query(`select status, designer_id from public.projects where id = $1`, [done])).rows[0];
    expect(p).toEqual({ status: 'completed', designer_id: null });
    const files = (
      await c.query(`select bucket_id, name from storage.objects where name like $1 order by name`, [`${done}/%`])
    ).rows;
    expect(files.map((f) => f.name)).toEqual([`${done}/after-1.png`, `${done}/before-1.png`]);
    expect(
      (
        await c.query(`select count(*)::int n from storage.objects where (storage.foldername(name))[1] = $1::text`, [
          leaving,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it("refuses while any of the caller's files remain, and changes nothing", async () => {
    const leaving = await person('customer');
    const designer = await person('designer');
    const other = await person('designer');
    const projects = await world(leaving, designer, other);
    const before = await footprint(leaving, projects);
    expect(before.files).toBe(2);

    const r = await asActor(c, user(leaving), `select public.delete_user()`);
    expect(r).toMatchObject({ ok: false, code: 'P0001', message: FILES_REMAIN });
    expect(await footprint(leaving, projects)).toEqual(before);
    expect((await c.query(`select count(*)::int n from auth.users where id = $1`, [leaving])).rows[0].n).toBe(1);

    // A designer: their own portfolio or Good Stuff picture is enough to refuse.
    await removeFilesOf(designer, []);
    await object('catalog-images', `${designer}/chair.png`, designer);
    expect(await asActor(c, user(designer), `select public.delete_user()`)).toMatchObject({
      ok: false,
      message: FILES_REMAIN,
    });
    expect((await c.query(`select count(*)::int n from auth.users where id = $1`, [designer])).rows[0].n).toBe(1);
  });

  it('anon cannot call it; a caller without a user gets "No user logged in"', async () => {
    expect(await inRolledBackTx(c, { role: 'anon' }, `select public.delete_user()`)).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await inRolledBackTx(c, { role: 'service_role' }, `select public.delete_user()`)).toMatchObject({
      ok: false,
      code: '42501',
    });
    const r = await c.query(
      `select has_function_privilege('authenticated', 'public.delete_user()', 'execute') as a, has_function_privilege('anon', 'public.delete_user()', 'execute') as b`,
    );
    expect(r.rows[0]).toEqual({ a: true, b: false });
  });
});
