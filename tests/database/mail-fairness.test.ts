import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFunction, type ServedFunction } from '@good-space/local-supabase';
import { latestMailTo, sleep, stackConfig } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * One person cannot flood a mailbox, and one flood cannot delay others' mail (docs/decisions/0030-safe-by-default.md;
 * docs/product.md, Notifications → By e-mail). The attacker acts as the app does (a signed-in request); the
 * edge function send-notification-mails runs in its Deno worker against the test stack's database and inbox.
 * Time is driven by moving created_at / mailed_at into the past, never by waiting.
 */
let c: pg.Client;
let worker: ServedFunction;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  // The mail queue is one for the whole database: the files that run the mail job take turns (this session's
  // lock, released when the connection ends), so one's runs never take, fail or mark the other's notifications.
  await c.query(`select pg_advisory_lock(hashtext('tests: notification mail job'))`);
  // Earlier files' notifications are not this file's: recorded as mailed, so runs here mail this file's rows.
  await c.query('update public.notifications set mailed_at = now() where mailed_at is null');
  worker = serveFunction(stackConfig, {
    name: 'send-notification-mails',
    dir: path.join(stackConfig.projectDir, 'supabase', 'functions', 'send-notification-mails'),
    secrets: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(stackConfig.smtpPort), SITE_URL: 'https://goodspace.test' },
    log: (line) => {
      if (process.env.LOCAL_SUPABASE_TEST_LOGS === '1') console.log(`[send-notification-mails] ${line}`);
    },
  });
  await worker.ready;
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await deleteUsers(c, people);
  await c.end();
});

interface RunResult {
  claimed: number;
  mailed: number;
  failed: number;
}

