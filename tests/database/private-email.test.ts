import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, signedInClient } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * E-mail addresses stay private (docs/security.md, "E-mail addresses stay private"), as an attacker with supabase-js
 * would try it: people related to a seller or a customer through a conversation, an offer, a bid or a nudge read a
 * name, never an address, by any route (select=email, select=*, embeds, rpc). The counterpart's address comes from
 * contact_email() only for the customer and assigned designer of an active project and the parties of a paid
 * order. Also: the mail bookkeeping of notifications is not readable, and accounts that never confirmed their
 * e-mail are neither listed in the designer directory nor mailed.
 */
let c: pg.Client;
const u = {} as Record<
  | 'seller'
  | 'chatter'
  | 'offerer'
  | 'customer'
  | 'bidder'
  | 'nudged'
  | 'assigned'
  | 'buyer'
  | 'pendingBuyer'
  | 'unconfirmed'
  | 'confirmed',
  string
>;
const emails = {} as Record<keyof typeof u, string>;
let conversation: string;
let activeProject: string;
let notification: string;

const REFUSED = 'You can see an e-mail address only while you share an active project or a paid order with that person';

beforeAll(async () => {
  c = await connect();
  u.seller = await createUser(c, { role: 'designer', fullName: 'Sela Seller', subscribe: 'designer' });
  u.chatter = await createUser(c, { role: 'customer', fullName: 'Chad Chatter' });
  u.offerer = await createUser(c, { role: 'customer', fullName: 'Otto Offerer' });
  u.customer = await createUser(c, { role: 'customer', fullName: 'Cora Customer', subscribe: 'client' });
  u.bidder = await createUser(c, { role: 'designer', fullName: 'Bea Bidder', subscribe: 'designer' });
  u.nudged = await createUser(c, { role: 'designer', fullName: 'Nina Nudged', subscribe: 'designer' });
  u.assigned = await createUser(c, { role: 'designer', fullName: 'Asa Assigned', subscribe: 'designer' });
  u.buyer = await createUser(c, { role: 'customer', fullName: 'Bo Buyer' });
  u.pendingBuyer = await createUser(c, { role: 'customer', fullName: 'Pip Pending' });
  u.unconfirmed = await createUser(c, { role: 'designer', fullName: 'Una Unconfirmed' });
  u.confirmed = await createUser(c, { role: 'designer', fullName: 'Cal Confirmed' });
  await c.query(`update auth.users set email_confirmed_at = null where id = $1`, [u.unconfirmed]);
  for (const [k, id] of Object.entries(u)) {
    emails[k as keyof typeof u] = (await c.query(`select email from auth.users where id = $1`, [id])).rows[0].email;
  }

  const item = async (title: string) =>
    (
      await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition)
         values ($1, $2, 'A piece', 'chair', 120, '30x30x32 in', 'Good') returning id`,
        [u.seller, title],
      )
    ).rows[0]!.id;
  const chair = await item('Rattan chair');
  // a conversation (free, no message needed), an offer
  conversation = (
    await c.query<{ id: string }>(
      `insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
      [chair, u.chatter, u.seller],
    )
  ).rows[0]!.id;
  await c.query(`insert into public.offers (catalog_item_id, buyer_id, seller_id, amount) values ($1, $2, $3, 100)`, [
    chair,
    u.offerer,
    u.seller,
  ]);
  // a paid order and a pending one (a Buy Now started, not paid)
  await c.query(
    `insert into public.orders (catalog_item_id, buyer_id, seller_id, item_title, amount, status, provider, paid_at)
     values ($1, $2, $3, 'Teak sideboard', 120, 'paid', 'sandbox', now())`,
    [await item('Teak sideboard'), u.buyer, u.seller],
  );
  await c.query(
    `insert into public.orders (catalog_item_id, buyer_id, seller_id, item_title, amount, status, provider)
     values ($1, $2, $3, 'Brass lamp', 120, 'pending', 'sandbox')`,
    [await item('Brass lamp'), u.pendingBuyer, u.seller],
  );
  // the customer's projects: one with a bid, one with a nudge, one active with its designer
  const project = async (status: string, designer: string | null) =>
    (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
         values ($1, $2, 'Privacy room', 'A room to furnish', '12 Elm Street, Portland, OR', 200, 900, $3) returning id`,
        [u.customer, designer, status],
      )
    ).rows[0]!.id;
  const bidOn = await project('pending', null);
  await c.query(
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 500, 'Warm')`,
    [bidOn, u.bidder],
  );
  await c.query(`insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)`, [
    u.customer,
    u.nudged,
    await project('pending', null),
  ]);
  activeProject = await project('active', u.assigned);
  notification = (
    await c.query<{ id: string }>(
      `insert into public.notifications (user_id, kind, title, link, mail_error, mail_attempts)
       values ($1, 'message_received', 'Chad sent you a message', '/dashboard/designer', 'smtp: 550 no such user', 2)
       returning id`,
      [u.seller],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await deleteUsers(c, Object.values(u));
  await c.end();
});

