import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, inRolledBackTx, user } from './support/pg.ts';
import { orderSteps, type Order } from './support/orders.ts';

/**
 * Buyer protection, the parties' side (docs/orders.md): pickup windows offered, confirmed, rescheduled and missed;
 * the seller's Mark as collected; the buyer's problem within the 48 hours and the seller's statement; who reads the
 * pickup address and the photos; a returned piece's relisting; account deletion waiting for open orders; and who is
 * told of each step (never the one who acted). Outsiders see nothing, the wrong party is refused, a wrong state is
 * refused with a sentence.
 */
let c: pg.Client;
let seller: string;
let buyer: string;
let outsider: string;
let operator: string;
let people: string[] = [];
let s: ReturnType<typeof orderSteps>;

beforeAll(async () => {
  c = await connect();
  s = orderSteps(c);
  seller = await createUser(c, { role: 'designer', fullName: 'Jordan Seller', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Maya Buyer', subscribe: 'client' });
  outsider = await createUser(c, { role: 'customer', fullName: 'Otto Outside', subscribe: 'client' });
  operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
  people = [seller, buyer, outsider, operator];
  await s.payable(seller);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

const iso = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const span = (fromHours: number, toHours: number) => ({ starts_at: iso(fromHours), ends_at: iso(toHours) });
const offer = (who: string, orderId: string, windows: unknown, address: string | null = null) =>
  s.as(who, `select * from public.offer_pickup_windows($1, $2::jsonb, $3)`, [
    orderId,
    JSON.stringify(windows),
    address,
  ]);

async function freshOrder(title = 'Brass arc floor lamp'): Promise<Order> {
  return s.paidOrder(buyer, await s.piece(seller, 260, title));
}

describe('pickup windows', () => {
  it('either party offers one to three future windows; the seller gives the address; new offers replace old ones', async () => {
    const o = await freshOrder();
    const refusals: [string, unknown, string | null, string, string][] = [
      [seller, [], 'x', '23514', 'Offer one to three pickup times'],
      [seller, [span(2, 3), span(4, 5), span(6, 7), span(8, 9)], null, '23514', 'Offer one to three pickup times'],
      [seller, [{ starts_at: 'soon', ends_at: iso(3) }], null, '23514', 'Offer one to three pickup times'],
      [
        seller,
        [span(0.5, 1.5)],
        '12 Elm Street',
        '23514',
        'A pickup time must start at least an hour from now and within 30 days',
      ],
      [
        seller,
        [span(24 * 31, 24 * 31 + 1)],
        '12 Elm Street',
        '23514',
        'A pickup time must start at least an hour from now and within 30 days',
      ],
      [seller, [span(2, 2.1)], '12 Elm Street', '23514', 'A pickup time must last between 15 minutes and 12 hours'],
      [seller, [span(2, 15)], '12 Elm Street', '23514', 'A pickup time must last between 15 minutes and 12 hours'],
      [seller, [span(2, 4), span(3, 5)], '12 Elm Street', '23514', 'Pickup times must not overlap'],
      [seller, [span(2, 3)], null, '23514', 'Give the pickup address (5 to 300 characters)'],
      [seller, [span(2, 3)], ' Elm ', '23514', 'Give the pickup address (5 to 300 characters)'],
      [buyer, [span(2, 3)], '12 Elm Street', '23514', 'Only the seller gives the pickup address'],
      [outsider, [span(2, 3)], null, 'P0002', 'Order not found'],
    ];
    for (const [who, windows, address, code, message] of refusals) {
      expect(await offer(who, o.id, windows, address), message).toMatchObject({ ok: false, code, message });
    }
    expect(await s.windows(o.id)).toEqual([]);

    const first = await offer(seller, o.id, [span(26, 27), span(50, 52)], '  12 Elm Street, Austin ');
    expect(first).toMatchObject({ ok: true, rowCount: 2 });
    expect(first.rows.map((r) => [r.status, r.proposer_role, r.proposed_by])).toEqual([
      ['proposed', 'seller', seller],
      ['proposed', 'seller', seller],
    ]);
    expect(
      (await c.query(`select address, seller_id from public.order_pickup_addresses where order_id = $1`, [o.id])).rows,
    ).toEqual([{ address: '12 Elm Street, Austin', seller_id: seller }]);
    // The buyer offers their own: the seller's give way; the address on file stays.
    expect(await offer(buyer, o.id, [span(30, 31)])).toMatchObject({ ok: true, rowCount: 1 });
    expect((await s.windows(o.id)).map((w) => [w.proposer_role, w.status])).toEqual([
      ['seller', 'superseded'],
      ['buyer', 'proposed'],
      ['seller', 'superseded'],
    ]);
    const told = await s.notifications(o.id, 'pickup_proposed');
    expect(told).toMatchObject([
      {
        user_id: buyer,
        actor_id: seller,
        title: 'Jordan Seller offered pickup times for "Brass arc floor lamp"',
        link: `/orders/${o.id}`,
      },
      { user_id: seller, actor_id: buyer, title: 'Maya Buyer offered pickup times for "Brass arc floor lamp"' },
    ]);
  });

  it('the other party confirms one (the proposer cannot); then offers wait for a reschedule, which either asks', async () => {
    const o = await freshOrder();
    // The buyer offers; the seller, with no address on file yet, must give one to confirm.
    const offered = await offer(buyer, o.id, [span(20, 21), span(44, 45)]);
    const [a, b] = offered.rows as { id: string }[];
    expect(await s.as(buyer, `select public.confirm_pickup_window($1)`, [a!.id])).toMatchObject({
      ok: false,
      code: '42501',
      message: 'The other person confirms the times you offered',
    });
    expect(await s.as(outsider, `select public.confirm_pickup_window($1)`, [a!.id])).toMatchObject({
      ok: false,
      code: 'P0002',
    });
    expect(await s.as(seller, `select public.confirm_pickup_window($1)`, [a!.id])).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Give the pickup address (5 to 300 characters)',
    });
    const confirmed = await s.as(seller, `select * from public.confirm_pickup_window($1, $2, $3)`, [
      a!.id,
      '2418 SE Division St',
      'The side door',
    ]);
    expect(confirmed.rows[0]).toMatchObject({ id: a!.id, status: 'confirmed' });
    expect((await s.windows(o.id)).map((w) => w.status)).toEqual(['confirmed', 'superseded']);
    expect(await s.as(buyer, `select public.confirm_pickup_window($1)`, [b!.id])).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await s.notifications(o.id, 'pickup_confirmed')).toMatchObject([
      { user_id: buyer, actor_id: seller, title: 'Jordan Seller confirmed a pickup time for "Brass arc floor lamp"' },
    ]);
    expect(await offer(seller, o.id, [span(60, 61)])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'A pickup time is already confirmed: ask to reschedule first.',
    });

    expect(await s.as(outsider, `select public.ask_pickup_reschedule($1)`, [o.id])).toMatchObject({ code: 'P0002' });
    const rescheduled = await s.as(buyer, `select * from public.ask_pickup_reschedule($1)`, [o.id]);
    expect(rescheduled.rows[0]).toMatchObject({ id: a!.id, status: 'superseded' });
    expect(await s.as(buyer, `select public.ask_pickup_reschedule($1)`, [o.id])).toMatchObject({
      code: '55000',
      message: 'There is no confirmed pickup time to reschedule.',
    });
    expect(await s.notifications(o.id, 'pickup_reschedule')).toMatchObject([
      {
        user_id: seller,
        actor_id: buyer,
        title: 'Maya Buyer asked to reschedule the pickup of "Brass arc floor lamp"',
      },
    ]);
    expect(await offer(seller, o.id, [span(60, 61)])).toMatchObject({ ok: true, rowCount: 1 });
  });

  it('a window already started cannot be confirmed; an order no longer waiting for pickup takes no windows', async () => {
    const o = await freshOrder();
    const started = await s.windowAt(o.id, -0.5, 'proposed', 'seller');
    expect(await s.as(buyer, `select public.confirm_pickup_window($1)`, [started.id])).toMatchObject({
      code: '55000',
      message: 'This pickup time has already started: offer new times.',
    });
    await s.collected(seller, o.id);
    expect(await offer(seller, o.id, [span(20, 21)], '12 Elm Street')).toMatchObject({
      code: '55000',
      message: 'The piece was already collected, so it cannot be given pickup times.',
    });
  });

  it('a missed window: either party reports the other, after it ends and within 7 days', async () => {
    const o = await freshOrder();
    const ahead = await s.windowAt(o.id, 3);
    expect(await s.as(buyer, `select public.report_pickup_no_show($1)`, [ahead.id])).toMatchObject({
      code: '55000',
      message: 'This pickup time has not ended yet.',
    });
    await c.query(`update public.order_pickup_windows set status = 'superseded' where id = $1`, [ahead.id]);
    const old = await s.windowAt(o.id, -24 * 8);
    expect(await s.as(buyer, `select public.report_pickup_no_show($1)`, [old.id])).toMatchObject({
      code: '55000',
      message: 'This pickup time ended more than 7 days ago.',
    });
    await c.query(`update public.order_pickup_windows set status = 'superseded' where id = $1`, [old.id]);
    const ended = await s.windowAt(o.id, -3);
    expect(await s.as(outsider, `select public.report_pickup_no_show($1)`, [ended.id])).toMatchObject({
      code: 'P0002',
    });
    const missed = await s.as(buyer, `select * from public.report_pickup_no_show($1)`, [ended.id]);
    expect(missed.rows[0]).toMatchObject({ status: 'missed', missed_by: 'seller', missed_reported_by: buyer });
    expect(await s.as(seller, `select public.report_pickup_no_show($1)`, [ended.id])).toMatchObject({
      code: '55000',
      message: 'Only a confirmed pickup time can be missed.',
    });
    expect(await s.notifications(o.id, 'pickup_missed')).toMatchObject([
      {
        user_id: seller,
        actor_id: buyer,
        title: 'Maya Buyer says you missed the pickup of "Brass arc floor lamp"',
        body: "Offer new pickup times on the order's page. The buyer can now cancel the order and be refunded.",
      },
    ]);
    // New windows can be offered again.
    expect(await offer(seller, o.id, [span(20, 21)], '12 Elm Street')).toMatchObject({ ok: true });
  });

  it('offering times mails the other party, so one person offers at most 20 times an hour', async () => {
    const eager = await createUser(c, { role: 'customer', fullName: 'Eli Eager', subscribe: 'client' });
    people.push(eager);
    const o = await s.paidOrder(eager, await s.piece(seller, 90, 'Cane stool'));
    for (let n = 0; n < 20; n += 1) {
      expect(await offer(eager, o.id, [span(20, 21)]), `offer ${n + 1}`).toMatchObject({ ok: true });
    }
    expect(await offer(eager, o.id, [span(22, 23)])).toMatchObject({ ok: false, code: 'PT429' });
    // Refused, nothing written: the twentieth offer's time is still the one proposed.
    const open = await c.query(
      `select count(*)::int as n from public.order_pickup_windows where order_id = $1 and status = 'proposed'`,
      [o.id],
    );
    expect(open.rows[0]).toEqual({ n: 1 });
  });
});

