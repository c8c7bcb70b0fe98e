import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFunction, type ServedFunction } from '@good-space/local-supabase';
import { clientAs, sleep, stackConfig } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Saved searches and their alerts (docs/find-it-first.md; the decisions in docs/decisions/0036-find-it-first.md):
 * who may keep and see them, the limits, matching when a piece is listed or relisted, price drops, a search tied
 * to a project's remaining budget, and the mail (instant, daily digest, off) through the real mail function.
 * Each search carries a word of its own (`tag`) in its words, or its owner is new, so other files never mix in.
 */
let c: pg.Client;
let worker: ServedFunction | undefined;
const people: string[] = [];
let seller: string;
let buyer: string;
const tag = 'zs' + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

// Denver; Boulder (~25 mi); Colorado Springs (~63 mi).
const DENVER = '39.7392,-104.9903';
const BOULDER = '40.0150,-105.2705';
const SPRINGS = '38.8339,-104.8214';

beforeAll(async () => {
  c = await connect();
  seller = await newPerson('designer', 'Sally Seller');
  buyer = await newPerson('customer', 'Bea Buyer', DENVER);
});
afterAll(async () => {
  await worker?.stop();
  await deleteUsers(c, people);
  await c.end();
});

async function newPerson(role: 'customer' | 'designer', fullName: string, location?: string): Promise<string> {
  const id = await createUser(c, { role, fullName, subscribe: role === 'designer' ? 'designer' : 'client' });
  people.push(id);
  if (location) {
    await c.query(`update public.${role}_profiles set location = $2 where user_id = $1`, [id, location]);
  }
  return id;
}

interface SearchArgs {
  name: string;
  words?: string | null;
  category?: string | null;
  min_price?: number | null;
  max_price?: number | null;
  conditions?: string[];
  within_miles?: number | null;
  email?: 'instant' | 'daily' | 'off';
  project_id?: string | null;
}
interface SavedSearch {
  id: string;
  user_id: string;
  name: string;
  max_price: number | null;
  min_price: number | null;
  latitude: number | null;
  project_id: string | null;
}

async function saveSearch(who: string, args: SearchArgs) {
  return (await clientAs(who)).rpc('save_search', {
    words: null,
    category: null,
    min_price: null,
    max_price: null,
    conditions: [],
    within_miles: null,
    email: 'instant',
    ...args,
  });
}
async function saved(who: string, args: SearchArgs): Promise<SavedSearch> {
  const { data, error } = await saveSearch(who, args);
  expect(error).toBeNull();
  return data as SavedSearch;
}

interface PieceArgs {
  title: string;
  price: number;
  category?: string;
  condition?: string;
  location?: string | null;
  by?: string;
  description?: string;
  status?: string;
  /** Leave the piece waiting for the job (pg_cron's run every 5 seconds, or a test's own) instead of running it. */
  waiting?: boolean;
}
async function list(p: PieceArgs): Promise<string> {
  const r = await c.query<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition, location, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      p.by ?? seller,
      p.title,
      p.description ?? `Listed for the saved-search tests (${tag})`,
      p.category ?? 'lighting',
      p.price,
      p.condition ?? 'good',
      p.location === undefined ? DENVER : p.location,
      p.status ?? 'available',
    ],
  );
  const id = r.rows[0]!.id;
  if (!p.waiting) await alertsSent(id);
  return id;
}

/**
 * A listing only queues the piece; the job send-search-alerts writes its alerts (pg_cron runs it every 5 seconds).
 * Runs the job as pg_cron does until the piece no longer waits: a run elsewhere holding it (SKIP LOCKED) is waited
 * out, so what the alerts are can be read at once after.
 */
async function alertsSent(id: string): Promise<void> {
  const deadline = Date.now() + 100_000; // only catches a hang: a busy machine must not fail it
  for (;;) {
    await c.query('select private.send_search_alerts()');
    const due = await c.query<{ last_error: string | null }>(
      'select last_error from private.search_alerts_due where catalog_item_id = $1',
      [id],
    );
    if (due.rows.length === 0) return;
    expect(due.rows[0]!.last_error).toBeNull();
    if (Date.now() > deadline) throw new Error(`piece ${id} still waits for its alerts`);
    await sleep(50);
  }
}
async function setStatus(id: string, status: string): Promise<void> {
  await c.query(`update public.catalog_items set status = $2 where id = $1`, [id, status]);
  await alertsSent(id);
}