const as = (who: keyof typeof u): Promise<SupabaseClient> => clientAs(u[who]);

describe('a related stranger reads no e-mail address, by any route', () => {
  const strangers = [
    ['chatter', 'seller', 'a conversation about a piece'],
    ['offerer', 'seller', 'an offer'],
    ['pendingBuyer', 'seller', 'a Buy Now not paid'],
    ['seller', 'chatter', 'a conversation, the other way'],
    ['bidder', 'customer', 'a bid'],
    ['customer', 'bidder', 'a bid, the other way'],
    ['nudged', 'customer', 'a nudge'],
    ['customer', 'nudged', 'a nudge, the other way'],
  ] as const;

  for (const [me, them, how] of strangers) {
    it(`${me} → ${them} (${how}): a name, but no address through select, select=*, an embed or the rpc`, async () => {
      const client = await as(me);
      // still related: the name is there (the app shows it)
      const name = await client.from('profiles').select('id, full_name').eq('id', u[them]);
      expect(name).toMatchObject({ error: null, data: [{ id: u[them] }] });

      for (const columns of ['email', '*', 'id, email', 'full_name, email']) {
        const r = await client.from('profiles').select(columns).eq('id', u[them]);
        expect(r.error?.code, columns).toBe('42501');
        expect(r.status, columns).toBe(403);
        expect(JSON.stringify(r.data ?? null)).not.toContain(emails[them]);
      }
      // filtering on the column is reading it
      const probe = await client.from('profiles').select('id').eq('id', u[them]).like('email', '%@%');
      expect(probe.error?.code).toBe('42501');

      const rpc = await client.rpc('contact_email', { p_user: u[them] });
      expect(rpc.error).toMatchObject({ code: '42501', message: REFUSED });
      expect(rpc.data).toBeNull();
    });
  }

  it('embeds that named the e-mail are refused: messages, bids, conversations', async () => {
    const chatter = await as('chatter');
    const conv = await chatter
      .from('listing_conversations')
      .select('id, seller:profiles!listing_conversations_seller_id_fkey(full_name, email)')
      .eq('id', conversation);
    expect(conv.error?.code).toBe('42501');
    const ok = await chatter
      .from('listing_conversations')
      .select('id, seller:profiles!listing_conversations_seller_id_fkey(full_name)')
      .eq('id', conversation);
    expect(ok).toMatchObject({ error: null, data: [{ id: conversation, seller: { full_name: 'Sela Seller' } }] });

    const customer = await as('customer');
    const bids = await customer
      .from('project_bids')
      .select('id, designer:profiles!project_bids_designer_id_fkey(full_name, email)');
    expect(bids.error?.code).toBe('42501');
    const all = await customer.from('project_bids').select('id, designer:profiles!project_bids_designer_id_fkey(*)');
    expect(all.error?.code).toBe('42501');
  });

  it('a signed-out caller reads no profile and cannot call the rpc', async () => {
    const { anonClient } = await import('@good-space/local-supabase/testing');
    const r = await anonClient().rpc('contact_email', { p_user: u.seller });
    expect(r.error?.code).toBe('42501');
  });

  it('the database still holds the address (the mail job reads it), and nothing was changed', async () => {
    const r = await c.query(`select email from public.profiles where id = $1`, [u.seller]);
    expect(r.rows[0].email).toBe(emails.seller);
  });
});

describe('the counterpart of an active project or a paid order reads the address through contact_email', () => {
  it("an active project's customer and assigned designer read each other's", async () => {
    expect(await (await as('customer')).rpc('contact_email', { p_user: u.assigned })).toMatchObject({
      error: null,
      data: emails.assigned,
    });
    expect(await (await as('assigned')).rpc('contact_email', { p_user: u.customer })).toMatchObject({
      error: null,
      data: emails.customer,
    });
  });

  it("a paid order's buyer and seller read each other's", async () => {
    expect(await (await as('buyer')).rpc('contact_email', { p_user: u.seller })).toMatchObject({
      error: null,
      data: emails.seller,
    });
    expect(await (await as('seller')).rpc('contact_email', { p_user: u.buyer })).toMatchObject({
      error: null,
      data: emails.buyer,
    });
  });

  it('once the project is completed, the address is no longer given', async () => {
    await c.query(`update public.projects set status = 'completed' where id = $1`, [activeProject]);
    try {
      const r = await (await as('customer')).rpc('contact_email', { p_user: u.assigned });
      expect(r.error).toMatchObject({ code: '42501', message: REFUSED });
    } finally {
      await c.query(`update public.projects set status = 'active', completed_at = null where id = $1`, [activeProject]);
    }
  });

  it('no one else: another party of the seller, an unknown id, no id', async () => {
    const buyer = await as('buyer');
    expect((await buyer.rpc('contact_email', { p_user: u.chatter })).error).toMatchObject({ code: '42501' });
    expect((await buyer.rpc('contact_email', { p_user: '00000000-0000-4000-8000-000000000000' })).error).toMatchObject({
      code: '42501',
    });
    expect((await buyer.rpc('contact_email', { p_user: null })).error?.code).toBe('22023');
  });

  it('one reads their own address from the session (and the rpc agrees)', async () => {
    const me = await signedInClient(emails.chatter, 'Passw0rd!');
    const { data } = await me.auth.getUser();
    expect(data.user?.email).toBe(emails.chatter);
    expect(await me.rpc('contact_email', { p_user: u.chatter })).toMatchObject({ error: null, data: emails.chatter });
  });
});

