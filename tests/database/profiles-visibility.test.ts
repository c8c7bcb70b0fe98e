import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, connect, createUser, type Actor } from './support/pg.ts';

/**
 * The profiles read rule (profiles_select_self_or_related), one relationship kind at a time: a profile (it holds
 * the e-mail) is readable by the person and by those who share a project (customer ↔ assigned designer), a bid
 * (project customer ↔ bidder) or a nudge (client ↔ designer) with them. Each relationship below exists only
 * through its own kind, so a broken branch shows up as a missing (or extra) id. Everything happens in one
 * transaction that is rolled back (each check in a savepoint): nothing is committed, so no realtime event leaks
 * into the feeds other test files are watching.
 */
let c: pg.Client;
const u = {} as Record<
  'customer' | 'assigned' | 'bidder' | 'otherBidder' | 'rejected' | 'nudged' | 'pairCustomer' | 'pairBidder' | 'loner',
  string
>;
beforeAll(async () => {
  c = await connect();
  await c.query('begin');
  u.customer = await createUser(c, { role: 'customer', fullName: 'Vera Visible' });
  u.assigned = await createUser(c, { role: 'designer', fullName: 'Pat Project' });
  u.bidder = await createUser(c, { role: 'designer', fullName: 'Bea Bidder' });
  u.otherBidder = await createUser(c, { role: 'designer', fullName: 'Otto Bidder' });
  u.rejected = await createUser(c, { role: 'designer', fullName: 'Rita Rejected' });
  u.nudged = await createUser(c, { role: 'designer', fullName: 'Nina Nudged' });
  u.pairCustomer = await createUser(c, { role: 'customer', fullName: 'Paula Pair' });
  u.pairBidder = await createUser(c, { role: 'designer', fullName: 'Pete Pair' });
  u.loner = await createUser(c, { role: 'customer', fullName: 'Lou Loner' });

  const project = async (customer: string, status: string, designer: string | null) =>
    (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
         values ($1, $2, 'Visibility room', 'A room that needs furnishing', 'Portland, OR', 200, 900, $3) returning id`,
        [customer, designer, status],
      )
    ).rows[0]!.id;
  const bid = (projectId: string, designer: string) =>
    c.query(
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 500, 'Warm minimal look')`,
      [projectId, designer],
    );
  // project only: the customer's active project with its assigned designer (no bid, no nudge between them)
  await project(u.customer, 'active', u.assigned);
  // bid only: two designers bid on the customer's pending project (they share nothing with each other)
  const pending = await project(u.customer, 'pending', null);
  await bid(pending, u.bidder);
  await bid(pending, u.otherBidder);
  // bid only, after the project went to someone else: the bid is rejected and the project (active, assigned to
  // another designer) is no longer visible to the bidder through projects' RLS; the bid still relates them
  const taken = await project(u.customer, 'pending', null);
  await bid(taken, u.rejected);
  await c.query(`update public.project_bids set status = 'rejected' where project_id = $1`, [taken]);
  await c.query(`update public.projects set status = 'active', designer_id = $2 where id = $1`, [taken, u.assigned]);
  // nudge only: the customer nudged a designer about another pending project
  const nudgeProject = await project(u.customer, 'pending', null);
  await c.query(`insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)`, [
    u.customer,
    u.nudged,
    nudgeProject,
  ]);
  // an unrelated pair: a bid between two other people
  await bid(await project(u.pairCustomer, 'pending', null), u.pairBidder);
});
afterAll(async () => {
  await c.query('rollback');
  await c.end();
});

/** Runs one statement as `actor` inside the fixture transaction (a savepoint undoes the role switch). */
async function as(actor: Actor, text: string, params: unknown[] = []) {
  await c.query('savepoint visibility_check');
  try {
    await actAs(c, actor);
    return { ok: true, rows: (await c.query(text, params)).rows as Record<string, unknown>[] };
  } catch (err) {
    return { ok: false, rows: [], code: (err as { code?: string }).code, message: (err as Error).message };
  } finally {
    await c.query('rollback to savepoint visibility_check');
  }
}
const user = (sub: string): Actor => ({ role: 'authenticated', sub });

/** The test users whose profiles `viewer` can read (names, sorted). */
async function visibleTo(viewer: string): Promise<string[]> {
  const r = await as(user(viewer), `select id from public.profiles where id = any($1::uuid[])`, [Object.values(u)]);
  expect(r.ok, r.message).toBe(true);
  const names = Object.fromEntries(Object.entries(u).map(([k, v]) => [v, k]));
  return r.rows.map((row) => names[row.id as string]!).sort();
}
const sorted = (...names: string[]) => [...names].sort();

describe('profiles are readable by the person and the people they share something with', () => {
  it('the customer sees themselves, the assigned designer, every bidder and the nudged designer', async () => {
    expect(await visibleTo(u.customer)).toEqual(
      sorted('customer', 'assigned', 'bidder', 'otherBidder', 'rejected', 'nudged'),
    );
  });
  it('project: the assigned designer sees the customer', async () => {
    expect(await visibleTo(u.assigned)).toEqual(sorted('assigned', 'customer'));
  });
  it('bid: a bidder sees the project customer, not the other bidder', async () => {
    expect(await visibleTo(u.bidder)).toEqual(sorted('bidder', 'customer'));
    expect(await visibleTo(u.otherBidder)).toEqual(sorted('otherBidder', 'customer'));
  });
  it('bid: a rejected bidder still sees the customer of a project that went to someone else', async () => {
    expect(await visibleTo(u.rejected)).toEqual(sorted('rejected', 'customer'));
  });
  it('nudge: the nudged designer sees the client', async () => {
    expect(await visibleTo(u.nudged)).toEqual(sorted('nudged', 'customer'));
  });
  it('relationships are per pair: the other pair see each other only', async () => {
    expect(await visibleTo(u.pairCustomer)).toEqual(sorted('pairCustomer', 'pairBidder'));
    expect(await visibleTo(u.pairBidder)).toEqual(sorted('pairBidder', 'pairCustomer'));
  });
  it('an unrelated user sees only themselves', async () => {
    expect(await visibleTo(u.loner)).toEqual(['loner']);
  });
  it('private.related_users answers only for the caller (auth.uid()), never about other pairs', async () => {
    const ids = async (viewer: string) => {
      const r = await as(user(viewer), `select distinct user_id from private.related_users`);
      expect(r.ok, r.message).toBe(true);
      return r.rows.map((row) => row.user_id as string).sort();
    };
    expect(await ids(u.loner)).toEqual([]);
    expect(await ids(u.bidder)).toEqual([u.customer]);
    const anon = await as({ role: 'anon' }, `select user_id from private.related_users`);
    expect(anon.code).toBe('42501');
  });
});
