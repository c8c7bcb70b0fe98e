import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Hidden content (docs/trust-and-safety.md, "Hidden"): three different people reporting the same thing hide it at
 * once. A hidden piece leaves every Good Stuff list for everyone but its seller, who cannot put it back; its open
 * offers are declined. A hidden message reads 'Removed by Good Space' for both sides; a hidden review is returned to
 * nobody but operators; a hidden project leaves the open projects list. Restoring puts everything back.
 */
const REMOVED = 'Removed by Good Space';
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
let c: pg.Client;
let seller: string;
let buyer: string;
let reporters: string[];
let passerby: string;
let customer: string;
let designer: string;
let operator: string;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  seller = await createUser(c, { role: 'designer', fullName: 'Hal Hidden', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Ola Offer', subscribe: 'client' });
  passerby = await createUser(c, { role: 'customer', fullName: 'Pat Passerby' });
  customer = await createUser(c, { role: 'customer', fullName: 'Cleo Client', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dan Drafts', subscribe: 'designer' });
  operator = await createUser(c, { role: 'customer', fullName: 'Opal Operator' });
  reporters = [];
  for (const name of ['Rae One', 'Rob Two', 'Ria Three'])
    reporters.push(await createUser(c, { role: 'designer', fullName: name }));
  people.push(seller, buyer, passerby, customer, designer, operator, ...reporters);
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

const report = (who: string, kind: string, id: string) =>
  asActor(c, user(who), `insert into public.reports (subject_kind, subject_id, reason) values ($1, $2, 'scam')`, [
    kind,
    id,
  ]);

async function piece(title: string): Promise<string> {
  return (
    await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition, location)
       values ($1, $2, 'Solid walnut, one owner', 'table', 300, 'good', $3) returning id`,
      [seller, title, `${AUSTIN.latitude}, ${AUSTIN.longitude}`],
    )
  ).rows[0]!.id;
}

/** What `who` finds of `item` through the API: search, nearby, and the piece page's read. */
async function findings(who: string, item: string, word: string) {
  const api = await clientAs(who);
  const search = await api.rpc('search_catalog_items', { q: word, page_size: 100 });
  const nearby = await api.rpc('nearby_catalog_items', {
    ...{ origin_latitude: AUSTIN.latitude, origin_longitude: AUSTIN.longitude },
    page_size: 100,
    within_miles: 25,
  });
  const page = await api.from('catalog_items').select('id, hidden_at, is_available').eq('id', item);
  expect([search.error, nearby.error, page.error]).toEqual([null, null, null]);
  return {
    search: (search.data as { id: string }[]).some((r) => r.id === item),
    nearby: (nearby.data as { id: string }[]).some((r) => r.id === item),
    page: page.data as { id: string; hidden_at: string | null; is_available: boolean }[],
  };
}

describe('a piece three people report', () => {
  it('leaves Good Stuff for everyone but its seller at the third report; its open offer is declined', async () => {
    const item = await piece('Zebrawood dining table');
    expect(await findings(passerby, item, 'zebrawood')).toMatchObject({ search: true, nearby: true });
    const offer = await asActor(c, user(buyer), `select (public.make_offer($1, 250)).id`, [item]);
    expect(offer).toMatchObject({ ok: true });

    expect(await report(reporters[0]!, 'piece', item)).toMatchObject({ ok: true });
    expect(await report(reporters[1]!, 'piece', item)).toMatchObject({ ok: true });
    // Two reports: still listed.
    expect(await findings(passerby, item, 'zebrawood')).toMatchObject({ search: true, nearby: true });
    expect(await report(reporters[2]!, 'piece', item)).toMatchObject({ ok: true });

    const hidden = await findings(passerby, item, 'zebrawood');
    expect(hidden).toEqual({ search: false, nearby: false, page: [] });
    expect((await findings(buyer, item, 'zebrawood')).page).toEqual([]);
    const own = await findings(seller, item, 'zebrawood');
    expect(own.page).toHaveLength(1);
    expect(own.page[0]!.hidden_at).not.toBeNull();
    expect(own.page[0]!.is_available).toBe(false);
    // The operator still reads it.
    expect((await findings(operator, item, 'zebrawood')).page).toHaveLength(1);

    const offers = await c.query(`select status from public.offers where catalog_item_id = $1`, [item]);
    expect(offers.rows).toEqual([{ status: 'declined' }]);
    const told = await c.query(
      `select kind, title, link from public.notifications where user_id = $1 and kind = 'content_hidden'`,
      [seller],
    );
    expect(told.rows).toEqual([
      { kind: 'content_hidden', title: 'Your listing is hidden while we look at it', link: `/good-stuff/${item}` },
    ]);
  });

  it('cannot be put back by its seller, nor offered on, bought or asked about', async () => {
    const item = await piece('Quartersawn oak table');
    for (const r of reporters) expect(await report(r, 'piece', item)).toMatchObject({ ok: true });
    const api = await clientAs(seller);
    const relist = await api.from('catalog_items').update({ status: 'available', is_available: true }).eq('id', item);
    expect(relist.error).toBeNull();
    const unhide = await api.from('catalog_items').update({ hidden_at: null }).eq('id', item);
    expect(unhide.error?.code).toBe('42501');
    expect(
      (
        await c.query(`select is_available, hidden_at is not null as hidden from public.catalog_items where id = $1`, [
          item,
        ])
      ).rows,
    ).toEqual([{ is_available: false, hidden: true }]);
    expect(await asActor(c, user(buyer), `select public.make_offer($1, 200)`, [item])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This piece is no longer available',
    });
    expect(await asActor(c, user(passerby), `select public.start_listing_conversation($1)`, [item])).toMatchObject({
      ok: false,
      code: 'P0002',
    });
    const quote = await asActor(c, user(buyer), `select public.buy_now_quote($1) as q`, [item]);
    expect(quote.rows[0]!.q).toMatchObject({ can_buy: false, reason: 'not_available' });
  });
});

describe('a hidden message', () => {
  it("reads 'Removed by Good Space' to both people (the original kept for operators); restoring puts it back", async () => {
    const project = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
         values ($1, $2, 'Loft refresh', 'A loft with too many plants', 'Austin', 100, 900, 'active') returning id`,
        [customer, designer],
      )
    ).rows[0]!.id;
    const message = (
      await c.query<{ id: string }>(
        `insert into public.messages (project_id, sender_id, content) values ($1, $2, 'Wire the deposit to my cousin') returning id`,
        [project, designer],
      )
    ).rows[0]!.id;
    expect(await report(customer, 'project_message', message)).toMatchObject({ ok: true });
    expect(
      await asActor(
        c,
        user(operator),
        `select public.moderate('project_message', $1, 'hide', 'Off-platform payment')`,
        [message],
      ),
    ).toMatchObject({ ok: true });
    for (const who of [customer, designer]) {
      const { data } = await (await clientAs(who)).from('messages').select('content, hidden_at').eq('id', message);
      expect(data).toEqual([{ content: REMOVED, hidden_at: expect.any(String) }]);
    }
    const notified = await c.query(
      `select body from public.notifications where kind = 'message_received' and data ->> 'message_id' = $1`,
      [message],
    );
    expect(notified.rows).toEqual([{ body: REMOVED }]);
    const subject = await asActor(c, user(operator), `select public.moderation_subject('project_message', $1) as s`, [
      message,
    ]);
    expect(subject.rows[0]!.s).toMatchObject({
      hidden: true,
      content: { text: 'Wire the deposit to my cousin', context: 'In the project "Loft refresh"' },
      link: `/project/${project}`,
    });

    expect(
      await asActor(c, user(operator), `select public.moderate('project_message', $1, 'restore', 'Context: a joke')`, [
        message,
      ]),
    ).toMatchObject({ ok: true });
    const { data } = await (await clientAs(customer)).from('messages').select('content, hidden_at').eq('id', message);
    expect(data).toEqual([{ content: 'Wire the deposit to my cousin', hidden_at: null }]);
  });

  it("in a conversation about a piece reads 'Removed by Good Space' to buyer and seller", async () => {
    const item = await piece('Teak sideboard');
    const conversation = (
      await c.query<{ id: string }>(
        `insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
        [item, buyer, seller],
      )
    ).rows[0]!.id;
    const message = (
      await c.query<{ id: string }>(
        `insert into public.listing_messages (conversation_id, sender_id, body) values ($1, $2, 'Meet me behind the mall') returning id`,
        [conversation, seller],
      )
    ).rows[0]!.id;
    expect(await report(buyer, 'piece_message', message)).toMatchObject({ ok: true });
    expect(
      await asActor(c, user(operator), `select public.moderate('piece_message', $1, 'hide', 'Unsafe meeting')`, [
        message,
      ]),
    ).toMatchObject({ ok: true });
    for (const who of [buyer, seller]) {
      const { data } = await (await clientAs(who)).from('listing_messages').select('body').eq('id', message);
      expect(data).toEqual([{ body: REMOVED }]);
    }
    const subject = await asActor(c, user(operator), `select public.moderation_subject('piece_message', $1) as s`, [
      message,
    ]);
    expect(subject.rows[0]!.s).toMatchObject({
      content: { text: 'Meet me behind the mall', context: 'In the conversation about "Teak sideboard"' },
      link: `/good-stuff/${item}/conversation/${conversation}`,
    });
  });
});

describe('a hidden review and a hidden project', () => {
  it('a review three people report is returned to operators only', async () => {
    const project = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status, completed_at)
         values ($1, $2, 'Done den', 'A finished den with a view', 'Austin', 100, 900, 'completed', now()) returning id`,
        [customer, designer],
      )
    ).rows[0]!.id;
    const review = (
      await c.query<{ id: string }>(
        `insert into public.reviews (project_id, designer_id, client_id, rating, comment)
         values ($1, $2, $3, 1, 'Worst designer, call 555-0100 for a better one') returning id`,
        [project, designer, customer],
      )
    ).rows[0]!.id;
    for (const r of reporters) expect(await report(r, 'review', review)).toMatchObject({ ok: true });
    for (const who of [passerby, customer, designer]) {
      const { data } = await (await clientAs(who)).from('reviews').select('id').eq('designer_id', designer);
      expect({ who, data }).toEqual({ who, data: [] });
    }
    const { data } = await (await clientAs(operator)).from('reviews').select('id').eq('designer_id', designer);
    expect(data).toEqual([{ id: review }]);
  });

  it('a project three designers report leaves the open projects list; its customer still sees it', async () => {
    const project = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, space_size, budget)
         values ($1, 'Cheap labour wanted', 'Paying in exposure only, send your address', 'Austin', 100, 900) returning id`,
        [customer],
      )
    ).rows[0]!.id;
    const open = async (who: string) => {
      const api = await clientAs(who);
      const list = await api.rpc('open_projects', { page_size: 100 });
      const read = await api.from('projects').select('id').eq('id', project);
      expect([list.error, read.error]).toEqual([null, null]);
      return { listed: (list.data as { id: string }[]).some((p) => p.id === project), read: read.data!.length };
    };
    expect(await open(designer)).toEqual({ listed: true, read: 1 });
    for (const r of reporters) expect(await report(r, 'project', project)).toMatchObject({ ok: true });
    expect(await open(designer)).toEqual({ listed: false, read: 0 });
    expect(await open(customer)).toEqual({ listed: true, read: 1 });
    const subject = await asActor(c, user(operator), `select public.moderation_subject('project', $1) as s`, [project]);
    expect(subject.rows[0]!.s).toMatchObject({
      kind: 'project',
      hidden: true,
      link: `/project/${project}`,
      content: { title: 'Cheap labour wanted', price: null, context: 'A pending project, budget $900' },
      person: { id: customer, role: 'customer' },
    });
    const bid = await asActor(
      c,
      user(designer),
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 500, 'I can help')`,
      [project, designer],
    );
    expect(bid).toMatchObject({ ok: false, code: '23514', message: 'This project is no longer taking bids' });
  });
});