async function run(): Promise<RunResult> {
  const port = await worker.ready;
  const res = await fetch(`http://127.0.0.1:${port}/send-notification-mails`, {
    method: 'POST',
    headers: { apikey: stackConfig.secretKey, 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as RunResult;
}

/** The subjects of the inbox's mails to an address. */
async function subjects(email: string): Promise<string[]> {
  const res = await fetch(
    `${stackConfig.inboxUrl}/api/v1/search?limit=1000&query=${encodeURIComponent(`to:${email}`)}`,
  );
  const list = (await res.json()) as { messages: { Subject: string; To: { Address: string }[] }[] };
  return list.messages
    .filter((m) => m.To.some((t) => t.Address.toLowerCase() === email.toLowerCase()))
    .map((m) => m.Subject)
    .sort();
}

async function until(cond: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function person(role: 'customer' | 'designer', fullName: string): Promise<{ id: string; email: string }> {
  const id = await createUser(c, { role, fullName, subscribe: role === 'customer' ? 'client' : 'designer' });
  people.push(id);
  const r = await c.query<{ email: string }>('select email from auth.users where id = $1', [id]);
  return { id, email: r.rows[0]!.email };
}

async function piece(seller: string, title: string, price = 500): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     values ($1, $2, 'Solid teak, 1960s', 'cabinet', $3, 'very_good') returning id`,
    [seller, title, price],
  );
  return r.rows[0]!.id;
}

async function as(who: string, sql: string, params: unknown[] = []) {
  const r = await asActor(c, user(who), sql, params);
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r.rows;
}

async function conversation(buyer: string, item: string): Promise<string> {
  return (await as(buyer, 'select (public.start_listing_conversation($1)).id', [item]))[0]!.id as string;
}

async function say(who: string, conv: string, body: string): Promise<void> {
  await as(who, 'insert into public.listing_messages (conversation_id, sender_id, body) values ($1, $2, $3)', [
    conv,
    who,
    body,
  ]);
}

/** Moves a recipient's notifications (of one kind) `minutes` into the past. */
async function age(recipient: string, kind: string, minutes: number): Promise<void> {
  await c.query(
    `update public.notifications set created_at = created_at - make_interval(mins => $3)
      where user_id = $1 and kind = $2 and mailed_at is null`,
    [recipient, kind, minutes],
  );
}

/** An hour passes for a recipient's mail: their last mails move an hour and a minute into the past. */
async function anHourLater(recipient: string): Promise<void> {
  await c.query(
    `update public.notifications set mailed_at = mailed_at - interval '61 minutes'
      where user_id = $1 and mailed_at is not null`,
    [recipient],
  );
}

/** The mail bookkeeping: per kind, how many notifications and how many were mailed, in how many mails. */
async function book(recipient: string, kind: string) {
  const r = await c.query<{ rows: number; mailed: number; mails: number }>(
    `select count(*)::int as rows, count(mailed_at)::int as mailed,
            count(distinct mail_folded_into) filter (where mailed_at is not null)::int as mails
       from public.notifications where user_id = $1 and kind = $2`,
    [recipient, kind],
  );
  return r.rows[0]!;
}

/**
 * Does `action` up to `times` times, as an attacker would, and says how many went through. A refusal for doing
 * it too often (the per-hour limits of docs/security.md, "Rates in the database") ends the flood early; the mail
 * rules must hold for whatever got through.
 */
async function flood(times: number, action: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < times; i++) {
    try {
      await action(i);
    } catch (err) {
      if (i > 0 && /too often/i.test(String(err))) return i;
      throw err;
    }
  }
  return times;
}

describe('one person cannot flood a mailbox', () => {
  it('200 listing messages make one mail an hour, a digest that quotes the latest, escaped and bounded', async () => {
    const seller = await person('designer', 'Sally Seller');
    const buyer = await person('customer', 'Bea Buyer');
    const sideboard = await piece(seller.id, 'Teak sideboard');
    const lamp = await piece(seller.id, 'Teak lamp');
    // A question about the lamp first, then a flood about the sideboard, each message a phishing attempt.
    const conv2 = await conversation(buyer.id, lamp);
    await say(buyer.id, conv2, 'And the lamp?');
    const conv = await conversation(buyer.id, sideboard);
    const attack = `<a href="https://evil.test/login">Your Good Space account is locked</a>\n${'x'.repeat(1900)}`;
    const n = await flood(199, (i) => say(buyer.id, conv, `${i} ${attack}`));
    const sideboardRows = (minutes: number) =>
      c.query(
        `update public.notifications set created_at = created_at - make_interval(mins => $3)
          where user_id = $1 and kind = 'listing_message' and data ->> 'conversation_id' = $2`,
        [seller.id, conv, minutes],
      );
    // The bell stays one row per message.
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: n + 1, mailed: 0, mails: 0 });

    // Fresh messages may still be read in the app: nothing yet.
    await run();
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: n + 1, mailed: 0, mails: 0 });

    await sideboardRows(11);
    await run();
    await run();
    const mail = await latestMailTo(seller.email);
    expect(mail.Subject).toBe(`${n} new messages from Bea Buyer about "Teak sideboard"`);
    expect(mail.Text).toContain('The latest: Bea Buyer sent a message about "Teak sideboard"');
    expect(mail.Text).toContain(`Bea Buyer wrote:\n> ${n - 1} <a href="https://evil.test/login">`);
    // Their words are quoted and bounded, never markup of ours.
    expect(mail.Text).not.toContain('x'.repeat(400));
    expect(mail.HTML).not.toContain('<a href="https://evil.test');
    expect(mail.HTML).toContain('&lt;a href=&quot;https://evil.test/login&quot;&gt;');
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: n + 1, mailed: n, mails: 1 });

    // Within the hour, more from the same person (about another piece, too) waits, however old it gets.
    await age(seller.id, 'listing_message', 30);
    await run();
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: n + 1, mailed: n, mails: 1 });

    // An hour after the last mail, one more.
    await anHourLater(seller.id);
    await run();
    await run();
    await latestMailTo(seller.email, 30_000, { subject: 'Bea Buyer sent a message about "Teak lamp"' });
    expect(await subjects(seller.email)).toEqual([
      `${n} new messages from Bea Buyer about "Teak sideboard"`,
      'Bea Buyer sent a message about "Teak lamp"',
    ]);
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: n + 1, mailed: n + 1, mails: 2 });
  });

  it('a listing message read within 10 minutes is never mailed; one unread for 10 minutes is', async () => {
    const seller = await person('designer', 'Rita Reader');
    const buyer = await person('customer', 'Quinn Quick');
    const conv = await conversation(buyer.id, await piece(seller.id, 'Rattan chair'));
    await say(buyer.id, conv, 'Would you hold it until Friday?');
    await age(seller.id, 'listing_message', 5);
    await run();
    expect(await book(seller.id, 'listing_message')).toMatchObject({ mailed: 0 });
    // Read in the app at minute 5.
    expect((await as(seller.id, 'select public.mark_notifications_read() as n'))[0]!.n).toBe(1);
    await age(seller.id, 'listing_message', 60);
    await run();
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: 1, mailed: 0, mails: 0 });

    // The next one stays unread: mailed once it is 10 minutes old.
    await say(buyer.id, conv, 'Or Saturday?');
    await age(seller.id, 'listing_message', 9);
    await run();
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: 2, mailed: 0, mails: 0 });
    await age(seller.id, 'listing_message', 2);
    await run();
    const mail = await latestMailTo(seller.email);
    expect(mail.Subject).toBe('Quinn Quick sent a message about "Rattan chair"');
    expect(mail.Text).toContain('Quinn Quick wrote:\n> Or Saturday?');
    expect(await subjects(seller.email)).toHaveLength(1);
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: 2, mailed: 1, mails: 1 });
  });

  it('offers made, withdrawn and made again 200 times make one mail, then one digest an hour later', async () => {
    const seller = await person('designer', 'Otto Owner');
    const buyer = await person('customer', 'Max Maker');
    const item = await piece(seller.id, 'Walnut desk', 900);
    const offer = async (amount: number) =>
      (await as(buyer.id, 'select (public.make_offer($1, $2, $3)).id', [item, amount, 'Cash today?']))[0]!.id as string;
    const withdraw = (id: string) => as(buyer.id, 'select public.withdraw_offer($1)', [id]);

    await withdraw(await offer(500));
    await run();
    const first = await latestMailTo(seller.email);
    expect(first.Subject).toBe('Max Maker offered $500 for "Walnut desk"');
    const n = await flood(199, async (i) => {
      const id = await offer(501 + i);
      if (i < 198) await withdraw(id);
    });
    expect(await book(seller.id, 'offer_received')).toEqual({ rows: n + 1, mailed: 1, mails: 1 });
    await run();
    expect(await book(seller.id, 'offer_received')).toEqual({ rows: n + 1, mailed: 1, mails: 1 });

    await anHourLater(seller.id);
    await run();
    await run();
    const latest = `Max Maker offered $${500 + n} for "Walnut desk"`;
    const digest = await latestMailTo(seller.email, 30_000, {
      subject: n > 1 ? `${n} offers from Max Maker about "Walnut desk"` : latest,
    });
    if (n > 1) expect(digest.Text).toContain(`The latest: ${latest}`);
    expect(await subjects(seller.email)).toHaveLength(2);
    expect(await book(seller.id, 'offer_received')).toEqual({ rows: n + 1, mailed: n + 1, mails: 2 });
  });

  it('an item added and removed 200 times makes one mail per kind', async () => {
    const customer = await person('customer', 'Cara Client');
    const designer = await person('designer', 'Dev Designer');
    const p = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, $2, 'Sunroom', 'A room that needs furnishing', 'Portland, OR', 400, 1000000, 'soft', 'active')
       returning id`,
      [customer.id, designer.id],
    );
    for (let i = 0; i < 200; i++) {
      const [row] = await as(
        designer.id,
        `insert into public.project_items (project_id, name, description, cost, added_by)
         values ($1, 'Floor lamp', 'Brass, 150 cm', 120, $2) returning id`,
        [p.rows[0]!.id, designer.id],
      );
      await as(designer.id, 'delete from public.project_items where id = $1', [row!.id]);
    }
    await run();
    await run();
    await until(async () => (await subjects(customer.email)).length >= 2, 'the two digests');
    expect(await subjects(customer.email)).toEqual([
      '200 items added from Dev Designer about "Sunroom"',
      '200 items removed from Dev Designer about "Sunroom"',
    ]);
    expect(await book(customer.id, 'item_added')).toEqual({ rows: 200, mailed: 200, mails: 1 });
    expect(await book(customer.id, 'item_removed')).toEqual({ rows: 200, mailed: 200, mails: 1 });
  });
});