interface Note {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  data: Record<string, unknown>;
  read_at: string | null;
  mail_next_attempt_at: string | null;
  mail_fold_key: string | null;
}
async function notes(who: string, kind: string): Promise<Note[]> {
  return (
    await c.query<Note>(
      `select id, kind, title, body, link, data, read_at, mail_next_attempt_at::text, mail_fold_key
         from public.notifications where user_id = $1 and kind = $2 order by created_at, id`,
      [who, kind],
    )
  ).rows;
}
const matchesFor = async (who: string, searchId: string) =>
  (await notes(who, 'search_match')).filter((n) => n.data.search_id === searchId);

describe('saving a search', () => {
  it('saves the filters with a name, copies the origin from the owner’s place and never hands it back', async () => {
    const s = await saved(buyer, {
      name: '  Lamps under $100  ',
      words: `${tag} lamp`,
      category: 'lighting',
      max_price: 100,
      within_miles: 25,
    });
    expect(s).toMatchObject({ name: 'Lamps under $100', max_price: 100, latitude: null, project_id: null });
    const { rows } = await c.query('select latitude, longitude, email, paused from public.saved_searches where id = $1', [
      s.id,
    ]);
    expect(rows[0]).toMatchObject({ email: 'instant', paused: false });
    expect(rows[0].latitude).toBeCloseTo(39.7392, 3);
    expect(rows[0].longitude).toBeCloseTo(-104.9903, 3);
    // The owner reads their searches, without the origin.
    const mine = await (await clientAs(buyer)).from('saved_searches').select('id, name, email').eq('id', s.id);
    expect(mine.data).toEqual([{ id: s.id, name: 'Lamps under $100', email: 'instant' }]);
    const origin = await (await clientAs(buyer)).from('saved_searches').select('latitude').eq('id', s.id);
    expect(origin.error?.code).toBe('42501');
  });

  it('refuses a distance without a place, a bad value, and a second search of the same name', async () => {
    const placeless = await newPerson('customer', 'No Place');
    const far = await saveSearch(placeless, { name: 'Near me', within_miles: 25 });
    expect(far.error).toMatchObject({ code: '23514', message: 'Add your location to your profile to search within a distance.' });
    expect((await saveSearch(placeless, { name: 'Odd', within_miles: 30 })).error?.code).toBe('23514');
    expect((await saveSearch(placeless, { name: 'Odd', conditions: ['mint'] })).error?.code).toBe('23514');
    expect((await saveSearch(placeless, { name: 'Odd', min_price: 50, max_price: 10 })).error?.code).toBe('23514');
    expect((await saveSearch(placeless, { name: 'Odd', email: 'weekly' as 'daily' })).error?.code).toBe('23514');
    expect((await saveSearch(placeless, { name: '   ' })).error?.code).toBe('23514');
    await saved(placeless, { name: 'Chairs' });
    expect((await saveSearch(placeless, { name: 'chairs ' })).error).toMatchObject({
      code: '23505',
      message: 'You already have a saved search called "chairs".',
    });
  });

  it('keeps each person to their own rows: others can neither see, change nor delete them', async () => {
    const s = await saved(buyer, { name: `Mine ${tag}` });
    const other = await newPerson('customer', 'Otto Other');
    const as = await clientAs(other);
    expect((await as.from('saved_searches').select('id').eq('id', s.id)).data).toEqual([]);
    expect((await as.from('saved_searches').update({ paused: true }).eq('id', s.id).select('id')).data).toEqual([]);
    expect((await as.from('saved_searches').delete().eq('id', s.id).select('id')).data).toEqual([]);
    const forged = await asActor(
      c,
      user(other),
      `insert into public.saved_searches (user_id, name) values ($1, 'Forged')`,
      [buyer],
    );
    expect(forged.code).toBe('42501');
    // The owner renames, pauses and sets the e-mail; nothing else is theirs to write.
    const me = await clientAs(buyer);
    const renamed = await me
      .from('saved_searches')
      .update({ name: `Renamed ${tag}`, paused: true, email: 'daily' })
      .eq('id', s.id)
      .select('name, paused, email');
    expect(renamed.data).toEqual([{ name: `Renamed ${tag}`, paused: true, email: 'daily' }]);
    expect((await me.from('saved_searches').update({ max_price: 1 }).eq('id', s.id)).error?.code).toBe('42501');
    expect(
      (await asActor(c, user(buyer), `update public.saved_searches set latitude = 0 where id = $1`, [s.id])).code,
    ).toBe('42501');
    expect((await me.from('saved_searches').delete().eq('id', s.id).select('id')).data).toEqual([{ id: s.id }]);
  });

  it('keeps at most 50 searches a person and 30 saves an hour', async () => {
    const keeper = await newPerson('customer', 'Kim Keeper');
    await c.query(
      `insert into public.saved_searches (user_id, name) select $1, 'Search ' || n from generate_series(1, 49) n`,
      [keeper],
    );
    await saved(keeper, { name: 'The fiftieth' });
    expect((await saveSearch(keeper, { name: 'One too many' })).error).toMatchObject({
      code: '23514',
      message: 'You can keep at most 50 saved searches.',
    });

    const hasty = await newPerson('customer', 'Harry Hasty');
    for (let i = 1; i <= 30; i += 1) await saved(hasty, { name: `Quick ${i}` });
    const refused = await saveSearch(hasty, { name: 'Quick 31' });
    expect(refused.error?.code).toBe('PT429');
    expect(refused.error?.message).toMatch(/^You're doing that too often\. Try again in \d+ minutes?\.$/);
  });
});

describe('matching a listed piece', () => {
  let search: SavedSearch;
  beforeAll(async () => {
    search = await saved(buyer, {
      name: `Lamps ${tag}`,
      words: `${tag} lamp`,
      category: 'lighting',
      max_price: 100,
      conditions: ['good', 'very_good'],
      within_miles: 25,
    });
  });

  it('alerts the owner of a matching search in the bell within seconds, with the piece and its price', async () => {
    expect((await c.query(`select schedule, command, active from cron.job where jobname = 'send-search-alerts'`)).rows)
      .toEqual([{ schedule: '5 seconds', command: 'select private.send_search_alerts()', active: true }]);
    // Left to pg_cron's own run of the job.
    const id = await list({ title: 'Brass lamp', price: 80, condition: 'very_good', location: BOULDER, waiting: true });
    const deadline = Date.now() + 100_000; // only catches a hang: a busy machine must not fail it
    while ((await matchesFor(buyer, search.id)).length === 0 && Date.now() < deadline) await sleep(100);
    const [n, ...more] = await matchesFor(buyer, search.id);
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      title: `New match for "Lamps ${tag}": Brass lamp, $80`,
      body: `Very good condition · ${BOULDER}`,
      link: `/good-stuff/${id}`,
      data: { search_id: search.id, item_id: id },
      mail_next_attempt_at: null,
      mail_fold_key: `search_match:${search.id}`,
    });
  });

  it('leaves out pieces outside any filter: category, price, condition, distance, no place, not listed', async () => {
    const before = (await matchesFor(buyer, search.id)).length;
    await list({ title: 'Lamp table', price: 80, category: 'table' });
    await list({ title: 'Big lamp', price: 100.01 });
    await list({ title: 'Worn lamp', price: 40, condition: 'fair' });
    await list({ title: 'Springs lamp', price: 40, location: SPRINGS });
    await list({ title: 'Placeless lamp', price: 40, location: null });
    await list({ title: 'Sold lamp', price: 40, status: 'sold' });
    expect((await matchesFor(buyer, search.id)).length).toBe(before);
  });

  it('reads the words as the search does: plurals, a prefix, accents', async () => {
    const prefixed = await saved(buyer, { name: `Prefix ${tag}`, words: `${tag} lam` });
    await list({ title: 'Lámps, a pair', price: 60 });
    expect((await matchesFor(buyer, prefixed.id)).map((n) => n.title)).toEqual([
      `New match for "Prefix ${tag}": Lámps, a pair, $60`,
    ]);
  });

  it('never alerts the seller’s own search, a paused search, or across a block', async () => {
    const own = await saved(seller, { name: `Own ${tag}`, words: `${tag} vase` });
    const paused = await saved(buyer, { name: `Paused ${tag}`, words: `${tag} vase` });
    await (await clientAs(buyer)).from('saved_searches').update({ paused: true }).eq('id', paused.id);
    const blocker = await newPerson('customer', 'Blair Blocker');
    const blocked = await saved(blocker, { name: 'Vases', words: `${tag} vase` });
    expect((await asActor(c, user(blocker), `insert into public.blocks (blocked_id) values ($1)`, [seller])).ok).toBe(true);
    const blockedBy = await newPerson('customer', 'Bo Blocked');
    const blockedBySeller = await saved(blockedBy, { name: 'Vases', words: `${tag} vase` });
    expect((await asActor(c, user(seller), `insert into public.blocks (blocked_id) values ($1)`, [blockedBy])).ok).toBe(
      true,
    );
    const open = await saved(buyer, { name: `Vases ${tag}`, words: `${tag} vase` });
    await list({ title: 'Green bowl', price: 30, category: 'decor' }); // other words
    expect(await matchesFor(buyer, open.id)).toEqual([]);

    await list({ title: 'Green vase', price: 30, category: 'decor' });
    expect(await matchesFor(seller, own.id)).toEqual([]);
    expect(await matchesFor(buyer, paused.id)).toEqual([]);
    expect(await matchesFor(blocker, blocked.id)).toEqual([]);
    expect(await matchesFor(blockedBy, blockedBySeller.id)).toEqual([]);
    expect(await matchesFor(buyer, open.id)).toHaveLength(1);
  });

  it('alerts again when a piece is relisted, once per search and piece', async () => {
    const s = await saved(buyer, { name: `Mirrors ${tag}`, words: `${tag} mirror` });
    const id = await list({ title: 'Round mirror', price: 90, category: 'decor', status: 'delisted' });
    expect(await matchesFor(buyer, s.id)).toEqual([]);
    await setStatus(id, 'available');
    expect(await matchesFor(buyer, s.id)).toHaveLength(1);
    await setStatus(id, 'delisted');
    await setStatus(id, 'available');
    // Edits of a listed piece are not a new listing.
    await c.query(`update public.catalog_items set title = 'Round mirror, large' where id = $1`, [id]);
    await alertsSent(id);
    expect(await matchesFor(buyer, s.id)).toHaveLength(1);
  });

  it('alerts nobody for a piece no longer listed when the job runs', async () => {
    const s = await saved(buyer, { name: `Sconces ${tag}`, words: `${tag} sconce` });
    await c.query('begin');
    const id = await list({ title: 'Brass sconce', price: 45, waiting: true });
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [id]);
    await c.query('commit');
    await alertsSent(id);
    expect(await matchesFor(buyer, s.id)).toEqual([]);
  });

  it('alerts a search once per piece when two runs of the job go at once', async () => {
    const s = await saved(buyer, { name: `Screens ${tag}`, words: `${tag} screen` });
    const ids = [
      await list({ title: 'Folding screen', price: 70, category: 'decor', waiting: true }),
      await list({ title: 'Paper screen', price: 50, category: 'decor', waiting: true }),
    ];
    const a = await connect();
    const b = await connect();
    try {
      // One run holds the pieces it took, uncommitted; the other goes meanwhile and passes them by, not waiting.
      await a.query('begin');
      await a.query('select private.send_search_alerts()');
      await b.query('select private.send_search_alerts()');
      await a.query('commit');
      // Then both at once, the pieces waiting again as a relisting leaves them.
      await c.query(
        `insert into private.search_alerts_due (catalog_item_id) select unnest($1::uuid[]) on conflict do nothing`,
        [ids],
      );
      await Promise.all([
        a.query('select private.send_search_alerts()'),
        b.query('select private.send_search_alerts()'),
      ]);
    } finally {
      await a.end();
      await b.end();
    }
    for (const id of ids) await alertsSent(id);
    const told = await matchesFor(buyer, s.id);
    expect(told.map((n) => n.data.item_id).sort()).toEqual([...ids].sort());
    const recorded = await c.query<{ n: number }>(
      'select count(*)::int as n from private.saved_search_matches where search_id = $1',
      [s.id],
    );
    expect(recorded.rows[0]!.n).toBe(2);
  });

  it('tells a search at most 20 pieces a day, so a bulk lister cannot flood', async () => {
    const s = await saved(buyer, { name: `Stools ${tag}`, words: `${tag} stool` });
    for (let i = 1; i <= 22; i += 1) await list({ title: `Stool ${i}`, price: 20, category: 'chair' });
    expect(await matchesFor(buyer, s.id)).toHaveLength(20);
  });
});