describe("notifications' mail bookkeeping is the mail job's", () => {
  it('the recipient reads the notification, never its mail columns', async () => {
    const seller = await as('seller');
    const ok = await seller
      .from('notifications')
      .select('id, kind, title, body, link, data, read_at, created_at')
      .eq('id', notification);
    expect(ok).toMatchObject({ error: null, data: [{ id: notification, title: 'Chad sent you a message' }] });
    for (const columns of [
      '*',
      'mail_error',
      'mailed_at',
      'mail_attempts',
      'mail_next_attempt_at',
      'mail_claimed_until',
    ]) {
      const r = await seller.from('notifications').select(columns).eq('id', notification);
      expect(r.error?.code, columns).toBe('42501');
      expect(JSON.stringify(r.data ?? null)).not.toContain('550');
    }
    // and marking it read still works (the app's rpc; its filter names readable columns only)
    const read = await seller.rpc('mark_notifications_read', { ids: [notification] });
    expect(read.error).toBeNull();
    const row = await c.query(`select read_at, mail_error from public.notifications where id = $1`, [notification]);
    expect(row.rows[0].read_at).not.toBeNull();
    expect(row.rows[0].mail_error).toBe('smtp: 550 no such user');
  });
});

describe('accounts that never confirmed their e-mail are not listed and not mailed', () => {
  it('the directory (nearby_designers, designer_profiles) lists the confirmed designer, not the unconfirmed one', async () => {
    const customer = await as('customer');
    const page = await customer.rpc('nearby_designers', { page_size: 100, near_only: false }).select('user_id');
    expect(page.error).toBeNull();
    const listed = ((page.data ?? []) as { user_id: string }[]).map((r) => r.user_id);
    expect(listed).toContain(u.confirmed);
    expect(listed).not.toContain(u.unconfirmed);

    const direct = await customer
      .from('designer_profiles')
      .select('user_id')
      .in('user_id', [u.confirmed, u.unconfirmed]);
    expect(direct).toMatchObject({ error: null, data: [{ user_id: u.confirmed }] });
  });

  it('once confirmed, they are listed', async () => {
    await c.query(`update auth.users set email_confirmed_at = now() where id = $1`, [u.unconfirmed]);
    try {
      const direct = await (
        await as('customer')
      )
        .from('designer_profiles')
        .select('user_id')
        .eq('user_id', u.unconfirmed);
      expect(direct).toMatchObject({ error: null, data: [{ user_id: u.unconfirmed }] });
    } finally {
      await c.query(`update auth.users set email_confirmed_at = null where id = $1`, [u.unconfirmed]);
    }
  });

  it('the mail job claims notifications of the confirmed account, not of the unconfirmed one', async () => {
    const planted = await c.query<{ id: string; user_id: string }>(
      `insert into public.notifications (user_id, kind, title, link)
       values ($1, 'nudge_received', 'Someone nudged you', '/designer/nudges'),
              ($2, 'nudge_received', 'Someone nudged you', '/designer/nudges')
       returning id, user_id`,
      [u.unconfirmed, u.confirmed],
    );
    // Claimed in a transaction that is rolled back: other files' mail runs keep their rows.
    await c.query('begin');
    try {
      await c.query(`set local role service_role`);
      const claimed = await c.query<{ user_id: string }>(
        `select user_id from public.claim_notification_mails(500) where user_id = any($1::uuid[])`,
        [[u.unconfirmed, u.confirmed]],
      );
      expect(claimed.rows.map((r) => r.user_id)).toEqual([u.confirmed]);
    } finally {
      await c.query('rollback');
      await c.query(`delete from public.notifications where id = any($1::uuid[])`, [planted.rows.map((r) => r.id)]);
    }
  });
});
