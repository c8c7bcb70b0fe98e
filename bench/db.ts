// `npm run bench:db`: every database call the app makes, on a large synthetic dataset, through /rest/v1 as
// a signed-in user with RLS on: p50/p95 per call and the plan of each (Seq Scans of big tables flagged).
// Printed and written to docs/benchmarks.md. A report, not a test: nothing here passes or fails on a number.
//
// BENCH_DB_PORT_BASE (default 58100), BENCH_DB_REPS (default 100 per read, 30 per write),
// BENCH_DB_SCALE (default 1: 10,000 designers, 100,000 projects, 1,000,000 messages, …).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import ws from 'ws';
import { dbDirOf, loadConfig, startStack } from '@good-space/local-supabase';
import { loadPlaces } from '../scripts/places/load-places.ts';
import { writePublicApiUrl } from '../scripts/lib/public-api-url.mjs';
import { FULL_SIZE, loadDataset, tableCounts, type Actors, type DatasetSize } from './db/dataset.ts';
import { captureCall, explainCall, type CapturedCall, type PlanReport } from './db/plans.ts';
import { buildQueries, FAR_ORIGIN, MARKET_SEARCH, NEAR_ORIGIN, type Actor, type BenchQuery, type DistanceList, type Pools } from './db/queries.ts';
import { loadavg, watchMachine } from './machine.ts';
import { writeSection } from './report.ts';
import { percentile } from './stats.ts';

const BASE = Number(process.env.BENCH_DB_PORT_BASE ?? 58100);
const READ_REPS = Number(process.env.BENCH_DB_REPS ?? 100);
const WRITE_REPS = Math.max(10, Math.round(READ_REPS * 0.3));
const WARMUP = 10;
const SCALE = Number(process.env.BENCH_DB_SCALE ?? 1);
const GOAL_MS = 20;
const BIG_TABLE = 10_000;

const nodeOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
};

const log = (m: string) => console.log(`[bench:db] ${m}`);

function scaled(size: DatasetSize, f: number): DatasetSize {
  if (f === 1) return size;
  const r = (n: number) => Math.max(100, Math.round(n * f));
  return { ...size, designers: r(size.designers), customers: r(size.customers), projects: r(size.projects), messages: r(size.messages),
    items: r(size.items), catalog: r(size.catalog), savedSearches: r(size.savedSearches), hotMessages: Math.max(200, Math.round(size.hotMessages * Math.min(1, f * 10))) };
}

async function signIn(apiUrl: string, publishableKey: string, email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(apiUrl, publishableKey, nodeOptions);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return client;
}