describe('price drops', () => {
  it('tells each person who saved the piece, not its seller; a second drop updates the unread notice', async () => {
    const saver = await newPerson('customer', 'Sam Saver');
    const id = await list({ title: 'Teak sideboard', price: 220, category: 'cabinet' });
    await c.query(`insert into public.saved_items (user_id, catalog_item_id) values ($1, $2), ($3, $2)`, [
      saver,
      id,
      seller,
    ]);
    await c.query(`update public.catalog_items set price = 250 where id = $1`, [id]); // up: nothing
    expect(await notes(saver, 'price_drop')).toEqual([]);
    await c.query(`update public.catalog_items set price = 220 where id = $1`, [id]);
    let [n, ...more] = await notes(saver, 'price_drop');
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      title: 'The teak sideboard you saved is now $220, was $250',
      link: `/good-stuff/${id}`,
      data: { item_id: id, old_price: 250, new_price: 220 },
    });
    await c.query(`update public.catalog_items set price = 180 where id = $1`, [id]);
    [n, ...more] = await notes(saver, 'price_drop');
    expect(more).toEqual([]);
    expect(n).toMatchObject({ title: 'The teak sideboard you saved is now $180, was $250' });
    expect(n!.data).toMatchObject({ old_price: 250, new_price: 180 });
    // Read: the next drop is a new notice.
    await c.query(`update public.notifications set read_at = now() where id = $1`, [n!.id]);
    await c.query(`update public.catalog_items set price = 150 where id = $1`, [id]);
    expect((await notes(saver, 'price_drop')).map((x) => x.title)).toEqual([
      'The teak sideboard you saved is now $180, was $250',
      'The teak sideboard you saved is now $150, was $180',
    ]);
    expect(await notes(seller, 'price_drop')).toEqual([]);
    // Up and down again to a price the saver was already told of, or above it, is no news.
    await c.query(`update public.catalog_items set price = 300 where id = $1`, [id]);
    await c.query(`update public.catalog_items set price = 160 where id = $1`, [id]);
    expect(await notes(saver, 'price_drop')).toHaveLength(2);
    // A sold piece's price is no news.
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [id]);
    await c.query(`update public.catalog_items set price = 100 where id = $1`, [id]);
    expect(await notes(saver, 'price_drop')).toHaveLength(2);
  });
});

