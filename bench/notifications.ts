// Notifications (docs/decisions/0025-notifications.md), two figures:
// 1. Event to bell: a customer's message, sent through /rest/v1 as that customer, until the designer's browser
//    has both the notification (Realtime, filtered to their own rows, RLS checked per subscriber) and the new
//    unread count (rpc unread_notification_count, as the bell reads it). Goal p95 ≤ 1 s.
// 2. What the notification trigger adds to a message insert at 1,000 inserts a second: the same schedule of
//    inserts through /rest/v1 with the trigger on and off (alternating runs), compared by mean and p95 round trip,
//    and the database's own time per insert either way. Goal ≤ 10%.
// A report, not a test. Used by bench/stack.ts (`npm run bench:stack`); alone: `npx tsx bench/notifications.ts`.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SignJWT } from 'jose';
import pg from 'pg';
import { DEFAULT_JWT_SECRET, startIsolatedStack } from '@good-space/local-supabase';
import { percentile } from './stats.ts';

type Common = { apiUrl: string; dbUrl: string; publishableKey: string; config?: { jwtSecret: string } };
type Pair = { customer: string; designer: string; project: string };

const PAIRS = 20;
const EMAIL_DOMAIN = 'notif-bench.test';

/** Customers and designers (through auth.users, so the sign-up trigger makes their profiles), an active project each. */
async function createPairs(db: pg.Client, n: number): Promise<Pair[]> {
  const pairs: Pair[] = Array.from({ length: n }, () => ({
    customer: randomUUID(),
    designer: randomUUID(),
    project: randomUUID(),
  }));
  const people = pairs.flatMap((p, i) => [
    { id: p.customer, role: 'customer', name: `Bench Customer ${i}` },
    { id: p.designer, role: 'designer', name: `Bench Designer ${i}` },
  ]);
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change,
                             email_change_token_current, phone_change, phone_change_token, reauthentication_token,
                             is_sso_user, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated',
            p.id || '@${EMAIL_DOMAIN}', '', now(), '{"provider":"email","providers":["email"]}'::jsonb,
            jsonb_build_object('full_name', p.name, 'role', p.role, 'email_verified', true), now(), now(),
            '', '', '', '', '', '', '', '', false, false
       from jsonb_to_recordset($1::jsonb) as p(id uuid, role text, name text)`,
    [JSON.stringify(people)],
  );
  await db.query(
    `insert into public.projects (id, customer_id, designer_id, title, description, location, space_size, budget,
                                  budget_type, status)
     select p.project, p.customer, p.designer, 'Bench room', 'A room for the notification benchmark.', 'Portland, OR',
            300, 5000, 'soft', 'active'
       from jsonb_to_recordset($1::jsonb) as p(customer uuid, designer uuid, project uuid)`,
    [JSON.stringify(pairs)],
  );
  return pairs;
}

async function removePairs(db: pg.Client): Promise<void> {
  // Profiles, projects, messages and notifications go with the users (on delete cascade).
  await db.query(`delete from auth.users where email like '%@${EMAIL_DOMAIN}'`);
}

function token(secret: Uint8Array, sub: string): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);
}

/**
 * The designers' browsers, in a worker thread (they stand for other machines; their parsing must not queue on
 * the event loop of the stack being measured). Each joins `notifications:<id>` for its own rows, as the bell does,
 * and on each new row reads the unread count through /rest/v1; it reports commit → event and commit → count.
 */
const BELLS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.wsPath);
const { wsUrl, restUrl, publishableKey, bells } = workerData;
const COMMIT_TS = /"commit_timestamp":"([^"]+)"/;
const toEvent = [], toCount = [];
const sockets = [];
let pending = 0;
function join(bell) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    sockets.push(ws);
    ws.on('error', reject);
    ws.on('message', async (data) => {
      const text = data.toString();
      if (text.includes('"postgres_changes",{"data"')) {
        const ts = COMMIT_TS.exec(text);
        if (!ts) return;
        const committed = Date.parse(ts[1]);
        toEvent.push(Date.now() - committed);
        pending++;
        try {
          const r = await fetch(restUrl + '/rpc/unread_notification_count', {
            method: 'POST',
            headers: { apikey: publishableKey, Authorization: 'Bearer ' + bell.token, 'Content-Type': 'application/json' },
            body: '{}',
          });
          await r.text();
          if (r.ok) toCount.push(Date.now() - committed);
        } finally {
          pending--;
        }
      } else if (text.includes('"system"')) {
        if (text.includes('Subscribed to PostgreSQL')) resolve(); else reject(new Error(text));
      }
    });
    ws.on('open', () => ws.send(JSON.stringify(['1', '1', 'realtime:notifications:' + bell.id, 'phx_join', {
      config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false },
                postgres_changes: [{ event: '*', schema: 'public', table: 'notifications', filter: 'user_id=eq.' + bell.id }],
                private: false },
      access_token: bell.token,
    }])));
  });
}
(async () => {
  try {
    for (const b of bells) await join(b);
    parentPort.postMessage({ type: 'ready' });
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: String((err && err.message) || err) });
  }
})();
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ type: 'count', counted: toCount.length, pending });
  if (m === 'collect') {
    parentPort.postMessage({ type: 'result', toEvent, toCount });
    for (const ws of sockets) ws.terminate();
  }
});
`;

type Reply =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'count'; counted: number; pending: number }
  | { type: 'result'; toEvent: number[]; toCount: number[] };

