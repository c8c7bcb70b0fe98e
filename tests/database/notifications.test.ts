import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientAs, listen, realtimeClient, signUserJwt, sleep, waitFor } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Notifications (docs/decisions/0025-notifications.md): rows the database writes when something happens, one per
 * recipient, read and marked read by that recipient only. The events run as the app runs them (a signed-in user's
 * request: SET LOCAL ROLE authenticated + JWT claims, committed), and each test then takes every notification the
 * people of this file have, so "nothing for anyone else" is checked along with what is there.
 */
let c: pg.Client;
let customer: string;
let designer: string;
let rival: string;
let stranger: string;
let people: string[] = [];

beforeAll(async () => {
  c = await connect();
  customer = await createUser(c, { role: 'customer', fullName: 'Olivia Owner', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Ada Designer', subscribe: 'designer' });
  rival = await createUser(c, { role: 'designer', fullName: 'Rex Rival', subscribe: 'designer' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Sam Stranger', subscribe: 'client' });
  people = [customer, designer, rival, stranger];
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});
beforeEach(async () => {
  await c.query('delete from public.notifications where user_id = any($1::uuid[])', [people]);
});

/** Inserts a notification as the database's own triggers would (as postgres), for the RLS tests. */
async function plant(userId: string, title = 'Ada sent you a message'): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.notifications (user_id, kind, title, link) values ($1, 'message_received', $2, '/dashboard/customer') returning id`,
    [userId, title],
  );
  return r.rows[0]!.id;
}

describe('notifications: who reads and changes them', () => {
  it('each user reads their own notifications only', async () => {
    const mine = await plant(customer, 'Mine');
    await plant(designer, 'Theirs');
    const { data, error } = await (await clientAs(customer)).from('notifications').select('id, title');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: mine, title: 'Mine' }]);
  });

  it('a client cannot insert one, for themselves or anyone else', async () => {
    const client = await clientAs(customer);
    for (const target of [customer, designer]) {
      const { error } = await client
        .from('notifications')
        .insert({ user_id: target, kind: 'bid_received', title: 'Forged', link: '/dashboard/customer' });
      expect(error?.code).toBe('42501');
    }
    const { rows } = await c.query('select 1 from public.notifications where title = $1', ['Forged']);
    expect(rows).toEqual([]);
  });

  it('a client cannot delete one, even their own', async () => {
    const mine = await plant(customer);
    const { error } = await (await clientAs(customer)).from('notifications').delete().eq('id', mine);
    expect(error?.code).toBe('42501');
    expect((await c.query('select 1 from public.notifications where id = $1', [mine])).rowCount).toBe(1);
  });

  it('the recipient sets read_at and nothing else; nobody else sets even that', async () => {
    const mine = await plant(customer);
    const own = await clientAs(customer);
    for (const change of [
      { title: 'Changed' },
      { link: '/pricing' },
      { user_id: designer },
      { kind: 'bid_accepted' },
      { data: { forged: true } },
    ]) {
      const { error } = await own.from('notifications').update(change).eq('id', mine);
      expect(error?.code, JSON.stringify(change)).toBe('42501');
    }
    const other = await (
      await clientAs(designer)
    )
      .from('notifications')
      .update({ read_at: '2026-11-27T10:00:00Z' })
      .eq('id', mine)
      .select('id');
    expect(other).toMatchObject({ error: null, data: [] });
    const read = await own
      .from('notifications')
      .update({ read_at: '2026-11-27T10:00:00Z' })
      .eq('id', mine)
      .select('id');
    expect(read).toMatchObject({ error: null, data: [{ id: mine }] });
    const row = await c.query<{ title: string; read_at: Date }>(
      'select title, read_at from public.notifications where id = $1',
      [mine],
    );
    expect(row.rows[0]).toEqual({ title: 'Ada sent you a message', read_at: new Date('2026-11-27T10:00:00Z') });
  });

  it('unread_notification_count counts the caller’s unread ones; mark_notifications_read marks the given ones or all', async () => {
    const a = await plant(customer, 'A');
    const b = await plant(customer, 'B');
    await plant(customer, 'C');
    const theirs = await plant(designer, 'D');
    const client = await clientAs(customer);
    expect((await client.rpc('unread_notification_count')).data).toBe(3);

    // Someone else's id is ignored, not marked.
    expect((await client.rpc('mark_notifications_read', { ids: [a, theirs] })).data).toBe(1);
    expect((await client.rpc('unread_notification_count')).data).toBe(2);
    // Marking again changes nothing (the first read_at stays).
    expect((await client.rpc('mark_notifications_read', { ids: [a, b] })).data).toBe(1);
    expect((await client.rpc('mark_notifications_read')).data).toBe(1);
    expect((await client.rpc('unread_notification_count')).data).toBe(0);

    const designerClient = await clientAs(designer);
    expect((await designerClient.rpc('unread_notification_count')).data).toBe(1);
    const { rows } = await c.query('select read_at from public.notifications where id = $1', [theirs]);
    expect(rows).toEqual([{ read_at: null }]);
  });

  it('anonymous callers get nothing: no rows, no count, no marking', async () => {
    await plant(customer);
    for (const [text, params] of [
      ['select count(*) from public.notifications', []],
      ['select public.unread_notification_count()', []],
      ['select public.mark_notifications_read()', []],
    ] as const) {
      const r = await asActor(c, { role: 'anon' }, text, [...params]);
      expect(r.code, text).toBe('42501');
    }
    const r = await asActor(c, user(customer), 'select public.unread_notification_count() as n');
    expect(r.rows).toEqual([{ n: 1 }]);
  });

  it('the database refuses a link that is not an app path and a title over 200 characters', async () => {
    for (const [title, link] of [
      ['Fine', 'https://evil.example/'],
      ['Fine', '//evil.example/'],
      ['x'.repeat(201), '/dashboard/customer'],
    ]) {
      await expect(
        c.query(`insert into public.notifications (user_id, kind, title, link) values ($1, 'bid_received', $2, $3)`, [
          customer,
          title,
          link,
        ]),
      ).rejects.toMatchObject({ code: '23514' });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------------------------
interface Got {
  to: string;
  kind: string;
  project: string | null;
  actor: string | null;
  title: string;
  body: string | null;
  link: string;
  data: Record<string, unknown>;
}

const nameOf = (id: string | null) =>
  id === null
    ? null
    : ({ [customer]: 'customer', [designer]: 'designer', [rival]: 'rival', [stranger]: 'stranger' }[id] ?? id);

/** Every notification the people of this file have, oldest first (ties by recipient and kind); then clears them. */
async function take(): Promise<Got[]> {
  const { rows } = await c.query<{
    user_id: string;
    kind: string;
    project_id: string | null;
    actor_id: string | null;
    title: string;
    body: string | null;
    link: string;
    data: Record<string, unknown>;
    written_us: string;
  }>(
    // In microseconds: two writes within one millisecond are still in their order (a Date keeps milliseconds).
    `delete from public.notifications where user_id = any($1::uuid[])
     returning user_id, kind, project_id, actor_id, title, body, link, data,
               (extract(epoch from created_at) * 1000000)::bigint::text as written_us`,
    [people],
  );
  // By recipient and kind, and within a kind in the order written: a delete returns rows in no set order.
  return rows
    .sort((a, b) => Number(BigInt(a.written_us) - BigInt(b.written_us)))
    .map((r) => ({
      to: nameOf(r.user_id)!,
      kind: r.kind,
      project: r.project_id,
      actor: nameOf(r.actor_id),
      title: r.title,
      body: r.body,
      link: r.link,
      data: r.data,
    }))
    .sort((a, b) => `${a.to} ${a.kind}`.localeCompare(`${b.to} ${b.kind}`));
}

/** Runs `text` as a signed-in user's request and commits; fails the test if it was refused. */
async function as(who: string, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const r = await asActor(c, user(who), text, params);
  if (!r.ok) throw new Error(`${text}: ${r.code} ${r.message}`);
  return r.rows;
}

async function newProject(
  opts: { title?: string; status?: string; designer?: string | null; budget?: number; budgetType?: string } = {},
): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
     values ($1, $2, $3, 'A room that needs furnishing', 'Portland, OR', 400, $4, $5, $6) returning id`,
    [
      customer,
      opts.designer ?? null,
      opts.title ?? 'Sunny living room',
      opts.budget ?? 1000,
      opts.budgetType ?? 'soft',
      opts.status ?? 'pending',
    ],
  );
  return r.rows[0]!.id;
}

describe('notifications: bids', () => {
  it('a bid tells the project’s customer, naming the designer and the amount', async () => {
    const p = await newProject();
    const [bid] = await as(
      designer,
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 2500, 'Warm woods and linen') returning id`,
      [p, designer],
    );
    expect(await take()).toEqual([
      {
        to: 'customer',
        kind: 'bid_received',
        project: p,
        actor: 'designer',
        title: 'Ada Designer bid $2,500 on "Sunny living room"',
        body: 'Warm woods and linen',
        link: `/project/${p}`,
        data: { bid_id: bid!.id, bid_amount: 2500 },
      },
    ]);
  });

  it('accepting a bid tells its designer it was accepted and every other bidder theirs was not selected', async () => {
    const p = await newProject();
    const [won] = await as(
      designer,
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 850.5, 'Plan A') returning id`,
      [p, designer],
    );
    const [lost] = await as(
      rival,
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 900, 'Plan B') returning id`,
      [p, rival],
    );
    await take();
    await as(customer, 'select public.accept_bid($1)', [won!.id]);
    expect(await take()).toEqual([
      {
        to: 'designer',
        kind: 'bid_accepted',
        project: p,
        actor: 'customer',
        title: 'Your bid on "Sunny living room" was accepted',
        body: 'Olivia Owner chose your bid of $850.50. The project is yours: say hello in its messages.',
        link: `/project/${p}`,
        data: { bid_id: won!.id, bid_amount: 850.5 },
      },
      {
        to: 'rival',
        kind: 'bid_rejected',
        project: p,
        actor: 'customer',
        title: 'Your bid on "Sunny living room" was not selected',
        body: 'The customer chose another designer for this project.',
        link: '/dashboard/designer',
        data: { bid_id: lost!.id, bid_amount: 900 },
      },
    ]);
  });

  it('an assigned designer leaving reopens the other bids without telling anyone', async () => {
    const leaving = await createUser(c, { role: 'designer', fullName: 'Lee Leaving', subscribe: 'designer' });
    const p = await newProject();
    const [bid] = await as(
      leaving,
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 100, 'Quick') returning id`,
      [p, leaving],
    );
    await as(
      rival,
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 200, 'Slow')`,
      [p, rival],
    );
    await as(customer, 'select public.accept_bid($1)', [bid!.id]);
    await take();
    await deleteUsers(c, [leaving]);
    expect(await take()).toEqual([]);
    expect((await c.query('select status from public.project_bids where project_id = $1', [p])).rows).toEqual([
      { status: 'pending' },
    ]);
  });
});

describe('notifications: nudges', () => {
  it('a nudge tells the designer; accepting tells the customer with the quote', async () => {
    const p = await newProject({ title: 'Cozy den' });
    const [nudge] = await as(
      customer,
      `insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3) returning id`,
      [customer, designer, p],
    );
    expect(await take()).toEqual([
      {
        to: 'designer',
        kind: 'nudge_received',
        project: p,
        actor: 'customer',
        title: 'Olivia Owner nudged you about "Cozy den"',
        body: 'Accept with a quote or decline.',
        link: '/designer-nudges',
        data: { nudge_id: nudge!.id },
      },
    ]);
    await as(
      designer,
      `update public.designer_nudges set status = 'accepted', quote_amount = 1200, quote_message = 'I can start Monday' where id = $1`,
      [nudge!.id],
    );
    expect(await take()).toEqual([
      {
        to: 'customer',
        kind: 'nudge_accepted',
        project: p,
        actor: 'designer',
        title: 'Ada Designer accepted your nudge about "Cozy den" with a quote of $1,200',
        body: 'I can start Monday',
        link: '/browse-designers',
        data: { nudge_id: nudge!.id, quote_amount: 1200 },
      },
    ]);
  });

  it('declining tells the customer', async () => {
    const p = await newProject({ title: 'Cozy den' });
    const [nudge] = await as(
      customer,
      `insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3) returning id`,
      [customer, rival, p],
    );
    await take();
    await as(rival, `update public.designer_nudges set status = 'declined' where id = $1`, [nudge!.id]);
    expect(await take()).toEqual([
      {
        to: 'customer',
        kind: 'nudge_declined',
        project: p,
        actor: 'rival',
        title: 'Rex Rival declined your nudge about "Cozy den"',
        body: null,
        link: '/browse-designers',
        data: { nudge_id: nudge!.id },
      },
    ]);
  });
});

describe('notifications: messages', () => {
  it('a message tells the other party only, with the start of the message', async () => {
    const p = await newProject({ status: 'active', designer });
    const long = `Hello! ${'x'.repeat(300)}`;
    const [m1] = await as(
      customer,
      `insert into public.messages (project_id, sender_id, content) values ($1, $2, $3) returning id`,
      [p, customer, long],
    );
    const [m2] = await as(
      designer,
      `insert into public.messages (project_id, sender_id, content) values ($1, $2, '  See you Monday  ') returning id`,
      [p, designer],
    );
    expect(await take()).toEqual([
      {
        to: 'customer',
        kind: 'message_received',
        project: p,
        actor: 'designer',
        title: 'Ada Designer sent you a message about "Sunny living room"',
        body: 'See you Monday',
        link: `/project/${p}`,
        data: { message_id: m2!.id },
      },
      {
        to: 'designer',
        kind: 'message_received',
        project: p,
        actor: 'customer',
        title: 'Olivia Owner sent you a message about "Sunny living room"',
        body: `${long.slice(0, 199)}…`,
        link: `/project/${p}`,
        data: { message_id: m1!.id },
      },
    ]);
  });
});

const addItem = async (who: string, p: string, name: string, cost: number, description: string | null = null) =>
  (
    await as(
      who,
      `insert into public.project_items (project_id, name, description, cost, added_by) values ($1, $2, $3, $4, $5) returning id`,
      [p, name, description, cost, who],
    )
  )[0]!.id as string;

describe('notifications: items and the budget', () => {
  it('an item added or removed tells the other party', async () => {
    const p = await newProject({ status: 'active', designer, budget: 10000 });
    const lamp = await addItem(designer, p, 'Brass lamp', 40.25, 'From the flea market');
    expect(await take()).toEqual([
      {
        to: 'customer',
        kind: 'item_added',
        project: p,
        actor: 'designer',
        title: 'Ada Designer added "Brass lamp" ($40.25) to "Sunny living room"',
        body: 'From the flea market',
        link: `/project/${p}`,
        data: { item_id: lamp, cost: 40.25 },
      },
    ]);
    const sofa = await addItem(customer, p, 'Sofa', 1500);
    await take();
    await as(designer, 'delete from public.project_items where id = $1', [lamp]);
    await as(customer, 'delete from public.project_items where id = $1', [sofa]);
    expect(await take()).toEqual([
      {
        to: 'customer',
        kind: 'item_removed',
        project: p,
        actor: 'designer',
        title: 'Ada Designer removed "Brass lamp" ($40.25) from "Sunny living room"',
        body: null,
        link: `/project/${p}`,
        data: { item_id: lamp, cost: 40.25 },
      },
      {
        to: 'designer',
        kind: 'item_removed',
        project: p,
        actor: 'customer',
        title: 'Olivia Owner removed "Sofa" ($1,500) from "Sunny living room"',
        body: null,
        link: `/project/${p}`,
        data: { item_id: sofa, cost: 1500 },
      },
    ]);
  });

  it('the budget tells both parties once at 80% and once at 100%, again only after falling back below', async () => {
    const p = await newProject({ status: 'active', designer, budget: 1000, budgetType: 'hard' });
    const budgetNews = async () => (await take()).filter((n) => n.kind.startsWith('budget_'));
    await addItem(customer, p, 'Rug', 700);
    expect(await budgetNews()).toEqual([]);
    const chair = await addItem(customer, p, 'Chair', 100);
    const at80 = {
      kind: 'budget_80',
      project: p,
      actor: null,
      title: '"Sunny living room" has reached 80% of its budget',
      body: 'Approaching budget limit. $200 remaining.',
      link: `/project/${p}`,
      data: { items_total: 800, budget: 1000 },
    };
    expect(await budgetNews()).toEqual([
      { to: 'customer', ...at80 },
      { to: 'designer', ...at80 },
    ]);
    // Still between 80% and 100%: nothing new.
    await addItem(designer, p, 'Vase', 50);
    expect(await budgetNews()).toEqual([]);
    await addItem(designer, p, 'Mirror', 150);
    const at100 = {
      kind: 'budget_100',
      project: p,
      actor: null,
      title: '"Sunny living room" has used its whole budget',
      body: '$1,000 of $1,000 spent.',
      link: `/project/${p}`,
      data: { items_total: 1000, budget: 1000 },
    };
    expect(await budgetNews()).toEqual([
      { to: 'customer', ...at100 },
      { to: 'designer', ...at100 },
    ]);
    // Down below 80% and up again: a new crossing, told again.
    await as(customer, 'delete from public.project_items where id = $1', [chair]);
    await as(customer, `delete from public.project_items where project_id = $1 and name = 'Rug'`, [p]);
    expect(await budgetNews()).toEqual([]);
    await addItem(customer, p, 'Rug again', 700);
    expect((await budgetNews()).map((n) => `${n.to} ${n.kind}`)).toEqual(['customer budget_80', 'designer budget_80']);
  });

  it('a total that jumps past the budget tells the higher crossing only, with the overrun', async () => {
    const p = await newProject({ status: 'active', designer, budget: 1000 });
    await addItem(designer, p, 'Chandelier', 1250.5);
    const over = {
      kind: 'budget_100',
      project: p,
      actor: null,
      title: '"Sunny living room" is over budget',
      body: 'Budget exceeded by $250.50.',
      link: `/project/${p}`,
      data: { items_total: 1250.5, budget: 1000 },
    };
    expect((await take()).filter((n) => n.kind.startsWith('budget_'))).toEqual([
      { to: 'customer', ...over },
      { to: 'designer', ...over },
    ]);
  });
});

describe('notifications: completion and reviews', () => {
  it('completing tells the assigned designer; the review tells them its stars', async () => {
    const p = await newProject({ status: 'active', designer, title: 'Reading nook' });
    await as(customer, `update public.projects set status = 'completed' where id = $1`, [p]);
    expect(await take()).toEqual([
      {
        to: 'designer',
        kind: 'project_completed',
        project: p,
        actor: 'customer',
        title: 'Olivia Owner marked "Reading nook" complete',
        body: null,
        link: `/project/${p}`,
        data: {},
      },
    ]);
    const [review] = await as(
      customer,
      `insert into public.reviews (project_id, designer_id, client_id, rating, comment) values ($1, $2, $3, 4, 'Lovely work') returning id`,
      [p, designer, customer],
    );
    expect(await take()).toEqual([
      {
        to: 'designer',
        kind: 'review_received',
        project: p,
        actor: 'customer',
        title: 'Olivia Owner gave you 4 stars for "Reading nook"',
        body: 'Lovely work',
        link: `/designer-reviews/${designer}`,
        data: { review_id: review!.id, rating: 4 },
      },
    ]);
  });

  it('deleting a project or an account writes nothing for anyone', async () => {
    const leaving = await createUser(c, { role: 'designer', fullName: 'Lee Leaving', subscribe: 'designer' });
    const p = await newProject({ status: 'active', designer: leaving, budget: 100 });
    await addItem(leaving, p, 'Stool', 20);
    await addItem(customer, p, 'Lamp', 30);
    const q = await newProject({ status: 'active', designer });
    await addItem(designer, q, 'Desk', 200);
    await take();
    await deleteUsers(c, [leaving]);
    await c.query('delete from public.projects where id = $1', [q]);
    expect(await take()).toEqual([]);
  });
});

describe('notifications: photos', () => {
  // A tiny valid PNG (1×1).
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = async (who: string, path: string) => {
    const { error } = await (
      await clientAs(who)
    ).storage
      .from('project-photos')
      .upload(path, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
    expect(error).toBeNull();
  };

  it('photos uploaded tell the other party, one notification counting a batch until it is read', async () => {
    const p = await newProject({ status: 'active', designer, title: 'Attic studio' });
    await upload(designer, `${p}/after-1.png`);
    const one = {
      to: 'customer',
      kind: 'photos_added',
      project: p,
      actor: 'designer',
      body: null,
      link: `/project/${p}`,
    };
    expect(await take()).toEqual([
      { ...one, title: 'Ada Designer added a photo to "Attic studio"', data: { count: 1 } },
    ]);

    await upload(designer, `${p}/after-2.png`);
    await upload(designer, `${p}/after-3.png`);
    await upload(customer, `${p}/before-1.png`);
    const { rows } = await c.query<{ title: string; data: unknown }>(
      `select title, data from public.notifications where user_id = $1 and kind = 'photos_added'`,
      [customer],
    );
    expect(rows).toEqual([{ title: 'Ada Designer added 2 photos to "Attic studio"', data: { count: 2 } }]);
    // Once read, the next photo is news again.
    await as(customer, 'select public.mark_notifications_read()');
    await upload(designer, `${p}/after-4.png`);
    const after = await take();
    expect(after.map((n) => `${n.to}: ${n.title} (${n.actor})`).sort()).toEqual([
      'customer: Ada Designer added 2 photos to "Attic studio" (designer)',
      'customer: Ada Designer added a photo to "Attic studio" (designer)',
      'designer: Olivia Owner added a photo to "Attic studio" (customer)',
    ]);
  });

  it('photos posted with a new project tell nobody (nobody else is on it yet)', async () => {
    const p = await newProject();
    await upload(customer, `${p}/photo-1.png`);
    expect(await take()).toEqual([]);
  });
});

describe('notifications: memberships', () => {
  const setSub = (userId: string, set: string) =>
    c.query(`update public.subscriptions set ${set} where user_id = $1 and plan = 'client'`, [userId]);

  it('a failed payment, a membership set to end and one that ended tell the member', async () => {
    await setSub(
      stranger,
      `status = 'active', cancel_at_period_end = false, current_period_end = '2026-12-27T12:00:00Z'`,
    );
    await take();
    await setSub(stranger, `status = 'past_due'`);
    // Still failing: no second notice.
    await setSub(stranger, `status = 'unpaid'`);
    await setSub(stranger, `status = 'active'`);
    await setSub(stranger, `cancel_at_period_end = true`);
    await setSub(stranger, `status = 'canceled', cancel_at_period_end = false`);
    expect(await take()).toEqual([
      {
        to: 'stranger',
        kind: 'membership_ending',
        project: null,
        actor: null,
        title: 'Your Client plan ends on December 27, 2026',
        body: 'Until then everything stays open to you. Changed your mind? Manage it from Settings.',
        link: '/settings',
        data: { plan: 'client', ended: false, ends_at: '2026-12-27T12:00:00+00:00' },
      },
      {
        to: 'stranger',
        kind: 'membership_ending',
        project: null,
        actor: null,
        title: 'Your Client plan has ended',
        body: 'Subscribe again from Pricing whenever you like.',
        link: '/pricing',
        data: { plan: 'client', ended: true, ends_at: '2026-12-27T12:00:00+00:00' },
      },
      {
        to: 'stranger',
        kind: 'payment_failed',
        project: null,
        actor: null,
        title: "Your Client plan payment didn't go through",
        body: 'Update your payment details from Settings to keep your membership.',
        link: '/settings',
        data: { plan: 'client', status: 'past_due' },
      },
    ]);
    await setSub(stranger, `status = 'active', current_period_end = now() + interval '30 days'`);
    expect(await take()).toEqual([]);
  });
});

describe('notifications: live', () => {
  it('the recipient’s own channel receives a new notification; someone else listening to the table receives none', async () => {
    const mine = await listen(realtimeClient(await signUserJwt(designer)), `notifications-${designer.slice(0, 8)}`, [
      { event: '*', table: 'notifications', filter: `user_id=eq.${designer}` },
    ]);
    const snoop = await listen(
      realtimeClient(await signUserJwt(stranger)),
      `notifications-all-${stranger.slice(0, 8)}`,
      [{ event: 'INSERT', table: 'notifications' }],
    );
    try {
      const p = await newProject({ status: 'active', designer });
      await as(customer, `insert into public.messages (project_id, sender_id, content) values ($1, $2, 'Live?')`, [
        p,
        customer,
      ]);
      await waitFor(() => mine.changes.length > 0, 'the notification');
      expect(mine.changes[0]).toMatchObject({
        eventType: 'INSERT',
        new: { user_id: designer, kind: 'message_received', link: `/project/${p}`, read_at: null },
      });
      await sleep(500);
      // Other test files write notifications for their own users meanwhile: none may reach this stranger.
      expect(snoop.changes.filter((ch) => (ch.new as { user_id?: string }).user_id !== stranger)).toEqual([]);
    } finally {
      await mine.channel.unsubscribe();
      await snoop.channel.unsubscribe();
    }
  });
});