/** An access token as Auth issues one for `sub` after a password sign-in (HS256, aal1, one hour). */
async function accessToken(secret: string, sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', aal: 'aal1', amr: [{ method: 'password', timestamp: now }], is_anonymous: false })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

async function pools(dbUrl: string, a: Actors, n: number): Promise<Pools> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const rows = async <T>(sql: string) => (await c.query(sql)).rows as T[];
    // A fresh sender for each nudge (one of the dataset's customers with a membership and a pending project):
    // one sender would meet the limit of 20 nudges an hour (docs/product.md, Limits) and measure the refusal.
    const nudgeSenders = await rows<{ id: string; email: string; project_id: string }>(
      `select u.id, u.email, p.id as project_id from auth.users u
         join public.subscriptions s on s.user_id = u.id and s.plan = 'client' and s.status = 'active' and s.current_period_end > now()
         join lateral (select p.id from public.projects p where p.customer_id = u.id and p.status = 'pending'
                        order by p.created_at desc limit 1) p on true
        where u.email like 'bench-c%@bench.test' and u.id not in ('${a.customer.id}', '${a.acceptor.id}', '${a.reviewer.id}')
        order by u.id limit ${n}`);
    return {
      acceptBids: (await rows<{ id: string }>(
        `select distinct on (b.project_id) b.id from public.project_bids b join public.projects p on p.id = b.project_id
          where p.customer_id = '${a.acceptor.id}' and p.status = 'pending' order by b.project_id, b.created_at limit ${n}`)).map((r) => r.id),
      reviewProjects: await rows<{ id: string; designer_id: string }>(
        `select id, designer_id from public.projects p where customer_id = '${a.reviewer.id}' and status = 'completed'
            and not exists (select 1 from public.reviews r where r.project_id = p.id) order by created_at limit ${n}`),
      openProjects: (await rows<{ id: string }>(
        `select p.id from public.projects p where p.status = 'pending' and p.designer_id is null and p.customer_id <> '${a.designer.id}'
            and not exists (select 1 from public.project_bids b where b.project_id = p.id and b.designer_id = '${a.designer.id}')
          order by p.created_at desc limit ${n}`)).map((r) => r.id),
      // Where the designer's 19th page of open projects ends (the app pages by keyset: page 20 starts after it).
      openPage20After: (await rows<{ created_at: string; id: string }>(
        `select to_json(created_at) #>> '{}' as created_at, id from public.projects
          where status = 'pending' and designer_id is null order by created_at desc, id desc offset 455 limit 1`))[0]!,
      messagesPage101After: (await rows<{ created_at: string; id: string }>(
        `select to_json(created_at) #>> '{}' as created_at, id from public.messages
          where project_id = '${a.hotProject}' order by created_at desc, id desc offset 2999 limit 1`))[0]!,
      page5After: await page5Cursors(rows, a.designer.id),
      denverPlace: (await rows<{ id: string }>(
        `select id from public.places where label = 'Denver, CO' order by population desc, id limit 1`))[0]!.id,
      listers: (await rows<{ designer_id: string }>(
        `select distinct designer_id from public.nearby_catalog_items(${NEAR_ORIGIN.lat}, ${NEAR_ORIGIN.lng}, 50, null, null, null, 24)`))
        .map((r) => r.designer_id),
      searchPage20After: await searchCursor(rows, a.customer.id, 19 * 24),
      itemPage: (await rows<{ id: string; designer_id: string }>(
        `select i.id, i.designer_id from public.offers o join public.catalog_items i on i.id = o.catalog_item_id
          where o.buyer_id = '${a.customer.id}' and i.is_available order by i.id limit 1`))[0]!,
      nudgeSenders,
      // Designers not yet nudged for any sender's project, so that call i nudges designer i for sender i's project
      // and the plan's replay (sender 0) may swap in the last one.
      nudgeDesigners: (await rows<{ user_id: string }>(
        `select ur.user_id from public.user_roles ur where ur.role = 'designer' and ur.user_id <> '${a.designer.id}'
            and not exists (select 1 from public.designer_nudges n where n.designer_id = ur.user_id
                              and n.project_id = any('{${nudgeSenders.map((s) => s.project_id).join(',')}}'::uuid[]))
          order by ur.user_id limit ${n}`)).map((r) => r.user_id),
    };
  } finally {
    await c.end();
  }
}

/**
 * Where a page of the market search starts: the `n`th row's keyset (sort_key, id), read through the function
 * itself as the customer in pages of 100 (its largest), as the app walks it in pages of 24.
 */
async function searchCursor(
  rows: <T>(sql: string) => Promise<T[]>,
  as: string,
  n: number,
): Promise<{ sort_key: string; id: string }> {
  const s = MARKET_SEARCH;
  // The search asks who is signed in (as the REST service says it, for this session).
  await rows(`select set_config('request.jwt.claims', '${JSON.stringify({ sub: as, role: 'authenticated' })}', false)`);
  let after: { sort_key: string; id: string } | null = null;
  for (let seen = 0; ; ) {
    const cursor: string = after ? `'${after.sort_key}', '${after.id}'` : 'null, null';
    const page = await rows<{ sort_key: string; id: string }>(
      `select sort_key, id from public.search_catalog_items('${s.q}', '${s.category}', ${s.min_price}, ${s.max_price},
         null, null, null, null, 'newest', ${cursor}, ${Math.min(100, n - seen)})`);
    if (page.length === 0) throw new Error(`bench:db: fewer than ${n} rows for the market search`);
    seen += page.length;
    after = page[page.length - 1]!;
    if (seen >= n) return after;
  }
}

/**
 * Where page 5 of each distance read starts: the 96th row of the same read (pages 1-4 of 24), read through the
 * function itself as postgres (who sees every row, as the bench customer and designer do in these lists); open
 * projects as the bench designer, since open_projects shows them to designers only (ADR 0030, location).
 */