function ask(worker: Worker, question: 'count' | 'collect', answer: Reply['type']): Promise<Reply> {
  return new Promise((resolve) => {
    const on = (m: Reply) => {
      if (m.type !== answer) return;
      worker.off('message', on);
      resolve(m);
    };
    worker.on('message', on);
    worker.postMessage(question);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Messages sent as customers through /rest/v1 at `perSecond`, each notifying one designer's bell. */
async function eventToBell(common: Common, pairs: Pair[], secret: Uint8Array, perSecond = 10, seconds = 10) {
  const bells = await Promise.all(pairs.map(async (p) => ({ id: p.designer, token: await token(secret, p.designer) })));
  const customerTokens = await Promise.all(pairs.map((p) => token(secret, p.customer)));
  const worker = new Worker(BELLS_WORKER, {
    eval: true,
    workerData: {
      wsPath: createRequire(import.meta.url).resolve('ws'),
      wsUrl: `${common.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(common.publishableKey)}&vsn=2.0.0`,
      restUrl: `${common.apiUrl}/rest/v1`,
      publishableKey: common.publishableKey,
      bells,
    },
  });
  try {
    const ready = await Promise.race([
      new Promise<Reply>((resolve) => worker.once('message', resolve)),
      sleep(60_000).then((): Reply => ({ type: 'error', message: 'bells did not subscribe within 60 s' })),
    ]);
    if (ready.type === 'error') throw new Error(ready.message);
    const total = perSecond * seconds;
    const start = performance.now();
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / perSecond - performance.now();
      if (wait > 0) await sleep(wait);
      const k = i % pairs.length;
      sends.push(
        fetch(`${common.apiUrl}/rest/v1/messages`, {
          method: 'POST',
          headers: {
            apikey: common.publishableKey,
            Authorization: `Bearer ${customerTokens[k]}`,
            'Content-Type': 'application/json',
            Prefer: 'return=minimal',
          },
          body: JSON.stringify({ project_id: pairs[k]!.project, content: `Bench message ${i}` }),
        }).then(async (r) => {
          if (!r.ok) throw new Error(`message insert: ${r.status} ${await r.text()}`);
        }),
      );
    }
    await Promise.all(sends);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const c = (await ask(worker, 'count', 'count')) as Extract<Reply, { type: 'count' }>;
      if (c.counted >= total && c.pending === 0) break;
      await sleep(50);
    }
    const r = (await ask(worker, 'collect', 'result')) as Extract<Reply, { type: 'result' }>;
    return { total, toEvent: r.toEvent, toCount: r.toCount };
  } finally {
    await worker.terminate();
  }
}

/**
 * Customers' browsers sending messages through /rest/v1 on a fixed schedule, in a worker thread (bench:stack runs
 * the stack in this process: the senders must not queue on its event loop). Reports each insert's round trip.
 */
const SENDERS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { restUrl, publishableKey, senders, perSecond, seconds } = workerData;
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const url = new URL(restUrl + '/messages');
function post(s, i) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ project_id: s.project, content: 'Load ' + i });
    const t0 = performance.now();
    const req = http.request({ agent, method: 'POST', hostname: url.hostname, port: url.port, path: url.pathname,
      headers: { apikey: publishableKey, Authorization: 'Bearer ' + s.token, 'Content-Type': 'application/json',
                 Prefer: 'return=minimal', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 201 ? resolve(performance.now() - t0) : reject(new Error('status ' + res.statusCode))));
    });
    req.on('error', reject);
    req.end(body);
  });
}
(async () => {
  try {
    const total = perSecond * seconds, times = [], pending = [];
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(post(senders[i % senders.length], i).then((ms) => times.push(ms)));
    }
    await Promise.all(pending);
    parentPort.postMessage({ times, rate: total / ((performance.now() - start) / 1000) });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
})();
`;

function restRun(
  common: Common,
  senders: { token: string; project: string }[],
  perSecond: number,
  seconds: number,
): Promise<{ times: number[]; rate: number }> {
  const worker = new Worker(SENDERS_WORKER, {
    eval: true,
    workerData: { restUrl: `${common.apiUrl}/rest/v1`, publishableKey: common.publishableKey, senders, perSecond, seconds },
  });
  return new Promise<{ times: number[]; rate: number }>((resolve, reject) => {
    worker.once('message', (m: { times: number[]; rate: number } | { error: string }) =>
      'error' in m ? reject(new Error(`message inserts: ${m.error}`)) : resolve(m),
    );
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

/** The database's own time for 5,000 message inserts in one statement, per insert (no network, no commits). */
async function databaseMicros(db: pg.Client, pair: Pair): Promise<number> {
  const t0 = performance.now();
  await db.query(
    `do $$ begin for i in 1..5000 loop
       insert into public.messages (project_id, sender_id, content) values ('${pair.project}', '${pair.customer}', 'Loop ' || i);
     end loop; end $$`,
  );
  return ((performance.now() - t0) / 5000) * 1000;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Trigger on, then off, twice over (alternating, so drift in the machine's load hits both alike). */
async function triggerOverhead(
  common: Common,
  db: pg.Client,
  pairs: Pair[],
  secret: Uint8Array,
  perSecond = 1000,
  seconds = 5,
) {
  const senders = await Promise.all(
    pairs.map(async (p) => ({ token: await token(secret, p.customer), project: p.project })),
  );
  const rest = { on: [] as number[], off: [] as number[], rates: [] as number[] };
  const inDb = { on: [] as number[], off: [] as number[] };
  const setTrigger = (on: boolean) =>
    db.query(`alter table public.messages ${on ? 'enable' : 'disable'} trigger messages_notify`);
  try {
    await restRun(common, senders, perSecond, 1); // warm-up, not counted
    for (let round = 0; round < 2; round++) {
      for (const on of [true, false]) {
        await setTrigger(on);
        const r = await restRun(common, senders, perSecond, seconds);
        rest[on ? 'on' : 'off'].push(...r.times);
        rest.rates.push(r.rate);
        inDb[on ? 'on' : 'off'].push(await databaseMicros(db, pairs[0]!));
      }
    }
  } finally {
    await setTrigger(true);
  }
  return {
    perSecond,
    achieved: Math.min(...rest.rates),
    rest: {
      on: { mean: mean(rest.on), p95: percentile(rest.on, 95) },
      off: { mean: mean(rest.off), p95: percentile(rest.off, 95) },
    },
    inDb: { on: mean(inDb.on), off: mean(inDb.off) },
  };
}

export async function benchSection(common: Common): Promise<{ title: string; lines: string[] }> {
  const secret = new TextEncoder().encode(common.config?.jwtSecret ?? DEFAULT_JWT_SECRET);
  const db = new pg.Client({ connectionString: common.dbUrl });
  await db.connect();
  try {
    await removePairs(db);
    const pairs = await createPairs(db, PAIRS);
    const bell = await eventToBell(common, pairs, secret);
    // At the goal's rate, and at one the stack sustains with room to spare (where queueing does not multiply the
    // extra work into latency).
    const costs = [
      await triggerOverhead(common, db, pairs, secret, 1000),
      await triggerOverhead(common, db, pairs, secret, 250),
    ];
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const extra = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)}%`;
    return {
      title:
        'Notifications: event to bell (goal p95 ≤ 1 s) and the trigger on a message insert (goal ≤ 10% at 1,000/s)',
      lines: [
        `Event to bell, ${bell.total} messages sent through /rest/v1 at 10/s to ${PAIRS} designers' bells (Realtime filtered to their rows, RLS):`,
        `commit → notification event p50 ${ms(percentile(bell.toEvent, 50))}, p95 ${ms(percentile(bell.toEvent, 95))}; ` +
          `commit → unread count read p50 ${ms(percentile(bell.toCount, 50))}, p95 ${ms(percentile(bell.toCount, 95))} ` +
          `(${bell.toCount.length} of ${bell.total} counted)`,
        ...costs.flatMap((cost) => [
          `Message inserts sent through /rest/v1 as the customers at ${cost.perSecond}/s (achieved ≥ ${Math.round(cost.achieved)}/s), 2 × 5 s each way, alternating: ` +
            `trigger on: mean ${cost.rest.on.mean.toFixed(2)} ms, p95 ${cost.rest.on.p95.toFixed(2)} ms; ` +
            `off: mean ${cost.rest.off.mean.toFixed(2)} ms, p95 ${cost.rest.off.p95.toFixed(2)} ms; ` +
            `extra ${extra(cost.rest.on.mean, cost.rest.off.mean)} (mean), ${extra(cost.rest.on.p95, cost.rest.off.p95)} (p95)`,
        ]),
        `In the database alone (5,000 inserts in one statement, no network or commit): ` +
          `${costs[0]!.inDb.on.toFixed(0)} µs per insert with the trigger, ${costs[0]!.inDb.off.toFixed(0)} µs without`,
      ],
    };
  } finally {
    await removePairs(db).catch(() => undefined);
    await db.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  (async () => {
    const own = await startIsolatedStack({ name: 'bench-notifications' });
    try {
      const s = await benchSection({ ...own.config, config: own.config });
      console.log(`${s.title}\n${s.lines.join('\n')}`);
    } finally {
      await own.stop();
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
