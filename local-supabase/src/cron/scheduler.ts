import pg from 'pg';
import { SUPERUSER, type Database, type Log } from '../db.ts';
import { matchesMinute, parseSchedule, type Schedule } from './schedule.ts';

/**
 * pg_cron's background worker, in the stack: each second it reads cron.job, starts what is due (cron schedules
 * once in each UTC minute they match, 'n seconds' schedules n seconds after the last start, @reboot once when the
 * stack starts) and records each run in cron.job_run_details ('starting', 'running', then 'succeeded' or
 * 'failed' with the return message). A job never runs twice at once: a cron job due while it runs starts again
 * when the run ends (pg_cron queues it the same way), an interval job simply waits.
 *
 * Each run gets its own connection to the job's database as the job's user, as pg_cron's libpq connections do:
 * here a superuser connection that switches with SET SESSION AUTHORIZATION and then applies the role's own
 * settings (ALTER ROLE … SET, e.g. search_path), since a real login would.
 */
export interface CronScheduler {
  stop(): Promise<void>;
}

interface JobRow {
  jobid: string;
  schedule: string;
  command: string;
  database: string;
  username: string;
}

interface JobState {
  running: boolean;
  pending: boolean;
  lastStart: number;
  pid: number | null;
}

const TICK_MS = 1000;

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** libpq's PQresultErrorMessage layout: severity, message, then DETAIL and HINT lines. */
function errorMessage(err: unknown): string {
  const e = err as pg.DatabaseError;
  if (!e || typeof e.message !== 'string') return String(err);
  if (!e.severity) return e.message;
  let text = `${e.severity}:  ${e.message}\n`;
  if (e.detail) text += `DETAIL:  ${e.detail}\n`;
  if (e.hint) text += `HINT:  ${e.hint}\n`;
  return text;
}