async function page5Cursors(
  rows: <T>(sql: string) => Promise<T[]>,
  designerId: string,
): Promise<Record<DistanceList, { miles: number | null; id: string }>> {
  const at96 = async (sql: string) => {
    const r = (await rows<{ miles: number | null; id: string }>(sql))[95];
    if (!r) throw new Error(`bench:db: fewer than 96 rows for ${sql}`);
    return r;
  };
  const designers = (o: { lat: number; lng: number }) =>
    at96(`select user_id as id, distance_miles as miles from public.nearby_designers(${o.lat}, ${o.lng}, null, null, null, 96)`);
  const open = async (o: { lat: number; lng: number }) => {
    const claims = JSON.stringify({ sub: designerId, role: 'authenticated' });
    await rows(`select set_config('request.jwt.claims', '${claims}', false)`);
    try {
      return await at96(`select id, distance_miles as miles from public.open_projects(${o.lat}, ${o.lng}, null, null, null, 96)`);
    } finally {
      await rows(`select set_config('request.jwt.claims', '', false)`);
    }
  };
  const catalog = (within: number | null) =>
    at96(`select id, distance_miles as miles from public.nearby_catalog_items(${NEAR_ORIGIN.lat}, ${NEAR_ORIGIN.lng}, ${within ?? 'null'}, null, null, null, 96)`);
  return {
    designersNear: await designers(NEAR_ORIGIN),
    designersAll: await designers(FAR_ORIGIN),
    openNear: await open(NEAR_ORIGIN),
    openAll: await open(FAR_ORIGIN),
    catalogWithin50: await catalog(50),
    catalogAny: await catalog(null),
  };
}

/** Checkpoints completed so far (timed or requested) and the buffers they wrote (pg_stat_checkpointer, PostgreSQL 17). */
async function checkpoints(db: pg.Pool): Promise<{ n: number; buffers: number }> {
  const { rows } = await db.query<{ n: string; buffers: string }>(
    'select num_timed + num_requested as n, buffers_written as buffers from pg_stat_checkpointer');
  return { n: Number(rows[0]!.n), buffers: Number(rows[0]!.buffers) };
}

interface Result {
  q: BenchQuery;
  times: number[];
  plan: PlanReport | null;
  error?: string;
}