describe('a search tied to a project', () => {
  it('takes the project’s place and remaining budget and follows it as items are added and removed', async () => {
    const customer = await newPerson('customer', 'Cora Customer');
    const designer = await newPerson('designer', 'Dee Designer');
    const stranger = await newPerson('designer', 'Stan Stranger');
    const { rows } = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
       values ($1, $2, 'Living room', 'A room that needs furnishing', $3, 400, 1000, 'active') returning id`,
      [customer, designer, BOULDER],
    );
    const project = rows[0]!.id;
    const s = await saved(customer, { name: 'For the living room', max_price: 5000, within_miles: 25, project_id: project });
    expect(s).toMatchObject({ project_id: project, max_price: 1000, latitude: null });
    const ours = await c.query('select latitude from public.saved_searches where id = $1', [s.id]);
    expect(ours.rows[0].latitude).toBeCloseTo(40.015, 3);

    await c.query(`insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Sofa', 700, $2)`, [
      project,
      customer,
    ]);
    const max = async () =>
      Number((await c.query('select max_price from public.saved_searches where id = $1', [s.id])).rows[0].max_price);
    expect(await max()).toBe(300);
    await c.query(`insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Rug', 400, $2)`, [
      project,
      customer,
    ]);
    expect(await max()).toBe(0);
    await c.query(`delete from public.project_items where project_id = $1 and name = 'Rug'`, [project]);
    expect(await max()).toBe(300);

    // The assigned designer may tie one; nobody else.
    expect((await saved(designer, { name: 'Living room finds', project_id: project })).max_price).toBe(300);
    expect((await saveSearch(stranger, { name: 'Not mine', project_id: project })).error).toMatchObject({
      code: '42501',
      message: "Only the project's customer or its designer can tie a search to it.",
    });
  });
});

