import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/** The races that matter, each from separate connections started together (as concurrent API requests are). */
let admin: pg.Client;
const conns: pg.Client[] = [];
const users: string[] = [];

beforeAll(async () => {
  admin = await connect();
  for (let i = 0; i < 4; i++) conns.push(await connect());
});
afterAll(async () => {
  await deleteUsers(admin, users);
  await Promise.all([admin, ...conns].map((c) => c.end()));
});

async function customerWithProject(
  budget: number,
  budgetType: 'soft' | 'hard',
  status = 'pending',
  designer: string | null = null,
) {
  const customer = await createUser(admin, { role: 'customer', subscribe: 'client' });
  users.push(customer);
  const project = (
    await admin.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, $2, 'Race room', 'Two requests at once', 'Austin', 100, $3, $4, $5) returning id`,
      [customer, designer, budget, budgetType, status],
    )
  ).rows[0]!.id;
  return { customer, project };
}

async function designer() {
  const id = await createUser(admin, { role: 'designer', subscribe: 'designer' });
  users.push(id);
  return id;
}

describe('races', () => {
  it('two bid acceptances at once leave exactly one accepted bid', async () => {
    const { customer, project } = await customerWithProject(1000, 'soft');
    const designers = [await designer(), await designer(), await designer()];
    const bids: string[] = [];
    for (const d of designers) {
      bids.push(
        (
          await admin.query<{ id: string }>(
            `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 500, 'Pick me') returning id`,
            [project, d],
          )
        ).rows[0]!.id,
      );
    }
    const results: Outcome[] = await Promise.all(
      bids.map((b, i) => asActor(conns[i]!, user(customer), `select (public.accept_bid($1)).designer_id`, [b])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r.code).toBe('23514');
    const after = (
      await admin.query(
        `select status, count(*)::int as n from public.project_bids where project_id = $1 group by status`,
        [project],
      )
    ).rows;
    expect(Object.fromEntries(after.map((r) => [r.status, r.n]))).toEqual({ accepted: 1, rejected: 2 });
    const p = (await admin.query(`select status, designer_id from public.projects where id = $1`, [project])).rows[0];
    const winner = (
      await admin.query(`select designer_id from public.project_bids where project_id = $1 and status = 'accepted'`, [
        project,
      ])
    ).rows[0];
    expect(p).toEqual({ status: 'active', designer_id: winner.designer_id });
  });

  it('items racing against a hard cap: the total never exceeds the budget', async () => {
    const d = await designer();
    const { customer, project } = await customerWithProject(100, 'hard', 'active', d);
    const adders = [customer, d, customer, d];
    const results = await Promise.all(
      adders.map((who, i) =>
        asActor(
          conns[i]!,
          user(who),
          `insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Chair', 40, $2)`,
          [project, who],
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ code: '23514', message: 'Cannot add item: Would exceed hard budget cap of $100' });
    }
    const p = (
      await admin.query(
        `select items_total, (select sum(cost) from public.project_items where project_id = $1) as sum from public.projects where id = $1`,
        [project],
      )
    ).rows[0];
    expect(p).toEqual({ items_total: '80', sum: '80' });
  });

  it('duplicate nudges at once: one is stored, the others get 23505', async () => {
    const { customer, project } = await customerWithProject(500, 'soft');
    const d = await designer();
    const results = await Promise.all(
      conns.map((c) =>
        asActor(
          c,
          user(customer),
          `insert into public.designer_nudges (client_id, designer_id, project_id, status) values ($1, $2, $3, 'pending')`,
          [customer, d, project],
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r.code).toBe('23505');
    expect(
      (await admin.query(`select count(*)::int as n from public.designer_nudges where project_id = $1`, [project]))
        .rows[0].n,
    ).toBe(1);
  });

  it('a bid racing an acceptance is either refused or rejected, never left pending on an active project', async () => {
    const { customer, project } = await customerWithProject(1000, 'soft');
    const first = await designer();
    const late = await designer();
    const bid = (
      await admin.query<{ id: string }>(
        `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 1, 'x') returning id`,
        [project, first],
      )
    ).rows[0]!.id;
    await Promise.all([
      asActor(conns[0]!, user(customer), `select public.accept_bid($1)`, [bid]),
      asActor(
        conns[1]!,
        user(late),
        `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 2, 'y')`,
        [project, late],
      ),
    ]);
    const pending = (
      await admin.query(
        `select count(*)::int as n from public.project_bids where project_id = $1 and status = 'pending'`,
        [project],
      )
    ).rows[0].n;
    expect(pending).toBe(0);
  });
});