async function measure(q: BenchQuery, explainClient: pg.Client, counts: Record<string, number>): Promise<Result> {
  const reps = q.kind === 'read' ? READ_REPS : WRITE_REPS;
  const total = Math.min(WARMUP + reps, q.limit ?? Infinity);
  const warm = Math.min(WARMUP, Math.floor(total / 4));
  const times: number[] = [];
  let cap: CapturedCall | null = null;
  try {
    await q.before?.();
    for (let i = 0; i < total; i++) {
      if (i === 0) {
        cap = await captureCall(() => q.run(i));
        continue;
      }
      const t0 = performance.now();
      await q.run(i);
      const ms = performance.now() - t0;
      if (i >= warm) times.push(ms);
    }
  } catch (err) {
    return { q, times, plan: null, error: (err as Error).message };
  }
  const plan = cap ? await explainCall(explainClient, cap, counts, BIG_TABLE, q.explainRewrite) : null;
  return { q, times, plan };
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function table(results: Result[]): string[] {
  const lines = [
    '| # | call (as) | p50 ms | p95 ms | n | DB exec ms | plan: scans | flags |',
    '|---|---|---:|---:|---:|---:|---|---|',
  ];
  results.forEach((r, i) => {
    const p95 = percentile(r.times, 95);
    const flags = [
      ...(r.error ? [`error: ${r.error.slice(0, 120)}`] : []),
      ...(p95 > GOAL_MS ? [`p95 > ${GOAL_MS} ms`] : []),
      // The replay is a session's first call, planned for its own values: PostgreSQL may later switch a function's
      // statements to a generic plan that the timed calls then reuse, so a slow first call hides behind a fast p95.
      ...(r.plan && r.plan.executionMs > GOAL_MS ? [`DB exec > ${GOAL_MS} ms`] : []),
      ...(r.plan?.flagged ?? []),
      ...(r.plan?.error ? [`plan: ${r.plan.error.slice(0, 120)}`] : []),
    ];
    const scans = (r.plan?.scans ?? []).join(', ').replace(/\|/g, '/');
    lines.push(
      `| ${i + 1} | ${r.q.name} (${r.q.as}) | ${f1(percentile(r.times, 50))} | ${f1(p95)} | ${r.times.length} | ${r.plan ? r.plan.executionMs.toFixed(2) : '–'} | ${scans || '–'} | ${flags.join('; ') || 'ok'} |`,
    );
  });
  return lines;
}

async function main(): Promise<void> {
  const machineWatch = watchMachine();
  const started = performance.now();
  const loadStart = loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-bench-db-'));
  process.env.LOCAL_SUPABASE_SERVICES ??= 'rest,auth';
  const config = loadConfig({ apiPort: BASE + 1, dbPort: BASE + 2, inboxPort: BASE + 4, dataDir });
  log(`starting a stack on ${config.apiUrl} (data ${dataDir}); load ${loadStart}`);
  const stack = await startStack(config, () => undefined);
  const explainClient = new pg.Client({ connectionString: config.dbUrl });
  try {
    const size = scaled(FULL_SIZE, SCALE);
    const t0 = performance.now();
    // Listing photos are this stack's URLs (20261130000500_listing_photos.sql).
    await writePublicApiUrl({ dbUrl: config.dbUrl, apiUrl: config.apiUrl });
    // The saved-search alerts job waits for bench:db's own runs of it (the match and the job are measured on the
    // pieces the bench lists): pg_cron's every 5 seconds would take them first.
    await explainClient.connect();
    await explainClient.query(`select cron.unschedule('send-search-alerts')`);
    const actors = await loadDataset(config.dbUrl, size, log);
    const loadSeconds = (performance.now() - t0) / 1000;
    const counts = await tableCounts(config.dbUrl);
    log(`dataset loaded in ${loadSeconds.toFixed(0)} s: ${JSON.stringify(counts)}`);
    // The places gazetteer, as every database has it (ADR 0024); it also places the dataset's text locations.
    const places = await loadPlaces({ dbUrl: config.dbUrl, log, exclusive: true });

    // anon: the publishable key alone, as the landing page's location field calls search_places before sign-in.
    const clients = { anon: createClient(config.apiUrl, config.publishableKey, nodeOptions) } as Record<Actor, SupabaseClient>;
    for (const who of ['customer', 'designer', 'acceptor', 'reviewer'] as const) {
      clients[who] = await signIn(config.apiUrl, config.publishableKey, actors[who].email, actors.password);
    }
    const pooled = await pools(config.dbUrl, actors, WARMUP + WRITE_REPS + 1);
    log(`page 5 cursors (miles, id): ${JSON.stringify(pooled.page5After)}`);
    // Auth's sign-in limit (per address, 5 minutes) would refuse some 40 password sign-ins in a row: the senders
    // carry access tokens signed with the project's JWT secret, which the REST service takes as it takes Auth's.
    const senders = await Promise.all(pooled.nudgeSenders.map(async (s) =>
      createClient(config.apiUrl, config.publishableKey, { ...nodeOptions, global: { headers: { Authorization: `Bearer ${await accessToken(config.jwtSecret, s.id)}` } } })));
    const queries = buildQueries(clients, actors, pooled, senders, explainClient);
    // The load writes several GB of WAL (checkpoints requested all along it). Left to itself, PostgreSQL writes
    // those dirty pages back in checkpoints during the timed calls, and a write's commit (fsync) can wait behind
    // them: the likely cause of a 27.7 ms p95 of a one-row update whose plan runs in 1.8 ms. The timed calls start
    // from a settled database instead, as on a production table, and the report says whether a checkpoint still
    // ran while measuring. (CHECKPOINT is the superuser's; `postgres` is an ordinary role, as on hosted.)
    await stack.db.admin.query('checkpoint');
    const checkpointsBefore = await checkpoints(stack.db.admin);

    const results: Result[] = [];
    const loadDuring: string[] = [loadavg()];
    for (const q of queries) {
      const r = await measure(q, explainClient, counts);
      results.push(r);
      log(`${q.name}: p50 ${f1(percentile(r.times, 50))} ms, p95 ${f1(percentile(r.times, 95))} ms${r.error ? `, error ${r.error}` : ''}${r.plan?.flagged.length ? `, ${r.plan.flagged.join(', ')}` : ''}`);
      if (q.note) log(`${q.name}: ${q.note()}`);
    }
    loadDuring.push(loadavg());
    const machineState = machineWatch.stop();
    const checkpointsAfter = await checkpoints(stack.db.admin);
    const checkpointLine = `checkpoints while measuring ${checkpointsAfter.n - checkpointsBefore.n} (${checkpointsAfter.buffers - checkpointsBefore.buffers} buffers written by them; a CHECKPOINT ran after the load)`;

    const misses = results.filter((r) => r.error || percentile(r.times, 95) > GOAL_MS || (r.plan?.executionMs ?? 0) > GOAL_MS
      || r.plan?.flagged.length || r.plan?.error);
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const datasetLine = ['designer_profiles', 'customer_profiles', 'projects', 'messages', 'project_items', 'catalog_items', 'saved_items', 'saved_searches', 'offers', 'project_bids', 'designer_nudges', 'reviews', 'subscriptions']
      .map((t) => `${t} ${(counts[t] ?? 0).toLocaleString('en-US')}`)
      .join(', ');
    const body = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; load average (1/5/15 min) ${loadStart} at start, ${loadDuring.join(' → ')} while measuring; ${machineState}; ${checkpointLine}. Other engineers' CPU-heavy tests shared the machine, so figures are noisy: compare plans and DB execution times before p95s.`,
      '',
      `Dataset (loaded in ${loadSeconds.toFixed(0)} s with set-based SQL, triggers on, then VACUUM ANALYZE): ${datasetLine}; ${size.hotProjects} hot projects with ${size.hotMessages.toLocaleString('en-US')} messages each.`,
      `Each call goes through /rest/v1 with supabase-js as a signed-in user (password sign-in through /auth/v1, RLS on), one at a time over loopback: ${WARMUP} warm-up calls, then ${READ_REPS} per read and ${WRITE_REPS} per write (fewer for writes that use a row up). Customer: 20 projects; designer: 30 assigned projects, 60 nudges; the hot project is theirs (10,000 messages, 200 items); each nudge insert has its own sender (a member customer of the dataset), as the limit of 20 an hour would refuse one sender's 21st. \`anon\`: the publishable key alone.`,
      `Places: the whole gazetteer (${places.rows.toLocaleString('en-US')} rows, \`npm run places:load\`). Distance reads measure from Denver (${NEAR_ORIGIN.lat}, ${NEAR_ORIGIN.lng}; three designers and pieces in ten sit around one of ten metros, projects anywhere in the continental box) and, for the catch-all (nothing within 100 miles, so every row nearest first), from the Pacific at ${FAR_ORIGIN.lat}, ${FAR_ORIGIN.lng}; "keyset page 5" starts after the 96th row, as the app's fifth page does.`,
      `"DB exec ms" is EXPLAIN (ANALYZE, BUFFERS) of the exact statement the REST service sent, replayed with the same role and request.jwt.claims in a rolled-back transaction. The replay is the first call of its session, so it is planned for the call's own values, as each new connection's first calls are (PostgreSQL may switch a function's statements to a generic plan after five). Flags: p95 or DB exec over the ${GOAL_MS} ms goal, Seq Scan on a table with more than ${BIG_TABLE.toLocaleString('en-US')} rows.`,
      '',
      ...table(results),
      '',
      misses.length === 0
        ? `Every call met the goal (p95 ≤ ${GOAL_MS} ms) with no sequential scan of a large table.`
        : `Calls to look at: ${misses.map((r) => r.q.name).join('; ')}.`,
      '',
      `Run time ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    ].join('\n');
    console.log(`\n${body}\n`);
    if (process.env.BENCH_DB_PLANS) {
      for (const r of results) console.log(`--- ${r.q.name}\n${(r.plan?.outline ?? []).join('\n')}`);
    }
    writeSection('db', body);
  } finally {
    await explainClient.end().catch(() => undefined);
    await stack.stop();
    // As root the cluster lives outside the data folder (dbDirOf): remove both.
    const dbDir = dbDirOf(config);
    rmSync(dbDir.startsWith(dataDir) ? dbDir : path.dirname(dbDir), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
