import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, serviceClient } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';

/**
 * One person cannot flood others (docs/product.md, Limits; docs/security.md, "Holds and rates"): as
 * the attacker, through the API with supabase-js, each counted action is refused one past its hourly allowance
 * with HTTP 429 and 'You're doing that too often. Try again in N minutes.', and nothing is written; another person
 * is unaffected; racing sessions cannot exceed it; the payment functions answer 429 in their JSON shape.
 */
let c: pg.Client;
const people: string[] = [];
let seller: string;
let pieces: string[] = [];

const TOO_OFTEN = /^You're doing that too often\. Try again in (\d+) minutes?\.$/;
const minutesIn = (message: string | undefined): number => Number(TOO_OFTEN.exec(message ?? '')?.[1]);

async function person(role: 'customer' | 'designer', subscribe?: 'client' | 'designer'): Promise<string> {
  const id = await createUser(c, { role, subscribe });
  people.push(id);
  return id;
}

async function newPieces(n: number, owner = seller): Promise<string[]> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     select $1, 'Piece ' || g, 'For the limits tests', 'decor', 100, 'good' from generate_series(1, $2) g returning id`,
    [owner, n],
  );
  return r.rows.map((x) => x.id);
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return (await c.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;
}

/** Pretends `who` did `action` n times, `ago` before now (the events the database keeps for the window). */
async function pastEvents(who: string, action: string, n: number, ago: string): Promise<void> {
  await c.query(
    `insert into private.rate_events (user_id, action, at)
     select $1, $2, now() - $3::interval from generate_series(1, $4)`,
    [who, action, ago, n],
  );
}

beforeAll(async () => {
  c = await connect();
  seller = await person('designer', 'designer');
  pieces = await newPieces(21);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

describe('rate limits in the database', () => {
  it('conversations opened: 20 an hour; reopening one is free; the 21st is refused with 429 and not opened', async () => {
    const buyer = await person('customer');
    const api = await clientAs(buyer);
    for (const id of pieces.slice(0, 20)) {
      const r = await api.rpc('start_listing_conversation', { item_id: id });
      expect(r.error).toBeNull();
    }
    expect((await api.rpc('start_listing_conversation', { item_id: pieces[0] })).error).toBeNull();
    const r = await api.rpc('start_listing_conversation', { item_id: pieces[20] });
    expect({ status: r.status, code: r.error?.code }).toEqual({ status: 429, code: 'PT429' });
    expect(r.error?.message).toMatch(TOO_OFTEN);
    expect(minutesIn(r.error?.message)).toBeGreaterThanOrEqual(59);
    expect(minutesIn(r.error?.message)).toBeLessThanOrEqual(60);
    expect(await count(`public.listing_conversations where buyer_id = $1`, [buyer])).toBe(20);
    // Someone else opens one on the same piece.
    const other = await clientAs(await person('customer'));
    expect((await other.rpc('start_listing_conversation', { item_id: pieces[20] })).error).toBeNull();
  });

  it('offers made: 20 an hour; the 21st is refused with 429 and no offer is made', async () => {
    const buyer = await person('customer');
    const api = await clientAs(buyer);
    for (const id of pieces.slice(0, 20)) {
      const r = await api.rpc('make_offer', { item_id: id, amount: 50 });
      expect(r.error).toBeNull();
    }
    const r = await api.rpc('make_offer', { item_id: pieces[20], amount: 50 });
    expect({ status: r.status, code: r.error?.code }).toEqual({ status: 429, code: 'PT429' });
    expect(r.error?.message).toMatch(TOO_OFTEN);
    expect(await count(`public.offers where buyer_id = $1`, [buyer])).toBe(20);
    // Withdrawing and making it again counts again: still refused.
    const [first] = (await c.query(`select id from public.offers where buyer_id = $1 limit 1`, [buyer])).rows;
    expect((await api.rpc('withdraw_offer', { offer_id: first.id })).error).toBeNull();
    const again = await c.query(`select catalog_item_id from public.offers where id = $1`, [first.id]);
    expect((await api.rpc('make_offer', { item_id: again.rows[0].catalog_item_id, amount: 50 })).status).toBe(429);
    const other = await clientAs(await person('customer'));
    expect((await other.rpc('make_offer', { item_id: pieces[20], amount: 50 })).error).toBeNull();
  });

  it('listing messages: 60 an hour per sender; the 61st is refused with 429; the seller still answers', async () => {
    const buyer = await person('customer');
    const api = await clientAs(buyer);
    const conv = (await api.rpc('start_listing_conversation', { item_id: pieces[1] })).data as { id: string };
    await pastEvents(buyer, 'listing_message', 59, '10 minutes');
    expect(
      (await api.from('listing_messages').insert({ conversation_id: conv.id, sender_id: buyer, body: 'Hi' })).error,
    ).toBeNull();
    const r = await api.from('listing_messages').insert({ conversation_id: conv.id, sender_id: buyer, body: 'Hi?' });
    expect({ status: r.status, code: r.error?.code }).toEqual({ status: 429, code: 'PT429' });
    // The oldest counted message was 10 minutes ago: it leaves the window in 50 minutes.
    expect(r.error?.message).toBe("You're doing that too often. Try again in 50 minutes.");
    expect(await count(`public.listing_messages where conversation_id = $1`, [conv.id])).toBe(1);
    const sellerApi = await clientAs(seller);
    expect(
      (await sellerApi.from('listing_messages').insert({ conversation_id: conv.id, sender_id: seller, body: 'Yes' }))
        .error,
    ).toBeNull();
  });

  it('events older than an hour no longer count, and are pruned', async () => {
    const buyer = await person('customer');
    const api = await clientAs(buyer);
    const conv = (await api.rpc('start_listing_conversation', { item_id: pieces[2] })).data as { id: string };
    await pastEvents(buyer, 'listing_message', 60, '61 minutes');
    const r = await api.from('listing_messages').insert({ conversation_id: conv.id, sender_id: buyer, body: 'Hello' });
    expect(r.error).toBeNull();
    expect(await count(`private.rate_events where user_id = $1 and action = 'listing_message'`, [buyer])).toBe(1);
  });

  it('nudges: 20 an hour; the 21st is refused with 429 and not sent', async () => {
    const customer = await person('customer', 'client');
    const designer = await person('designer', 'designer');
    const projects = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, space_size, budget, budget_type, status)
         select $1, 'Room ' || g, 'A calm room to read in', 'Austin', 100, 1000, 'soft', 'pending' from generate_series(1, 21) g
         returning id`,
        [customer],
      )
    ).rows.map((x) => x.id);
    const api = await clientAs(customer);
    await pastEvents(customer, 'nudge', 19, '30 minutes');
    const nudge = (projectId: string) =>
      api
        .from('designer_nudges')
        .insert({ client_id: customer, designer_id: designer, project_id: projectId, status: 'pending' });
    expect((await nudge(projects[0]!)).error).toBeNull();
    const r = await nudge(projects[1]!);
    expect({ status: r.status, code: r.error?.code }).toEqual({ status: 429, code: 'PT429' });
    expect(r.error?.message).toBe("You're doing that too often. Try again in 30 minutes.");
    expect(await count(`public.designer_nudges where client_id = $1`, [customer])).toBe(1);
  });

  it('two sessions of one person racing cannot exceed the limit', async () => {
    const buyer = await person('customer');
    const [a, b] = [await clientAs(buyer), await clientAs(buyer)];
    const conv = (await a.rpc('start_listing_conversation', { item_id: pieces[3] })).data as { id: string };
    await pastEvents(buyer, 'listing_message', 57, '5 minutes');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        (k % 2 ? a : b).from('listing_messages').insert({ conversation_id: conv.id, sender_id: buyer, body: `m${k}` }),
      ),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await count(`public.listing_messages where conversation_id = $1`, [conv.id])).toBe(3);
  });

  it('the seed and the service role are not limited', async () => {
    const buyer = await person('customer');
    const conv = (await (await clientAs(buyer)).rpc('start_listing_conversation', { item_id: pieces[4] })).data as {
      id: string;
    };
    await c.query(
      `insert into public.listing_messages (conversation_id, sender_id, body)
       select $1, $2, 'Seeded ' || g from generate_series(1, 70) g`,
      [conv.id, buyer],
    );
    const service = serviceClient();
    const r = await service
      .from('listing_messages')
      .insert(Array.from({ length: 5 }, () => ({ conversation_id: conv.id, sender_id: buyer, body: 'From a job' })));
    expect(r.error).toBeNull();
    expect(await count(`public.listing_messages where conversation_id = $1`, [conv.id])).toBe(75);
    // The functions' counter is the service role's alone.
    const api = await clientAs(buyer);
    const forged = await api.rpc('take_function_rate', { user_id: buyer, action: 'buy_now' });
    expect(forged.error).not.toBeNull();
    expect(await count(`private.rate_events where user_id = $1`, [buyer])).toBe(1);
  });

  it('a project’s 11th hold through the API: refused with the limit in its words, nothing added', async () => {
    const customer = await person('customer', 'client');
    const designer = await person('designer', 'designer');
    const project = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
         values ($1, $2, 'Den', 'A calm den to read in', 'Austin', 100, 100000, 'soft', 'active') returning id`,
        [customer, designer],
      )
    ).rows[0]!.id;
    const mine = await newPieces(11);
    const api = await clientAs(customer);
    for (const id of mine.slice(0, 10)) {
      expect((await api.rpc('add_catalog_item_to_project', { project_id: project, item_id: id })).error).toBeNull();
    }
    const r = await api.rpc('add_catalog_item_to_project', { project_id: project, item_id: mine[10] });
    expect(r.status).toBe(400);
    expect(r.error?.message).toMatch(/^This project already holds 10 pieces/);
    expect(await count(`public.project_items where project_id = $1`, [project])).toBe(10);
  });
});

describe('rate limits in the payment functions', () => {
  async function call(api: SupabaseClient, name: string, body: Record<string, unknown>) {
    const { error } = await api.functions.invoke(name, { body });
    if (!error) return { status: 200, body: {} as Record<string, unknown> };
    const res = (error as FunctionsHttpError).context as Response;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const statuses = (rs: { status: number }[]) => rs.map((r) => r.status);

  it('buy-now: 10 calls an hour per buyer, the 11th answered 429 in the function’s JSON; another buyer unaffected', async () => {
    const buyer = await person('customer');
    const api = await clientAs(buyer);
    const body = { itemId: '00000000-0000-4000-8000-000000000000' };
    const first = [];
    for (let k = 0; k < 10; k++) first.push(await call(api, 'buy-now', body));
    expect(statuses(first)).not.toContain(429);
    const r = await call(api, 'buy-now', body);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ error: expect.stringMatching(TOO_OFTEN) as unknown, code: 'rate_limited' });
    const other = await clientAs(await person('customer'));
    expect((await call(other, 'buy-now', body)).status).not.toBe(429);
  });

  it('create-checkout: 10 an hour, racing calls included', async () => {
    const api = await clientAs(await person('customer'));
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call(api, 'create-checkout', { plan: 'client' })),
    );
    expect(statuses(results).filter((s) => s === 429)).toHaveLength(2);
    expect(statuses(results).filter((s) => s !== 429)).toHaveLength(10);
  });

  it('fund-milestone: 10 an hour per customer, counted before the database or the provider is asked', async () => {
    const api = await clientAs(await person('customer'));
    // Not even a milestone of theirs: each call still counts (a refusal costs the database a look, a success a
    // payment page), and the 11th is refused before either.
    const body = { milestoneId: '00000000-0000-4000-8000-000000000000' };
    const first = [];
    for (let k = 0; k < 10; k++) first.push(await call(api, 'fund-milestone', body));
    expect(statuses(first)).toEqual(Array.from({ length: 10 }, () => 404));
    expect(await call(api, 'fund-milestone', body)).toEqual({
      status: 429,
      body: { error: expect.stringMatching(TOO_OFTEN) as unknown, code: 'rate_limited' },
    });
  });

  it('connect-account: onboarding and the dashboard count, 10 an hour; refresh does not', async () => {
    const designer = await person('designer');
    const api = await clientAs(designer);
    for (let k = 0; k < 10; k++) expect((await call(api, 'connect-account', { action: 'onboard' })).status).toBe(200);
    const r = await call(api, 'connect-account', { action: 'dashboard' });
    expect(r).toEqual({
      status: 429,
      body: { error: expect.stringMatching(TOO_OFTEN) as unknown, code: 'rate_limited' },
    });
    expect((await call(api, 'connect-account', { action: 'refresh' })).status).toBe(200);
  });
});
