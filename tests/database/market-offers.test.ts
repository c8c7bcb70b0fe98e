import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/**
 * Offers on Good Stuff pieces (docs/good-stuff.md, "An offer's states"): every transition the table
 * allows, each refused one with the message the app shows, expiry, the 48-hour reservation, races between
 * buyers, and who is notified. Each call runs as the app runs it (a signed-in user's request, committed).
 */
let c: pg.Client;
const conns: pg.Client[] = [];
let seller: string;
let buyer: string;
let rival: string;
let third: string;
let people: string[] = [];

beforeAll(async () => {
  c = await connect();
  for (let i = 0; i < 3; i++) conns.push(await connect());
  seller = await createUser(c, { role: 'designer', fullName: 'Sally Seller', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bea Buyer', subscribe: 'client' });
  rival = await createUser(c, { role: 'customer', fullName: 'Rick Rival', subscribe: 'client' });
  third = await createUser(c, { role: 'designer', fullName: 'Theo Third', subscribe: 'designer' });
  people = [seller, buyer, rival, third];
});
afterAll(async () => {
  await deleteUsers(c, people);
  await Promise.all([c, ...conns].map((x) => x.end()));
});

async function piece(price = 100, title = 'Opaline glass lamp'): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     values ($1, $2, 'Milk glass shade, rewired', 'lighting', $3, 'very_good') returning id`,
    [seller, title, price],
  );
  return r.rows[0]!.id;
}

const as = (who: string, sql: string, params: unknown[] = [], conn = c): Promise<Outcome> =>
  asActor(conn, user(who), sql, params);

async function offer(who: string, item: string, amount: number, note: string | null = null): Promise<string> {
  const r = await as(who, `select (public.make_offer($1, $2, $3)).id`, [item, amount, note]);
  expect(r).toMatchObject({ ok: true });
  return r.rows[0]!.id as string;
}

async function offerRow(id: string) {
  return (await c.query(`select * from public.offers where id = $1`, [id])).rows[0];
}

async function notificationsFor(item: string) {
  return (
    await c.query<{ user_id: string; kind: string; title: string; actor_id: string | null; link: string }>(
      // The offers' own notices: a piece listed here may also match other tests' saved searches (search_match
      // alerts link to the piece too, docs/find-it-first.md).
      `select user_id, kind, title, actor_id, link from public.notifications
        where link = $1 and kind like 'offer_%' order by created_at, kind`,
      ['/good-stuff/' + item],
    )
  ).rows;
}

describe('making an offer', () => {
  it('opens an offer of up to the price that expires in 48 hours, and tells the seller only', async () => {
    const item = await piece(100);
    const id = await offer(buyer, item, 70, '  Would you take $70?  ');
    const o = await offerRow(id);
    expect(o).toMatchObject({
      buyer_id: buyer,
      seller_id: seller,
      amount: '70.00',
      status: 'open',
      note: 'Would you take $70?',
    });
    const hours = (o.expires_at.getTime() - o.created_at.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 3);
    expect(await notificationsFor(item)).toEqual([
      {
        user_id: seller,
        kind: 'offer_received',
        title: 'Bea Buyer offered $70 for "Opaline glass lamp"',
        actor_id: buyer,
        link: '/good-stuff/' + item,
      },
    ]);
  });

  it('refuses amounts outside (0, price], fractions of a cent, long notes, the seller, a second open offer', async () => {
    const item = await piece(100);
    const cases: [string, unknown[], string, string][] = [
      [buyer, [item, 0, null], '22023', 'Your offer must be more than $0'],
      [buyer, [item, -5, null], '22023', 'Your offer must be more than $0'],
      [buyer, [item, 100.01, null], '22023', 'Your offer cannot be more than the price ($100)'],
      [buyer, [item, 50.005, null], '22023', 'Your offer must be in dollars and cents'],
      [buyer, [item, 50, 'x'.repeat(501)], '22023', 'The note can be at most 500 characters'],
      [seller, [item, 50, null], '42501', 'You cannot make an offer on your own piece'],
      [buyer, ['00000000-0000-4000-8000-00000000dead', 50, null], 'P0002', 'Piece not found'],
    ];
    for (const [who, params, code, message] of cases) {
      expect(await as(who, `select public.make_offer($1, $2, $3)`, params)).toMatchObject({ ok: false, code, message });
    }
    await offer(buyer, item, 100);
    expect(await as(buyer, `select public.make_offer($1, 60)`, [item])).toMatchObject({
      ok: false,
      code: '23505',
      message: 'You already have an open offer on this piece',
    });
    expect(
      (await c.query(`select count(*)::int as n from public.offers where catalog_item_id = $1`, [item])).rows[0].n,
    ).toBe(1);
  });

  it('is refused on a sold, delisted, reserved or held piece, and signed out', async () => {
    const sold = await piece();
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [sold]);
    expect(await as(buyer, `select public.make_offer($1, 50)`, [sold])).toMatchObject({
      code: '55000',
      message: 'This piece is no longer available',
    });
    const delisted = await piece();
    await c.query(`update public.catalog_items set status = 'delisted' where id = $1`, [delisted]);
    expect(await as(buyer, `select public.make_offer($1, 50)`, [delisted])).toMatchObject({
      code: 'P0002',
      message: 'Piece not found',
    });
    const reserved = await piece();
    await c.query(`update public.catalog_items set reserved_until = now() + interval '1 hour' where id = $1`, [
      reserved,
    ]);
    expect(await as(buyer, `select public.make_offer($1, 50)`, [reserved])).toMatchObject({
      code: '55000',
      message: 'This piece is reserved',
    });
    const held = await piece();
    await c.query(`update public.catalog_items set held_until = now() + interval '1 hour' where id = $1`, [held]);
    expect(await as(buyer, `select public.make_offer($1, 50)`, [held])).toMatchObject({
      code: '55000',
      message: 'This piece is held for a project',
    });
    const anon = await asActor(c, { role: 'anon' }, `select public.make_offer($1, 50)`, [held]);
    expect(anon).toMatchObject({ ok: false, code: '42501' });
  });

  it('a lapsed reservation or hold no longer stops offers', async () => {
    const item = await piece();
    await c.query(
      `update public.catalog_items set reserved_until = now() - interval '1 second', held_until = now() - interval '1 second' where id = $1`,
      [item],
    );
    await offer(buyer, item, 50);
  });
});

describe('answering an offer', () => {
  it('the seller counters (more than the offer, at most the price); the buyer accepts the counter', async () => {
    const item = await piece(100);
    const id = await offer(buyer, item, 70);
    for (const [amount, message] of [
      [70, 'Your counter must be more than the offer ($70)'],
      [60, 'Your counter must be more than the offer ($70)'],
      [101, 'Your counter cannot be more than the price ($100)'],
      [null, 'Your counter must be more than $0'],
    ] as const) {
      expect(await as(seller, `select public.respond_to_offer($1, 'counter', $2)`, [id, amount])).toMatchObject({
        code: '22023',
        message,
      });
    }
    await c.query(`update public.offers set expires_at = now() + interval '1 hour' where id = $1`, [id]);
    const countered = await as(
      seller,
      `select (o).status, (o).counter_amount, (o).expires_at from public.respond_to_offer($1, 'counter', 80) o`,
      [id],
    );
    expect(countered.rows[0]).toMatchObject({ status: 'countered', counter_amount: '80.00' });
    // A counter gives the buyer 48 hours from now.
    const hoursLeft = ((countered.rows[0]!.expires_at as Date).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);

    // The seller cannot answer again; the buyer cannot use the seller's function.
    expect(await as(seller, `select public.respond_to_offer($1, 'accept')`, [id])).toMatchObject({
      code: '55000',
      message: 'This offer is countered and cannot be answered',
    });
    expect(await as(buyer, `select public.respond_to_offer($1, 'accept')`, [id])).toMatchObject({
      code: '42501',
      message: 'Only the seller can answer this offer',
    });
    expect(await as(seller, `select public.respond_to_counter($1, 'accept')`, [id])).toMatchObject({
      code: '42501',
      message: 'Only the buyer can answer this counter',
    });
    expect(await as(rival, `select public.respond_to_counter($1, 'accept')`, [id])).toMatchObject({
      code: 'P0002',
      message: 'Offer not found',
    });

    const accepted = await as(
      buyer,
      `select (o).status, (o).reserved_until from public.respond_to_counter($1, 'accept') o`,
      [id],
    );
    expect(accepted.rows[0]!.status).toBe('accepted');
    const i = (await c.query(`select reserved_until from public.catalog_items where id = $1`, [item])).rows[0];
    expect(i.reserved_until).toEqual(accepted.rows[0]!.reserved_until);
    const reservedHours = ((i.reserved_until as Date).getTime() - Date.now()) / 3_600_000;
    expect(reservedHours).toBeGreaterThan(47.9);
    expect(reservedHours).toBeLessThanOrEqual(48);

    expect((await notificationsFor(item)).map((n) => [n.user_id, n.kind, n.title])).toEqual([
      [seller, 'offer_received', 'Bea Buyer offered $70 for "Opaline glass lamp"'],
      [buyer, 'offer_countered', 'Sally Seller countered your offer on "Opaline glass lamp" with $80'],
      [seller, 'offer_accepted', 'Bea Buyer accepted your counter of $80 for "Opaline glass lamp"'],
    ]);
  });

  it('accepting reserves the piece for 48 hours and declines every other live offer; others cannot offer then', async () => {
    const item = await piece(300, 'Teak credenza');
    const mine = await offer(buyer, item, 200);
    const theirs = await offer(rival, item, 250);
    const countered = await offer(third, item, 150);
    await as(seller, `select public.respond_to_offer($1, 'counter', 280)`, [countered]);
    const r = await as(seller, `select (public.respond_to_offer($1, 'accept')).status`, [theirs]);
    expect(r.rows[0]!.status).toBe('accepted');
    expect((await offerRow(mine)).status).toBe('declined');
    expect((await offerRow(countered)).status).toBe('declined');
    expect(await as(buyer, `select public.make_offer($1, 290)`, [item])).toMatchObject({
      code: '55000',
      message: 'This piece is reserved',
    });
    expect(await as(third, `select public.respond_to_counter($1, 'accept')`, [countered])).toMatchObject({
      code: '55000',
      message: 'This offer has no counter to answer (it is declined)',
    });
    const notes = (await notificationsFor(item)).filter(
      (n) => n.kind !== 'offer_received' && n.kind !== 'offer_countered',
    );
    expect(notes.map((n) => [n.user_id, n.kind, n.actor_id, n.title]).sort()).toEqual(
      [
        [rival, 'offer_accepted', seller, 'Your offer of $250 for "Teak credenza" was accepted'],
        [buyer, 'offer_declined', seller, 'Your offer of $200 for "Teak credenza" was declined'],
        [third, 'offer_declined', seller, 'Your offer of $150 for "Teak credenza" was declined'],
      ].sort(),
    );
  });

  it('the seller declines; the buyer declines a counter; the buyer withdraws; finished offers stay finished', async () => {
    const item = await piece(100, 'Cane chair');
    const a = await offer(buyer, item, 40);
    expect((await as(seller, `select (public.respond_to_offer($1, 'decline')).status`, [a])).rows[0]!.status).toBe(
      'declined',
    );
    expect(await as(seller, `select public.respond_to_offer($1, 'accept')`, [a])).toMatchObject({
      code: '55000',
      message: 'This offer is declined and cannot be answered',
    });
    expect(await as(buyer, `select public.withdraw_offer($1)`, [a])).toMatchObject({
      code: '55000',
      message: 'This offer is declined and cannot be withdrawn',
    });

    const b = await offer(buyer, item, 50);
    await as(seller, `select public.respond_to_offer($1, 'counter', 90)`, [b]);
    expect((await as(buyer, `select (public.respond_to_counter($1, 'decline')).status`, [b])).rows[0]!.status).toBe(
      'declined',
    );

    const d = await offer(buyer, item, 60);
    expect(await as(seller, `select public.withdraw_offer($1)`, [d])).toMatchObject({
      code: '42501',
      message: 'Only the buyer can withdraw this offer',
    });
    expect((await as(buyer, `select (public.withdraw_offer($1)).status`, [d])).rows[0]!.status).toBe('withdrawn');
    expect(await as(seller, `select public.respond_to_offer($1, 'accept')`, [d])).toMatchObject({
      code: '55000',
      message: 'This offer is withdrawn and cannot be answered',
    });
    expect(await as(seller, `select public.respond_to_offer($1, 'maybe')`, [d])).toMatchObject({
      code: '22023',
      message: 'Unknown action: use accept, decline or counter',
    });
    expect(await as(buyer, `select public.respond_to_counter($1, 'counter')`, [d])).toMatchObject({
      code: '22023',
      message: 'Unknown action: use accept or decline',
    });
    // A new offer after the last one ended.
    await offer(buyer, item, 65);

    expect((await notificationsFor(item)).map((n) => [n.user_id, n.kind])).toEqual([
      [seller, 'offer_received'],
      [buyer, 'offer_declined'],
      [seller, 'offer_received'],
      [buyer, 'offer_countered'],
      [seller, 'offer_declined'],
      [seller, 'offer_received'],
      [seller, 'offer_received'],
    ]);
  });

  it('a piece marked sold or delisted declines its live offers', async () => {
    const item = await piece(100, 'Bentwood stool');
    const a = await offer(buyer, item, 40);
    const b = await offer(rival, item, 45);
    await as(seller, `select public.respond_to_offer($1, 'counter', 90)`, [b]);
    const r = await as(seller, `update public.catalog_items set status = 'sold' where id = $1`, [item]);
    expect(r).toMatchObject({ ok: true, rowCount: 1 });
    expect((await offerRow(a)).status).toBe('declined');
    expect((await offerRow(b)).status).toBe('declined');
    expect(await as(seller, `select public.respond_to_offer($1, 'accept')`, [a])).toMatchObject({ code: '55000' });
  });
});

describe('expiry', () => {
  it('an offer past expires_at cannot be accepted, countered, answered or withdrawn, and reads as expired', async () => {
    const item = await piece(100, 'Rattan pendant');
    const a = await offer(buyer, item, 60);
    const b = await offer(rival, item, 70);
    await as(seller, `select public.respond_to_offer($1, 'counter', 90)`, [b]);
    await c.query(`update public.offers set expires_at = now() - interval '1 second' where id = any($1::uuid[])`, [
      [a, b],
    ]);
    expect(await as(seller, `select public.respond_to_offer($1, 'accept')`, [a])).toMatchObject({
      code: '55000',
      message: 'This offer has expired',
    });
    expect(await as(buyer, `select public.withdraw_offer($1)`, [a])).toMatchObject({
      code: '55000',
      message: 'This offer has expired',
    });
    expect(await as(rival, `select public.respond_to_counter($1, 'accept')`, [b])).toMatchObject({
      code: '55000',
      message: 'This offer has expired',
    });
    // A refusal changes nothing; the job (below) or the buyer's next offer records it as expired.
    expect((await offerRow(a)).status).toBe('open');
    await offer(buyer, item, 65);
    expect((await offerRow(a)).status).toBe('expired');
    await c.query(`select private.expire_market()`);
    expect((await offerRow(b)).status).toBe('expired');
    expect(
      (await c.query(`select reserved_until from public.catalog_items where id = $1`, [item])).rows[0].reserved_until,
    ).toBeNull();
  });

  it('accepting another offer, or marking the piece sold, expires a lapsed offer instead of declining it', async () => {
    const item = await piece(100, 'Milk glass pendant');
    const lapsed = await offer(buyer, item, 60);
    const live = await offer(rival, item, 70);
    await c.query(`update public.offers set expires_at = now() - interval '1 second' where id = $1`, [lapsed]);
    await as(seller, `select public.respond_to_offer($1, 'accept')`, [live]);
    expect((await offerRow(lapsed)).status).toBe('expired');
    const other = await piece(100, 'Opaline sconce');
    const lapsed2 = await offer(buyer, other, 60);
    await c.query(`update public.offers set expires_at = now() - interval '1 second' where id = $1`, [lapsed2]);
    await as(seller, `update public.catalog_items set status = 'sold' where id = $1`, [other]);
    expect((await offerRow(lapsed2)).status).toBe('expired');
    const told = [...(await notificationsFor(item)), ...(await notificationsFor(other))].filter(
      (n) => n.kind === 'offer_declined',
    );
    expect(told).toEqual([]);
  });

  it('the expire-offers job (every 5 minutes) expires lapsed offers and clears lapsed reservations', async () => {
    const job = (await c.query(`select schedule, command from cron.job where jobname = 'expire-offers'`)).rows;
    expect(job).toEqual([{ schedule: '*/5 * * * *', command: 'select private.expire_market()' }]);

    const item = await piece(100, 'Brass sconce');
    const a = await offer(buyer, item, 60);
    const live = await offer(rival, item, 61);
    await c.query(`update public.offers set expires_at = now() - interval '1 minute' where id = $1`, [a]);
    const reservedItem = await piece(100, 'Iron bed');
    const acc = await offer(buyer, reservedItem, 90);
    await as(seller, `select public.respond_to_offer($1, 'accept')`, [acc]);
    await c.query(`update public.catalog_items set reserved_until = now() - interval '1 minute' where id = $1`, [
      reservedItem,
    ]);
    await c.query(`select private.expire_market()`);
    expect((await offerRow(a)).status).toBe('expired');
    expect((await offerRow(live)).status).toBe('open');
    expect(
      (await c.query(`select reserved_until from public.catalog_items where id = $1`, [reservedItem])).rows[0]
        .reserved_until,
    ).toBeNull();
    // Expiring tells nobody.
    expect((await notificationsFor(item)).map((n) => n.kind)).toEqual(['offer_received', 'offer_received']);
  });

  it('a reservation lapses after 48 hours: others may offer again and the seller may accept another', async () => {
    const item = await piece(100, 'Wicker chair');
    const first = await offer(buyer, item, 80);
    await as(seller, `select public.respond_to_offer($1, 'accept')`, [first]);
    expect(await as(rival, `select public.make_offer($1, 90)`, [item])).toMatchObject({
      message: 'This piece is reserved',
    });
    await c.query(`update public.catalog_items set reserved_until = now() - interval '1 second' where id = $1`, [item]);
    await c.query(`update public.offers set reserved_until = now() - interval '1 second' where id = $1`, [first]);
    const second = await offer(rival, item, 90);
    expect((await as(seller, `select (public.respond_to_offer($1, 'accept')).status`, [second])).rows[0]!.status).toBe(
      'accepted',
    );
  });
});

describe('races', () => {
  it('two accepts of different offers at once: exactly one wins', async () => {
    const item = await piece(100, 'Race lamp');
    const a = await offer(buyer, item, 60);
    const b = await offer(rival, item, 70);
    const results = await Promise.all(
      [a, b].map((id, i) => as(seller, `select (public.respond_to_offer($1, 'accept')).status`, [id], conns[i])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.find((r) => !r.ok)!;
    expect(lost.code).toBe('55000');
    const statuses = (
      await c.query(`select status from public.offers where catalog_item_id = $1 order by status`, [item])
    ).rows;
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'declined']);
  });

  it("two buyers accepting their counters at once: exactly one wins, the other's offer is declined", async () => {
    const item = await piece(100, 'Race chair');
    const a = await offer(buyer, item, 60);
    const b = await offer(rival, item, 70);
    const d = await offer(third, item, 75);
    for (const id of [a, b, d]) await as(seller, `select public.respond_to_offer($1, 'counter', 95)`, [id]);
    const results = await Promise.all(
      [
        [buyer, a],
        [rival, b],
        [third, d],
      ].map(([who, id], i) => as(who!, `select (public.respond_to_counter($1, 'accept')).status`, [id], conns[i])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ code: '55000', message: 'This offer has no counter to answer (it is declined)' });
    }
    const rows = (await c.query(`select status from public.offers where catalog_item_id = $1`, [item])).rows;
    expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'declined')).toHaveLength(2);
  });

  it('an offer racing an accept: the offer either lands before (and is declined) or is refused as reserved', async () => {
    const item = await piece(100, 'Race table');
    const a = await offer(buyer, item, 60);
    const [accept, late] = await Promise.all([
      as(seller, `select (public.respond_to_offer($1, 'accept')).status`, [a], conns[0]),
      as(rival, `select (public.make_offer($1, 99)).id`, [item], conns[1]),
    ]);
    expect(accept.ok).toBe(true);
    if (late.ok) expect((await offerRow(late.rows[0]!.id as string)).status).toBe('declined');
    else expect(late).toMatchObject({ code: '55000', message: 'This piece is reserved' });
  });
});
