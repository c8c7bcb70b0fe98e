import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, inRolledBackTx, user } from './support/pg.ts';

/** supabase/seed.sql gives a demo that feels real (the minimums) and its logins work. */
let c: pg.Client;
beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await c.end();
});
const one = async (text: string) => (await c.query(text)).rows[0];

describe('demo seed', () => {
  it('has designers in three cities with coordinates, bios, specialties, rates and experience', async () => {
    const r = await one(`
      select count(*)::int as designers, count(distinct location)::int as cities,
             bool_and(latitude is not null and longitude is not null and bio is not null and cardinality(specialties) > 0 and experience_years > 0) as complete
      from public.designer_profiles d join auth.users u on u.id = d.user_id where u.email like '%@goodspace.test'`);
    expect(r.designers).toBeGreaterThanOrEqual(12);
    expect(r.cities).toBe(3);
    expect(r.complete).toBe(true);
  });

  it('has customers, projects in every status, bids, items, messages, notes, reviews, nudges and Good Stuff', async () => {
    const r = await one(`
      select (select count(*)::int from public.user_roles ur join auth.users u on u.id = ur.user_id where ur.role = 'customer' and u.email like '%@goodspace.test') as customers,
             (select array_agg(distinct status::text order by status::text) from public.projects) as statuses,
             (select array_agg(distinct status::text order by status::text) from public.project_bids) as bid_statuses,
             (select array_agg(distinct status::text order by status::text) from public.designer_nudges) as nudge_statuses,
             (select count(*)::int from public.messages) as messages,
             (select count(*)::int from public.project_photo_notes) as notes,
             (select count(*)::int from public.reviews) as reviews,
             (select count(*)::int from public.catalog_items) as catalog,
             (select count(distinct category)::int from public.catalog_items) as categories,
             (select bool_or(budget_type = 'hard' and items_total >= 0.8 * budget and items_total <= budget) from public.projects) as near_hard_cap,
             (select bool_or(budget_type = 'soft' and items_total > budget) from public.projects) as over_soft_budget`);
    expect(r.customers).toBeGreaterThanOrEqual(6);
    expect(r.statuses).toEqual(['active', 'completed', 'pending']);
    expect(r.bid_statuses).toEqual(['accepted', 'pending', 'rejected']);
    expect(r.nudge_statuses).toEqual(['accepted', 'declined', 'pending']);
    expect(r.messages).toBeGreaterThan(10);
    expect(r.notes).toBeGreaterThan(0);
    expect(r.reviews).toBeGreaterThan(5);
    expect(r.catalog).toBeGreaterThanOrEqual(30);
    expect(r.categories).toBe(10);
    expect(r.near_hard_cap).toBe(true);
    expect(r.over_soft_budget).toBe(true);
  });

  it('every designer with Good Stuff pieces can be paid through the sandbox, so the demo can Buy Now', async () => {
    const r = await one(`
      select count(distinct i.designer_id)::int as sellers,
             count(distinct a.user_id) filter (where a.can_be_paid and a.provider = 'sandbox')::int as payable
      from public.catalog_items i left join public.seller_accounts a on a.user_id = i.designer_id
      -- The seed's designers (their fixed ids): other tests list pieces on this database too.
      where i.designer_id::text like 'd0000000-0000-4000-8000-%'`);
    expect(r.sellers).toBeGreaterThanOrEqual(12);
    expect(r.payable).toBe(r.sellers);
  });

  it('the demo customer has bought two pieces (one collected, one paid and waiting for its pickup), sold, each with its pickup conversation', async () => {
    const { rows } = await c.query(`
      select o.status, i.status as piece, (select count(*)::int from public.listing_messages m
                                           join public.listing_conversations lc on lc.id = m.conversation_id
                                           where lc.catalog_item_id = o.catalog_item_id and lc.buyer_id = o.buyer_id) as messages
      from public.orders o join public.catalog_items i on i.id = o.catalog_item_id
      join auth.users u on u.id = o.buyer_id
      where u.email = 'customer@goodspace.test' order by o.status`);
    expect(rows).toEqual([
      { status: 'completed', piece: 'sold', messages: 3 },
      { status: 'paid', piece: 'sold', messages: 2 },
    ]);
  });

  it("the demo customer's active project has a selection board: a held piece and a find proposed, one declined", async () => {
    const { rows } = await c.query(`
      select b.kind, b.status, b.title, b.price::float as price,
             (select h.board_proposal_id = b.id from private.catalog_holds h where h.catalog_item_id = b.catalog_item_id)
               as held,
             p.budget, p.items_total::float as items_total
        from public.board_proposals b join public.projects p on p.id = b.project_id
        join auth.users u on u.id = p.customer_id
       where u.email = 'customer@goodspace.test' and p.status = 'active' and p.budget_type = 'hard'
       order by b.created_at`);
    expect(rows).toMatchObject([
      { kind: 'find', status: 'declined' },
      { kind: 'piece', status: 'proposed', title: 'Macrame wall hanging', held: true },
      { kind: 'find', status: 'proposed', price: 95, held: null },
    ]);
    // Approving both stays within the cap (the board says how far each brings it).
    expect(rows[0]!.items_total + 65 + 95).toBeLessThanOrEqual(rows[0]!.budget);
  });

  it('demo logins have bcrypt passwords, confirmed e-mails, identities and active sandbox subscriptions', async () => {
    const rows = (
      await c.query(`
        select u.email, u.encrypted_password = extensions.crypt('GoodSpace123', u.encrypted_password) as pw,
               u.email_confirmed_at is not null as confirmed,
               exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email') as identity,
               ur.role,
               exists (select 1 from public.subscriptions s where s.user_id = u.id and s.status = 'active' and s.provider = 'sandbox') as subscribed
        from auth.users u join public.user_roles ur on ur.user_id = u.id
        where u.email in ('customer@goodspace.test', 'designer@goodspace.test', 'nosub@goodspace.test') order by u.email`)
    ).rows;
    expect(rows).toEqual([
      {
        email: 'customer@goodspace.test',
        pw: true,
        confirmed: true,
        identity: true,
        role: 'customer',
        subscribed: true,
      },
      {
        email: 'designer@goodspace.test',
        pw: true,
        confirmed: true,
        identity: true,
        role: 'designer',
        subscribed: true,
      },
      { email: 'nosub@goodspace.test', pw: true, confirmed: true, identity: true, role: 'customer', subscribed: false },
    ]);
  });

  it('the demo customer sees their own projects and the demo designer the open ones, through RLS', async () => {
    const ids = (
      await c.query(
        `select id, email from auth.users where email in ('customer@goodspace.test', 'designer@goodspace.test') order by email`,
      )
    ).rows;
    const customer = ids[0].id as string;
    const designer = ids[1].id as string;
    const mine = await inRolledBackTx(
      c,
      user(customer),
      `select status::text, count(*)::int as n from public.projects group by 1 order by 1`,
    );
    expect(mine.rows.map((r) => r.status)).toEqual(['active', 'completed', 'pending']);
    const open = await inRolledBackTx(
      c,
      user(designer),
      `select count(*)::int as n from public.projects where status = 'pending' and designer_id is null`,
    );
    expect(open.rows[0]?.n).toBeGreaterThanOrEqual(5);
  });
});