describe('the mail: instant, daily digest, off', () => {
  beforeAll(async () => {
    // The mail queue is one for the whole database: the files that run the mail job take turns
    // (tests/database/mail-fairness.test.ts), and earlier files' notifications are not this file's.
    await c.query(`select pg_advisory_lock(hashtext('tests: notification mail job'))`);
    await c.query('update public.notifications set mailed_at = now() where mailed_at is null');
    worker = serveFunction(stackConfig, {
      name: 'send-notification-mails',
      dir: path.join(stackConfig.projectDir, 'supabase', 'functions', 'send-notification-mails'),
      secrets: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(stackConfig.smtpPort), SITE_URL: 'https://goodspace.test' },
    });
    await worker.ready;
  }, 300_000);

  async function run(): Promise<void> {
    const port = await worker!.ready;
    const res = await fetch(`http://127.0.0.1:${port}/send-notification-mails`, {
      method: 'POST',
      headers: { apikey: stackConfig.secretKey, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
  }
  /** The subjects of the inbox's mails to an address. */
  async function subjects(email: string): Promise<string[]> {
    const res = await fetch(
      `${stackConfig.inboxUrl}/api/v1/search?limit=1000&query=${encodeURIComponent(`to:${email}`)}`,
    );
    const found = (await res.json()) as { messages: { Subject: string; To: { Address: string }[] }[] };
    return found.messages
      .filter((m) => m.To.some((t) => t.Address.toLowerCase() === email.toLowerCase()))
      .map((m) => m.Subject)
      .sort();
  }
  /** Waits until the inbox holds exactly these subjects for the address (mail arrives after the run answers). */
  async function inboxHolds(email: string, expected: string[]): Promise<void> {
    const deadline = Date.now() + 100_000; // only catches a hang: a busy machine must not fail it
    let last: string[] = [];
    while (Date.now() < deadline) {
      last = await subjects(email);
      if (JSON.stringify(last) === JSON.stringify(expected)) return;
      await sleep(100);
    }
    expect(last).toEqual(expected);
  }
  const emailOf = async (id: string) =>
    (await c.query<{ email: string }>('select email from auth.users where id = $1', [id])).rows[0]!.email;

  it('mails an instant match at once, folds a person’s daily matches into one digest a day later, never mails off', async () => {
    const reader = await newPerson('customer', 'Rita Reader', DENVER);
    const instant = await saved(reader, { name: 'Clocks now', words: `${tag} clock` });
    const daily1 = await saved(reader, { name: 'Rugs daily', words: `${tag} rug`, email: 'daily' });
    const daily2 = await saved(reader, { name: 'Baskets daily', words: `${tag} basket`, email: 'daily' });
    const off = await saved(reader, { name: 'Trays quietly', words: `${tag} tray`, email: 'off' });

    await list({ title: 'Wall clock', price: 40, category: 'decor' });
    await list({ title: 'Wool rug', price: 90, category: 'decor' });
    await list({ title: 'Woven basket', price: 25, category: 'decor' });
    await list({ title: 'Brass tray', price: 15, category: 'decor' });

    const [rug] = await matchesFor(reader, daily1.id);
    const [basket] = await matchesFor(reader, daily2.id);
    const [tray] = await matchesFor(reader, off.id);
    expect(rug!.mail_fold_key).toBe('search_match:daily');
    expect(basket!.mail_next_attempt_at).toBe(rug!.mail_next_attempt_at);
    const due = Date.parse(rug!.mail_next_attempt_at!);
    expect(due - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(tray!.mail_next_attempt_at).toBe('infinity');

    await run();
    const email = await emailOf(reader);
    await inboxHolds(email, [`New match for "Clocks now": Wall clock, $40`]);
    expect((await matchesFor(reader, instant.id))[0]).toBeDefined();

    // A day later (the digest's time moved into the past, not waited for): one mail for both daily matches.
    await c.query(
      `update public.notifications set mail_next_attempt_at = now() - interval '1 minute'
        where user_id = $1 and mail_fold_key = 'search_match:daily'`,
      [reader],
    );
    await run();
    await inboxHolds(email, ['2 new matches for your saved searches', `New match for "Clocks now": Wall clock, $40`]);
    const { rows } = await c.query<{ mailed: number; unmailed: number }>(
      `select count(*) filter (where mailed_at is not null)::int as mailed,
              count(*) filter (where mailed_at is null)::int as unmailed
         from public.notifications where user_id = $1 and kind = 'search_match'`,
      [reader],
    );
    expect(rows[0]).toEqual({ mailed: 3, unmailed: 1 });
  });

  it('a search switched to daily or off takes its matches not yet mailed with it', async () => {
    const switcher = await newPerson('customer', 'Sid Switch');
    const s = await saved(switcher, { name: 'Benches', words: `${tag} bench`, email: 'daily' });
    await list({ title: 'Oak bench', price: 70, category: 'table' });
    const me = await clientAs(switcher);
    await me.from('saved_searches').update({ email: 'off' }).eq('id', s.id);
    expect((await matchesFor(switcher, s.id))[0]).toMatchObject({ mail_next_attempt_at: 'infinity' });
    await me.from('saved_searches').update({ email: 'instant' }).eq('id', s.id);
    expect((await matchesFor(switcher, s.id))[0]).toMatchObject({
      mail_next_attempt_at: null,
      mail_fold_key: `search_match:${s.id}`,
    });
  });
});