describe('one flood cannot delay others', () => {
  it("another recipient's receipt and nudge go out in the same run as a flood waiting for someone else", async () => {
    const flooded = await person('designer', 'Fred Flooded');
    const buyer = await person('customer', 'Rhea Receipt');
    const customer = await person('customer', 'Nell Nudger');
    const designer = await person('designer', 'Ned Nudged');
    // 300 mails waiting for one person since half an hour: 150 transactional (orders paid), 150 others, each about
    // another piece (so none folds into another).
    await c.query(
      `insert into public.notifications (user_id, kind, title, link, data, created_at)
       select $1, case when g % 2 = 0 then 'order_paid' else 'offer_received' end, 'Flood ' || g,
              '/good-stuff/' || x.item, jsonb_build_object('catalog_item_id', x.item), now() - interval '30 minutes'
         from generate_series(1, 300) g cross join lateral (select gen_random_uuid() as item) x`,
      [flooded.id],
    );
    // Then someone's receipt, and a nudge to someone else.
    await c.query(
      `insert into public.notifications (user_id, kind, title, body, link)
       values ($1, 'order_receipt', 'Receipt: you paid $85 for "Lamp"', 'Thank you.', '/orders/' || gen_random_uuid())`,
      [buyer.id],
    );
    const proj = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, 'Cozy den', 'A room that needs furnishing', 'Portland, OR', 400, 1000, 'soft', 'pending') returning id`,
      [customer.id],
    );
    await as(
      customer.id,
      'insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)',
      [customer.id, designer.id, proj.rows[0]!.id],
    );

    // One run (its batch is 100): both get their mail; the flooded person gets a few, not the batch.
    await run();
    const receipt = await latestMailTo(buyer.email);
    expect(receipt.Subject).toBe('Receipt: you paid $85 for "Lamp"');
    const nudge = await latestMailTo(designer.email);
    expect(nudge.Subject).toBe('Nell Nudger nudged you about "Cozy den"');
    const mailed = await c.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from public.notifications
        where user_id = $1 and mailed_at is not null group by kind`,
      [flooded.id],
    );
    // Transactional first: the flooded person's turn took 3 of their orders.
    expect(mailed.rows).toEqual([{ kind: 'order_paid', n: 3 }]);
  });
});