describe('the pickup address', () => {
  it('the seller reads it; the buyer once a window is confirmed (and after it is kept); operators; nobody else', async () => {
    const o = await freshOrder();
    const offered = await offer(seller, o.id, [span(20, 21)], '2418 SE Division St');
    const readers = async () => {
      const seen: string[] = [];
      for (const [name, who] of Object.entries({ seller, buyer, outsider, operator })) {
        const r = await inRolledBackTx(
          c,
          user(who),
          `select address from public.order_pickup_addresses where order_id = $1`,
          [o.id],
        );
        expect(r.ok).toBe(true);
        if (r.rowCount === 1) seen.push(name);
      }
      return seen;
    };
    expect(await readers()).toEqual(['seller', 'operator']);
    await s.as(buyer, `select public.confirm_pickup_window($1)`, [offered.rows[0]!.id]);
    expect(await readers()).toEqual(['seller', 'buyer', 'operator']);
    await s.collected(seller, o.id);
    expect(await readers()).toEqual(['seller', 'buyer', 'operator']);
    // Nobody writes it through the API.
    expect(
      await inRolledBackTx(
        c,
        user(seller),
        `update public.order_pickup_addresses set address = 'Elsewhere 1' where order_id = $1`,
        [o.id],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('the handover', () => {
  it('the seller marks it collected: 48 hours start, the window is kept, the buyer is told', async () => {
    const o = await freshOrder();
    const w = await s.windowAt(o.id, -1, 'confirmed');
    expect(await s.as(buyer, `select public.mark_order_collected($1)`, [o.id])).toMatchObject({
      code: '42501',
      message: 'Only the seller marks the piece collected',
    });
    expect(await s.as(outsider, `select public.mark_order_collected($1)`, [o.id])).toMatchObject({ code: 'P0002' });
    const done = await s.as(seller, `select * from public.mark_order_collected($1)`, [o.id]);
    expect(done.rows[0]).toMatchObject({ status: 'collected' });
    const after = await s.order(o.id);
    const hours = (after.release_at!.getTime() - after.handed_over_at!.getTime()) / 3600_000;
    expect(hours).toBe(48);
    expect((await s.windows(o.id)).find((x) => x.id === w.id)!.status).toBe('kept');
    expect(await s.as(seller, `select public.mark_order_collected($1)`, [o.id])).toMatchObject({
      code: '55000',
      message: 'The piece was already collected, so it cannot be marked collected.',
    });
    expect(await s.notifications(o.id, 'order_collected')).toEqual([
      {
        user_id: buyer,
        kind: 'order_collected',
        actor_id: seller,
        title: 'Jordan Seller marked "Brass arc floor lamp" collected',
        body: "If something is wrong with it, you have 48 hours to report a problem on the order's page.",
        link: `/orders/${o.id}`,
      },
    ]);
  });
});

describe('problems', () => {
  it('the buyer reports one within the 48 hours, with photos of the order: disputed, the seller told', async () => {
    const o = await freshOrder();
    expect(await s.as(buyer, `select public.report_order_problem($1, 'Broken')`, [o.id])).toMatchObject({
      code: '55000',
      message: 'This order is waiting for its pickup, so it cannot be reported as a problem.',
    });
    await s.collected(seller, o.id);
    const mine = await s.photo(o.id, buyer, 'crack.webp');
    const elsewhere = await s.photo((await freshOrder('Teak side table')).id, buyer, 'other.webp');
    const refusals: [string, string, string[], string, string][] = [
      [seller, 'Broken', [], '42501', 'Only the buyer reports a problem'],
      [outsider, 'Broken', [], 'P0002', 'Order not found'],
      [buyer, '   ', [], '23514', 'Write what is wrong of up to 1000 characters'],
      [buyer, 'x'.repeat(1001), [], '23514', 'Write what is wrong of up to 1000 characters'],
      [buyer, 'Broken', [elsewhere], '23514', 'A photo was not found: upload it again'],
      [buyer, 'Broken', [`${o.id}/never-uploaded.webp`], '23514', 'A photo was not found: upload it again'],
      [buyer, 'Broken', Array(7).fill(mine) as string[], '23514', 'Add at most 6 photos'],
    ];
    for (const [who, reason, photos, code, message] of refusals) {
      expect(
        await s.as(who, `select public.report_order_problem($1, $2, $3)`, [o.id, reason, photos]),
        message,
      ).toMatchObject({ ok: false, code, message });
    }
    const reported = await s.as(buyer, `select * from public.report_order_problem($1, $2, $3)`, [
      o.id,
      ' The shade is cracked ',
      [mine],
    ]);
    expect(reported.rows[0]).toMatchObject({ kind: 'problem', status: 'open', reason: 'The shade is cracked' });
    expect((await s.order(o.id)).status).toBe('disputed');
    expect(
      (
        await c.query(
          `select author_id, author_role, body, photos from public.order_problem_statements where order_id = $1`,
          [o.id],
        )
      ).rows,
    ).toEqual([{ author_id: buyer, author_role: 'buyer', body: 'The shade is cracked', photos: [mine] }]);
    expect(await s.notifications(o.id, 'order_problem')).toMatchObject([
      {
        user_id: seller,
        actor_id: buyer,
        title: 'Maya Buyer reported a problem with "Brass arc floor lamp"',
        body: 'The shade is cracked',
      },
    ]);
    expect(await s.as(buyer, `select public.report_order_problem($1, 'Again')`, [o.id])).toMatchObject({
      code: '55000',
    });
  });

  it('after the 48 hours the buyer can no longer report one', async () => {
    const o = await freshOrder();
    await s.collected(seller, o.id, 49);
    expect(await s.as(buyer, `select public.report_order_problem($1, 'Broken')`, [o.id])).toMatchObject({
      code: '55000',
      message: 'The 48 hours to report a problem have passed.',
    });
  });

  it('the seller adds one statement before it is due; a second of either side is a duplicate', async () => {
    const o = await freshOrder();
    await s.collected(seller, o.id);
    const p = (await s.as(buyer, `select (public.report_order_problem($1, 'Wobbles')).id`, [o.id])).rows[0]!
      .id as string;
    const photo = await s.photo(o.id, seller, 'packed.webp');
    expect(await s.as(outsider, `select public.add_order_problem_statement($1, 'Mine')`, [p])).toMatchObject({
      code: 'P0002',
    });
    expect(await s.as(buyer, `select public.add_order_problem_statement($1, 'More')`, [p])).toMatchObject({
      code: '23505',
      message: 'You already added your statement.',
    });
    const added = await s.as(seller, `select * from public.add_order_problem_statement($1, $2, $3)`, [
      p,
      'It left here whole',
      [photo],
    ]);
    expect(added.rows[0]).toMatchObject({ author_role: 'seller', author_id: seller, body: 'It left here whole' });
    expect(await s.as(seller, `select public.add_order_problem_statement($1, 'Again')`, [p])).toMatchObject({
      code: '23505',
      message: 'You already added your statement.',
    });

    const late = await freshOrder('Late lamp');
    await s.collected(seller, late.id);
    const q = (await s.as(buyer, `select (public.report_order_problem($1, 'Dented')).id`, [late.id])).rows[0]!
      .id as string;
    await c.query(`update public.order_problems set statements_due_at = now() - interval '1 minute' where id = $1`, [
      q,
    ]);
    expect(await s.as(seller, `select public.add_order_problem_statement($1, 'Late')`, [q])).toMatchObject({
      code: '55000',
      message: 'The time for statements has ended: Good Space decides with what it has.',
    });
  });
});

describe('the photos', () => {
  it('the order’s parties upload and read; outsiders do neither; nobody overwrites; the uploader deletes own; operators read', async () => {
    const o = await freshOrder();
    const upload = (who: string, name: string) =>
      asActor(
        c,
        user(who),
        `insert into storage.objects (bucket_id, name, owner_id) values ('order-photos', $1, $2) returning name`,
        [`${o.id}/${name}`, who],
      );
    expect(await upload(buyer, 'a.webp')).toMatchObject({ ok: true });
    expect(await upload(seller, 'b.webp')).toMatchObject({ ok: true });
    expect(await upload(outsider, 'c.webp')).toMatchObject({ ok: false, code: '42501' });
    const read = async (who: string) =>
      (
        await asActor(
          c,
          user(who),
          `select name from storage.objects where bucket_id = 'order-photos' and name like $1`,
          [`${o.id}/%`],
        )
      ).rows.length;
    expect([await read(buyer), await read(seller), await read(operator), await read(outsider)]).toEqual([2, 2, 2, 0]);
    expect(
      await asActor(
        c,
        user(buyer),
        `update storage.objects set name = name || '.x' where bucket_id = 'order-photos' and name like $1 returning 1`,
        [`${o.id}/%`],
      ),
    ).toMatchObject({ ok: true, rowCount: 0 });
    const remove = (who: string, name: string) =>
      inRolledBackTx(
        c,
        user(who),
        `delete from storage.objects where bucket_id = 'order-photos' and name = $1 returning 1`,
        [`${o.id}/${name}`],
        `select set_config('storage.allow_delete_query', 'true', true)`,
      );
    expect(await remove(seller, 'a.webp')).toMatchObject({ ok: true, rowCount: 0 });
    expect(await remove(operator, 'a.webp')).toMatchObject({ ok: true, rowCount: 0 });
    expect(await remove(buyer, 'a.webp')).toMatchObject({ ok: true, rowCount: 1 });
  });
});

describe('a piece refused at pickup', () => {
  it('comes back delisted and is listed again only with an edit, which clears returned_at', async () => {
    const o = await freshOrder('Returned lamp');
    expect(await s.svc(`select public.order_refuse($1, $2, 'The base is cracked', '{}')`, [buyer, o.id])).toMatchObject(
      { ok: true },
    );
    const item = o.catalog_item_id!;
    const pieceRow = async () =>
      (await c.query(`select status, is_available, returned_at from public.catalog_items where id = $1`, [item]))
        .rows[0] as { status: string; is_available: boolean; returned_at: Date | null };
    expect(await pieceRow()).toMatchObject({ status: 'delisted', is_available: false });
    expect((await pieceRow()).returned_at).not.toBeNull();
    const relist = (set: string) =>
      inRolledBackTx(
        c,
        user(seller),
        `update public.catalog_items set ${set} where id = $1 returning status, returned_at`,
        [item],
      );
    for (const set of [`status = 'available'`, `is_available = true`]) {
      expect(await relist(set)).toMatchObject({
        ok: false,
        code: '55000',
        message: 'Edit the piece before listing it again: its buyer refused it at pickup.',
      });
    }
    expect(await relist(`status = 'available', description = 'Base repaired and re-glued'`)).toMatchObject({
      ok: true,
      rows: [{ status: 'available', returned_at: null }],
    });
    // An edit alone clears it too; relisting then needs nothing more.
    expect(
      await asActor(c, user(seller), `update public.catalog_items set price = 240 where id = $1`, [item]),
    ).toMatchObject({ ok: true });
    expect((await pieceRow()).returned_at).toBeNull();
    expect(
      await asActor(c, user(seller), `update public.catalog_items set status = 'available' where id = $1`, [item]),
    ).toMatchObject({ ok: true });
  });
});

describe('account deletion', () => {
  /** What delete_user() does once the files are gone (as GoTrue's admin delete would), rolled back. */
  async function deleteAccount(who: string): Promise<{ ok: boolean; code?: string; message?: string }> {
    await c.query('begin');
    try {
      await c.query('delete from auth.users where id = $1', [who]);
      return { ok: true };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      return { ok: false, code: e.code, message: e.message };
    } finally {
      await c.query('rollback');
    }
  }

  it('waits for the orders waiting for their handover or in dispute, for the buyer and the seller', async () => {
    const leavingSeller = await createUser(c, { role: 'designer', fullName: 'Lee Leaving', subscribe: 'designer' });
    const leavingBuyer = await createUser(c, { role: 'customer', fullName: 'Bo Leaving', subscribe: 'client' });
    people.push(leavingSeller, leavingBuyer);
    await s.payable(leavingSeller);
    const o = await s.paidOrder(leavingBuyer, await s.piece(leavingSeller, 120, 'Cane chair'));
    const sentence =
      'These orders are waiting for their handover or in dispute: "Cane chair". Finish or cancel them before deleting your account.';
    for (const who of [leavingSeller, leavingBuyer]) {
      expect((await s.as(who, `select public.account_deletion_refusal() as r`)).rows[0]!.r).toBe(sentence);
      expect(await deleteAccount(who)).toMatchObject({ code: '55000', message: sentence });
    }
    await s.collected(leavingSeller, o.id);
    expect((await s.as(leavingBuyer, `select public.account_deletion_refusal() as r`)).rows[0]!.r).toBe(sentence);
    expect(await s.svc(`select public.order_collect($1, $2)`, [leavingBuyer, o.id])).toMatchObject({ ok: true });
    for (const who of [leavingSeller, leavingBuyer]) {
      expect((await s.as(who, `select public.account_deletion_refusal() as r`)).rows[0]!.r).toBeNull();
    }
    expect(await deleteAccount(leavingBuyer)).toEqual({ ok: true });
  });
});

describe('notifications', () => {
  it('each step reaches the other party with its kind and the order’s link; never the one who acted', async () => {
    const o = await freshOrder('Walnut desk');
    const offered = await offer(seller, o.id, [span(20, 21)], '12 Elm Street');
    await s.as(buyer, `select public.confirm_pickup_window($1)`, [offered.rows[0]!.id]);
    await s.as(seller, `select public.ask_pickup_reschedule($1)`, [o.id]);
    await s.collected(seller, o.id);
    await s.as(buyer, `select public.report_order_problem($1, 'Drawer stuck')`, [o.id]);
    const all = await s.notifications(o.id);
    expect(all.map((n) => [n.kind, n.user_id === buyer ? 'buyer' : 'seller'])).toEqual([
      ['order_paid', 'seller'],
      ['order_receipt', 'buyer'],
      ['pickup_proposed', 'buyer'],
      ['pickup_confirmed', 'seller'],
      ['pickup_reschedule', 'buyer'],
      ['order_collected', 'buyer'],
      ['order_problem', 'seller'],
    ]);
    for (const n of all) {
      expect(n.link).toBe(`/orders/${o.id}`);
      expect(n.actor_id).not.toBe(n.user_id);
    }
    expect(all.slice(0, 2)).toMatchObject([
      {
        title: 'Maya Buyer bought "Walnut desk" for $260',
        body: "Offer pickup times on the order's page. You are paid when Maya Buyer collects it.",
      },
      {
        title: 'Receipt: you paid $260 for "Walnut desk"',
        body: 'Good Space holds it until you collect the piece; Jordan Seller is paid then.',
      },
    ]);
  });
});
