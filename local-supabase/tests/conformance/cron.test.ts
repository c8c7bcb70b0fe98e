import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSchedule } from '../../src/cron/schedule.ts';
import { sql } from '../../src/testing/index.ts';

// pg_cron as hosted Supabase has it (citusdata/pg_cron 1.6, Supabase's grants): jobs are scheduled as `postgres`,
// the role migrations and the SQL editor use there.

interface Run {
  runid: string;
  jobid: string;
  status: string;
  return_message: string | null;
  start_time: Date | null;
  end_time: Date | null;
  username: string;
  database: string;
  job_pid: number | null;
  command: string;
}

/** The job's runs in the order they were made (by the bigint runid: ordering by the text alias put run 11 before 7). */
async function runsOf(jobid: string): Promise<Run[]> {
  return sql<Run>(
    `select runid::text, jobid::text, status, return_message, start_time, end_time, username, database, job_pid, command
       from cron.job_run_details d where jobid = $1 order by d.runid`,
    [jobid],
  );
}

/** Polls until `check` returns a value; fails with what it last saw. */
async function until<T>(what: string, check: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function schedule(name: string, when: string, command: string): Promise<string> {
  const [row] = await sql<{ id: string }>('select cron.schedule($1, $2, $3)::text as id', [name, when, command]);
  return row!.id;
}

async function pgError(text: string, params: unknown[] = []) {
  try {
    await sql(text, params);
  } catch (err) {
    return err as { message: string; code: string; hint?: string };
  }
  throw new Error(`expected an error from: ${text}`);
}

const scheduled: string[] = [];

afterAll(async () => {
  await sql('select cron.unschedule(jobid) from cron.job where jobname = any ($1)', [scheduled]);
  await sql('drop table if exists public.cron_probe');
});

describe('pg_cron', () => {
  // Scheduled first, checked last: a cron schedule runs at the start of the next UTC minute, up to a minute away.
  let everyMinute = '';
  beforeAll(async () => {
    scheduled.push('probe-every-minute');
    everyMinute = await schedule('probe-every-minute', '* * * * *', 'select 1');
  });

  it('has pg_cron’s tables and columns', async () => {
    const cols = await sql<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'cron' order by table_name, ordinal_position`,
      [],
      'supabase_admin',
    );
    const of = (t: string) => cols.filter((c) => c.table_name === t).map((c) => `${c.column_name} ${c.data_type}`);
    expect(of('job')).toEqual([
      'jobid bigint',
      'schedule text',
      'command text',
      'nodename text',
      'nodeport integer',
      'database text',
      'username text',
      'active boolean',
      'jobname text',
    ]);
    expect(of('job_run_details')).toEqual([
      'jobid bigint',
      'runid bigint',
      'job_pid integer',
      'database text',
      'username text',
      'command text',
      'status text',
      'return_message text',
      'start_time timestamp with time zone',
      'end_time timestamp with time zone',
    ]);
  });

  it("runs a '1 seconds' job as its user in its database and records the success", async () => {
    await sql('create table if not exists public.cron_probe (n serial primary key, who text)');
    scheduled.push('probe-every-second');
    const id = await schedule(
      'probe-every-second',
      '1 seconds',
      'insert into public.cron_probe (who) values (current_user)',
    );
    const [job] = await sql<{ username: string; database: string; active: boolean }>(
      'select username, database, active from cron.job where jobid = $1',
      [id],
    );
    expect(job).toEqual({ username: 'postgres', database: 'postgres', active: true });

    const runs = await until('two succeeded runs', async () => {
      const r = (await runsOf(id)).filter((x) => x.status === 'succeeded');
      return r.length >= 2 ? r : null;
    });
    expect(runs[0]).toMatchObject({ return_message: 'INSERT 0 1', username: 'postgres', database: 'postgres' });
    expect(runs[0]!.job_pid).toBeGreaterThan(0);
    expect(runs[0]!.end_time!.getTime()).toBeGreaterThanOrEqual(runs[0]!.start_time!.getTime());
    const who = await sql<{ who: string }>('select distinct who from public.cron_probe');
    expect(who).toEqual([{ who: 'postgres' }]);

    // Never two runs of one job at once: every run ended before the next started.
    const all = (await runsOf(id)).filter((x) => x.end_time);
    for (let i = 1; i < all.length; i++) {
      expect(all[i]!.start_time!.getTime()).toBeGreaterThanOrEqual(all[i - 1]!.end_time!.getTime());
    }
  });

  it('never starts a run while the last one is still running', async () => {
    scheduled.push('probe-slow');
    const id = await schedule('probe-slow', '1 seconds', 'select pg_sleep(1.5)');
    const runs = await until('three finished runs', async () => {
      const r = (await runsOf(id)).filter((x) => x.end_time);
      return r.length >= 3 ? r : null;
    });
    // Every run of the job, for the message when a run started before the one before it had finished.
    const all = (await runsOf(id)).map(
      (r) => `${r.runid} ${r.status} ${r.start_time?.toISOString()} → ${r.end_time?.toISOString()}`,
    );
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.start_time!.getTime(), all.join('\n')).toBeGreaterThanOrEqual(runs[i - 1]!.end_time!.getTime());
    }
    const running = await sql('select runid from cron.job_run_details where jobid = $1 and status = $2', [
      id,
      'running',
    ]);
    expect(running.length).toBeLessThanOrEqual(1);
  });

  it('reports the row count of a query and the message of a failing command', async () => {
    scheduled.push('probe-select', 'probe-fails');
    const select = await schedule('probe-select', '1 seconds', 'select 1 union all select 2');
    const fails = await schedule('probe-fails', '1 seconds', 'select 1/0');
    const ok = await until('the select to succeed', async () => (await runsOf(select)).find((r) => r.end_time) ?? null);
    expect(ok).toMatchObject({ status: 'succeeded', return_message: '2 rows' });
    const bad = await until('the failing run', async () => (await runsOf(fails)).find((r) => r.end_time) ?? null);
    expect(bad).toMatchObject({ status: 'failed', return_message: 'ERROR:  division by zero\n' });
  });

  it('replaces a job scheduled again under the same name, keeping its id', async () => {
    scheduled.push('probe-replace');
    const first = await schedule('probe-replace', '0 3 * * *', 'select 1');
    const second = await schedule('probe-replace', '1 seconds', 'select 2');
    expect(second).toBe(first);
    const jobs = await sql('select schedule, command from cron.job where jobname = $1', ['probe-replace']);
    expect(jobs).toEqual([{ schedule: '1 seconds', command: 'select 2' }]);
    await until('the replaced command to run', async () =>
      (await runsOf(first)).some((r) => r.status === 'succeeded') ? true : null,
    );
    expect((await runsOf(first)).every((r) => r.command === 'select 2')).toBe(true);
  });

  it('stops a job once unscheduled, and errors for an unknown job as pg_cron does', async () => {
    const id = await schedule('probe-stop', '1 seconds', 'select 1');
    await until('a run', async () => ((await runsOf(id)).some((r) => r.end_time) ? true : null));
    expect(await sql('select cron.unschedule($1::text) as ok', ['probe-stop'])).toEqual([{ ok: true }]);
    expect(await sql('select 1 from cron.job where jobid = $1', [id])).toEqual([]);
    // Wait for any run that had already started to finish, then make sure no new one starts.
    const settled = await until('no run in progress', async () => {
      const r = await runsOf(id);
      return r.every((x) => x.end_time) ? r.length : null;
    });
    const marker = await sql<{ id: string }>(
      `select cron.schedule('probe-after-stop', '1 seconds', 'select 1')::text as id`,
    );
    scheduled.push('probe-after-stop');
    // Once a job scheduled after the unschedule has run twice, the scheduler has looked at cron.job since.
    await until('a later job to run twice', async () =>
      (await runsOf(marker[0]!.id)).filter((r) => r.end_time).length >= 2 ? true : null,
    );
    expect((await runsOf(id)).length).toBe(settled);

    const byName = await pgError('select cron.unschedule($1::text)', ['no-such-job']);
    expect(byName.message).toBe("could not find valid entry for job 'no-such-job'");
    const byId = await pgError('select cron.unschedule(987654321::bigint)');
    expect(byId.message).toBe('could not find valid entry for job 987654321');
  });

  it("refuses a bad schedule with pg_cron's error and schedules nothing", async () => {
    for (const bad of ['61 * * * *', '60 seconds', 'every minute', '1/5 * * * *']) {
      const err = await pgError('select cron.schedule($1, $2, $3)', ['probe-bad', bad, 'select 1']);
      expect(err).toMatchObject({
        code: '22023',
        message: `invalid schedule: ${bad}`,
        hint: "Use cron format (e.g. 5 4 * * *), or interval format '[1-59] seconds'",
      });
    }
    expect(await sql('select 1 from cron.job where jobname = $1', ['probe-bad'])).toEqual([]);
  });

  it('accepts exactly the schedules the scheduler can read', async () => {
    const samples = [
      '* * * * *',
      '*/5 1-3,7 1 jan-Mar MON-fri',
      '0 12 $ * *',
      '@daily',
      '@reboot',
      '@often',
      '5 seconds',
      '0 seconds',
      ' 9 Second',
      '1-60 * * * *',
      '* * * * 7',
      '* * * * 8',
      '*/0 * * * *',
      '0 0 * * sun-sat',
      'L * * * *',
    ];
    const rows = await sql<{ s: string; ok: boolean }>(
      'select s, cron._schedule_is_valid(s) as ok from unnest($1::text[]) s',
      [samples],
      'supabase_admin',
    );
    expect(rows.map((r) => [r.s, r.ok])).toEqual(samples.map((s) => [s, parseSchedule(s) !== null]));
  });

  it('gives postgres read-only cron.job and the functions, but not other roles’ jobs (hosted grants)', async () => {
    const denied = await pgError(`insert into cron.job (schedule, command) values ('* * * * *', 'select 1')`);
    expect(denied.message).toBe('permission denied for table job');
    const privileges = await sql<{ p: string }>(
      `select string_agg(privilege_type, ',' order by privilege_type) as p from information_schema.role_table_grants
        where table_schema = 'cron' and table_name = 'job_run_details' and grantee = 'postgres'`,
    );
    expect(privileges[0]!.p).toContain('DELETE');
    // A job of another role: postgres sees it (it bypasses row-level security on hosted too) but cannot
    // unschedule it (no DELETE on cron.job).
    const [other] = await sql<{ id: string }>(
      `select cron.schedule('probe-admin', '0 0 1 1 *', 'select 1')::text as id`,
      [],
      'supabase_admin',
    );
    expect(await sql('select username from cron.job where jobid = $1', [other!.id])).toEqual([
      { username: 'supabase_admin' },
    ]);
    const err = await pgError('select cron.unschedule($1::bigint)', [other!.id]);
    expect(err.message).toBe('permission denied for table job');
    await sql('select cron.unschedule($1::bigint)', [other!.id], 'supabase_admin');
    // anon and authenticated have no usage on the schema.
    const anon = await pgError('set role anon; select cron.schedule($$x$$, $$* * * * *$$, $$select 1$$)');
    expect(anon.message).toBe('permission denied for schema cron');
  });

  it('alters a job (cron.alter_job) and refuses one it does not own', async () => {
    scheduled.push('probe-alter');
    const id = await schedule('probe-alter', '0 3 * * *', 'select 1');
    await sql("select cron.alter_job($1, schedule => '1 seconds', command => 'select 42')", [id]);
    const [job] = await sql('select schedule, command, active from cron.job where jobid = $1', [id]);
    expect(job).toEqual({ schedule: '1 seconds', command: 'select 42', active: true });
    await until('the altered job to run', async () =>
      (await runsOf(id)).some((r) => r.status === 'succeeded') ? true : null,
    );
    const err = await pgError('select cron.alter_job(987654321, active => false)');
    expect(err.message).toBe("Job 987654321 does not exist or you don't own it");
  });

  it('runs a five-field cron job at the start of each matching UTC minute', async () => {
    const run = await until(
      'the every-minute job to run',
      async () => (await runsOf(everyMinute)).find((r) => r.status === 'succeeded') ?? null,
      75_000,
    );
    expect(run.return_message).toBe('1 row');
    expect(run.start_time!.getUTCSeconds()).toBeLessThan(15); // slack for a loaded machine
  }, 90_000);
});