describe('two runs at once', () => {
  it('never claim one mail twice: a key claimed by one run is skipped by the other until it is mailed', async () => {
    const seller = await person('designer', 'Tess Twice');
    const buyer = await person('customer', 'Ray Racer');
    const item = await piece(seller.id, 'Oak bench', 300);
    for (let i = 0; i < 5; i++) {
      const [o] = await as(buyer.id, 'select (public.make_offer($1, $2)).id', [item, 100 + i]);
      await as(buyer.id, 'select public.withdraw_offer($1)', [o!.id]);
    }
    const a = await connect();
    const b = await connect();
    try {
      const mine = (rows: { id: string; user_id: string }[]) => rows.filter((r) => r.user_id === seller.id);
      await a.query('begin');
      const first = mine((await a.query('select * from public.claim_notification_mails(500)')).rows);
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({ kind: 'offer_received', folded_count: 5, folded_subjects: 1 });
      // While the first run's claim is not committed, the second one skips the key, even for an offer made since
      // (a row the first run has not locked).
      await as(buyer.id, 'select public.make_offer($1, $2)', [item, 150]);
      expect(mine((await b.query('select * from public.claim_notification_mails(500)')).rows)).toEqual([]);
      await a.query('commit');
      // Committed: the key is held.
      expect(mine((await b.query('select * from public.claim_notification_mails(500)')).rows)).toEqual([]);
      await a.query('select public.finish_notification_mail($1)', [first[0]!.id]);
      expect(await book(seller.id, 'offer_received')).toEqual({ rows: 6, mailed: 5, mails: 1 });
      expect(mine((await b.query('select * from public.claim_notification_mails(500)')).rows)).toEqual([]);
    } finally {
      await a.query('rollback').catch(() => undefined);
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('three runs of the function at once mail a flood once', async () => {
    const seller = await person('designer', 'Una Once');
    const buyer = await person('customer', 'Vic Volley');
    const conv = await conversation(buyer.id, await piece(seller.id, 'Pine dresser'));
    const n = await flood(50, (i) => say(buyer.id, conv, `Hi ${i}`));
    await age(seller.id, 'listing_message', 11);
    // A receipt for someone else in the same runs.
    const other = await person('customer', 'Wes Waiting');
    await c.query(
      `insert into public.notifications (user_id, kind, title, link)
       values ($1, 'order_receipt', 'Receipt: you paid $20 for "Stool"', '/orders/' || gen_random_uuid())`,
      [other.id],
    );
    await Promise.all([run(), run(), run()]);
    await latestMailTo(seller.email);
    await latestMailTo(other.email);
    await run();
    expect(await subjects(seller.email)).toEqual([
      n > 1
        ? `${n} new messages from Vic Volley about "Pine dresser"`
        : 'Vic Volley sent a message about "Pine dresser"',
    ]);
    expect(await subjects(other.email)).toEqual(['Receipt: you paid $20 for "Stool"']);
    expect(await book(seller.id, 'listing_message')).toEqual({ rows: n, mailed: n, mails: 1 });
  });
});