export async function startCronScheduler(db: Database, log: Log): Promise<CronScheduler> {
  // A run left unfinished by the last stop can never finish (pg_cron's MarkPendingRunsAsFailed).
  await db.admin.query(
    `update cron.job_run_details set status = 'failed', return_message = 'server restarted'
      where status in ('starting', 'running')`,
  );

  const states = new Map<string, JobState>();
  const parsed = new Map<string, Schedule | null>();
  const inFlight = new Set<Promise<void>>();
  let lastMinute = Math.floor(Date.now() / 60_000);
  let firstTick = true;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> = Promise.resolve();

  const urlFor = (database: string) => {
    const url = new URL(db.url(SUPERUSER));
    url.pathname = `/${encodeURIComponent(database)}`;
    return url.toString();
  };

  async function run(job: JobRow, state: JobState): Promise<void> {
    state.running = true;
    state.lastStart = Date.now();
    let runid: string | null = null;
    let client: pg.Client | null = null;
    try {
      // Never two runs of a job at once, also across schedulers that share the database (a second stack started
      // on the same data while one runs): the row is written only when no run of the job is unfinished. Runs a
      // stop left unfinished were marked failed when this scheduler started, so they block nothing.
      const inserted = await db.admin.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
         select $1, $2, $3, $4, 'starting', clock_timestamp()
          where not exists (select 1 from cron.job_run_details d
                             where d.jobid = $1 and d.status in ('starting', 'running'))
         returning runid`,
        [job.jobid, job.database, job.username, job.command],
      );
      if (inserted.rows.length === 0) return;
      runid = inserted.rows[0]!.runid;
      let connected = false;
      try {
        client = new pg.Client({ connectionString: urlFor(job.database), application_name: 'pg_cron' });
        client.on('error', () => undefined);
        await client.connect();
        await client.query(`set session authorization ${identifier(job.username)}`);
        const settings = await client.query<{ setting: string }>(
          `select unnest(s.setconfig) as setting from pg_db_role_setting s
             where s.setrole = (select oid from pg_roles where rolname = current_user)
               and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
             order by s.setdatabase`,
        );
        for (const { setting } of settings.rows) {
          const eq = setting.indexOf('=');
          await client.query('select set_config($1, $2, false)', [setting.slice(0, eq), setting.slice(eq + 1)]);
        }
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        state.pid = pid;
        connected = true;
        await db.admin.query(
          `update cron.job_run_details set status = 'running', job_pid = $2, start_time = clock_timestamp() where runid = $1`,
          [runid, pid],
        );
      } catch (err) {
        if (!connected) throw new Error('connection failed', { cause: err });
        throw err;
      }
      // The command tag of the last statement, as PQcmdStatus gives it (pg's Result keeps only its first word).
      let tag = '';
      const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
      connection.on('commandComplete', (m: { text: string }) => (tag = m.text));
      const result = (await client.query(job.command)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      const message =
        last && last.fields.length > 0 && last.command === 'SELECT'
          ? `${last.rowCount ?? 0} ${last.rowCount === 1 ? 'row' : 'rows'}`
          : tag;
      await db.admin.query(
        `update cron.job_run_details set status = 'succeeded', return_message = $2, end_time = clock_timestamp() where runid = $1`,
        [runid, message],
      );
    } catch (err) {
      const message =
        err instanceof Error && err.message === 'connection failed' ? 'connection failed' : errorMessage(err);
      if (runid !== null) {
        await db.admin
          .query(
            `update cron.job_run_details set status = 'failed', return_message = $2, end_time = clock_timestamp() where runid = $1`,
            [runid, message],
          )
          .catch(() => undefined);
      }
      log(`cron job ${job.jobid} failed: ${message.trim()}`);
    } finally {
      await client?.end().catch(() => undefined);
      state.running = false;
      state.pid = null;
    }
  }

  function start(job: JobRow, state: JobState) {
    const p = run(job, state).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    const { rows } = await db.admin.query<JobRow>(
      'select jobid::text, schedule, command, database, username from cron.job where active order by jobid',
    );
    const seen = new Set<string>();
    for (const job of rows) {
      seen.add(job.jobid);
      if (!parsed.has(job.schedule)) parsed.set(job.schedule, parseSchedule(job.schedule));
      const schedule = parsed.get(job.schedule)!;
      if (!schedule) continue; // pg_cron logs and skips it; cron.schedule refuses such schedules anyway
      let state = states.get(job.jobid);
      if (!state) {
        state = { running: false, pending: false, lastStart: 0, pid: null };
        states.set(job.jobid, state);
      }
      let due = false;
      if (schedule.kind === 'interval') {
        due = !state.running && now - state.lastStart >= schedule.seconds * 1000;
      } else if (schedule.kind === 'reboot') {
        due = firstTick;
      } else {
        // Every minute since the last tick (a slow tick must not skip one); a stall of more than 5 is not caught up.
        for (let m = Math.max(lastMinute + 1, minute - 4); m <= minute && !due; m++) {
          due = matchesMinute(schedule, new Date(m * 60_000));
        }
      }
      if (due && state.running) state.pending = schedule.kind === 'cron';
      else if (due || (state.pending && !state.running)) {
        state.pending = false;
        start(job, state);
      }
    }
    for (const id of states.keys()) if (!seen.has(id) && !states.get(id)!.running) states.delete(id);
    lastMinute = minute;
    firstTick = false;
  }

  const loop = () => {
    if (stopped) return;
    ticking = tick()
      .catch((err: unknown) => log(`cron: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        if (stopped) return;
        // On the next whole second, as pg_cron's worker wakes.
        timer = setTimeout(loop, TICK_MS - (Date.now() % TICK_MS) + 5);
      });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      const pids = [...states.values()].map((s) => s.pid).filter((p): p is number => p !== null);
      if (pids.length) {
        await db.admin.query('select pg_terminate_backend(p) from unnest($1::int[]) p', [pids]).catch(() => undefined);
      }
      await Promise.allSettled([...inFlight]);
    },
  };
}
