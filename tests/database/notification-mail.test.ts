import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFunction, type ServedFunction } from '@good-space/local-supabase';
import { latestMailTo, signUserJwt, sleep, stackConfig } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * Notification mail (docs/notifications.md, "The e-mail half"): the edge function
 * send-notification-mails in its Deno worker, with the test stack's database and, over SMTP, the test stack's
 * inbox. Its SMTP port is a relay in this file to the inbox's SMTP port, which the tests can take down (every
 * connection refused at once) to see a failing mail server. Each test has people of its own, so the inbox's mail
 * to them is the mail of that test.
 */
let c: pg.Client;
let worker: ServedFunction;
let relay: net.Server;
let relayPort: number;
let smtpDown = false;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  // The mail queue is one for the whole database: the files that run the mail job take turns (this session's
  // lock, released when the connection ends), so one's runs never take, fail or mark the other's notifications.
  await c.query(`select pg_advisory_lock(hashtext('tests: notification mail job'))`);
  // The seed's notifications (and those of earlier test files) are not this file's: recorded as mailed, so a run
  // here mails this file's rows rather than a backlog of up to a batch of others.
  await c.query('update public.notifications set mailed_at = now() where mailed_at is null');
  relay = net.createServer((socket) => {
    if (smtpDown) {
      socket.resetAndDestroy();
      return;
    }
    const upstream = net.connect(stackConfig.smtpPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayPort = (relay.address() as net.AddressInfo).port;
  worker = serveFunction(stackConfig, {
    name: 'send-notification-mails',
    dir: path.join(stackConfig.projectDir, 'supabase', 'functions', 'send-notification-mails'),
    secrets: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(relayPort), SITE_URL: 'https://goodspace.test' },
    log: (line) => {
      if (process.env.LOCAL_SUPABASE_TEST_LOGS === '1') console.log(`[send-notification-mails] ${line}`);
    },
  });
  await worker.ready;
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await new Promise((r) => relay?.close(r));
  await deleteUsers(c, people);
  await c.end();
});

interface RunResult {
  claimed: number;
  mailed: number;
  failed: number;
}

/** The minute job's call: the secret key in `apikey` (migration 20261207000100_secret_key_jobs.sql). */
async function run(
  key = stackConfig.secretKey,
  header: 'apikey' | 'bearer' = 'apikey',
): Promise<{ status: number; body: RunResult }> {
  const port = await worker.ready;
  const res = await fetch(`http://127.0.0.1:${port}/send-notification-mails`, {
    method: 'POST',
    headers: {
      ...(header === 'apikey' ? { apikey: key } : { Authorization: `Bearer ${key}` }),
      'Content-Type': 'application/json',
    },
  });
  return { status: res.status, body: (await res.json()) as RunResult };
}

/** How many mails the inbox holds for an address. */
async function mailCount(email: string): Promise<number> {
  const res = await fetch(`${stackConfig.inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
  const list = (await res.json()) as { messages: { To: { Address: string }[] }[] };
  return list.messages.filter((m) => m.To.some((t) => t.Address.toLowerCase() === email.toLowerCase())).length;
}

async function person(role: 'customer' | 'designer', fullName: string): Promise<{ id: string; email: string }> {
  const id = await createUser(c, { role, fullName, subscribe: role === 'customer' ? 'client' : 'designer' });
  people.push(id);
  const r = await c.query<{ email: string }>('select email from auth.users where id = $1', [id]);
  return { id, email: r.rows[0]!.email };
}

/** A customer's project and their nudge to the designer, as the app makes it (a signed-in request). */
async function nudge(customer: string, designer: string, title = 'Cozy den'): Promise<string> {
  const p = await c.query<{ id: string }>(
    `insert into public.projects (customer_id, title, description, location, space_size, budget, budget_type, status)
     values ($1, $2, 'A room that needs furnishing', 'Portland, OR', 400, 1000, 'soft', 'pending') returning id`,
    [customer, title],
  );
  const r = await asActor(
    c,
    user(customer),
    `insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3) returning id`,
    [customer, designer, p.rows[0]!.id],
  );
  if (!r.ok) throw new Error(`nudge refused: ${r.code} ${r.message}`);
  const n = await c.query<{ id: string }>(
    `select id from public.notifications where user_id = $1 and kind = 'nudge_received' and project_id = $2`,
    [designer, p.rows[0]!.id],
  );
  return n.rows[0]!.id;
}

async function until(cond: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function mailState(id: string) {
  const r = await c.query<{
    mailed: boolean;
    mail_attempts: number;
    mail_error: string | null;
    due_later: boolean;
  }>(
    `select mailed_at is not null as mailed, mail_attempts, mail_error,
            coalesce(mail_next_attempt_at > now(), false) as due_later
       from public.notifications where id = $1`,
    [id],
  );
  return r.rows[0];
}

describe('notification mail', () => {
  it('the minute job posts to the function through pg_net, and the nudge arrives as one mail for a person', async () => {
    const customer = await person('customer', 'Olivia Owner');
    const designer = await person('designer', 'Ada Designer');
    const id = await nudge(customer.id, designer.id);

    const job = await c.query(
      `select schedule, command, active from cron.job where jobname = 'send-notification-mails'`,
    );
    expect(job.rows).toEqual([
      { schedule: '* * * * *', command: 'select private.request_notification_mails()', active: true },
    ]);
    // The job's own statement, with the settings the local stack reads where hosted reads Vault.
    const port = await worker.ready;
    await c.query(
      `insert into private.settings (name, value) values ('project_url', $1), ('secret_key', $2)
       on conflict (name) do update set value = excluded.value`,
      [`http://127.0.0.1:${port}`, stackConfig.secretKey],
    );
    await c.query('select private.request_notification_mails()');

    const mail = await latestMailTo(designer.email);
    expect(mail.Subject).toBe('Olivia Owner nudged you about "Cozy den"');
    expect(mail.Text).toContain('Hi Ada Designer,');
    expect(mail.Text).toContain('Accept with a quote or decline.');
    expect(mail.Text).toContain('Project: Cozy den');
    expect(mail.Text).toContain('Answer the nudge: https://goodspace.test/designer-nudges');
    expect(mail.HTML).toContain('href="https://goodspace.test/designer-nudges"');
    // The function records the mail after the server took it.
    await until(async () => (await mailState(id))?.mailed === true, 'the nudge recorded as mailed');
    expect(await mailState(id)).toEqual({ mailed: true, mail_attempts: 1, mail_error: null, due_later: false });
    await c.query(`delete from private.settings where name in ('project_url', 'secret_key')`);
  });

  it('only the service role may run it', async () => {
    expect((await run(stackConfig.publishableKey)).status).toBe(401);
    expect((await run(stackConfig.publishableKey, 'bearer')).status).toBe(401);
    expect((await run(await signUserJwt(), 'bearer')).status).toBe(401);
  });

  // Legacy keys: an installation whose Vault still holds the service-role JWT posts it as a Bearer token.
  it('the legacy service-role JWT as a Bearer token still runs it; the legacy anon JWT does not', async () => {
    expect((await run(stackConfig.serviceRoleKey, 'bearer')).status).toBe(200);
    expect((await run(stackConfig.anonKey, 'bearer')).status).toBe(401);
  });

  it("the job sends an sb_ key as apikey and a legacy JWT as a Bearer token", async () => {
    await c.query('begin');
    try {
      await c.query(`delete from private.settings where name in ('secret_key', 'service_role_key')`);
      await c.query(
        `insert into private.settings (name, value) values ('project_url', 'http://127.0.0.1:9'), ('service_role_key', 'eyJ.legacy.jwt')
         on conflict (name) do update set value = excluded.value`,
      );
      const legacy = await c.query(`select private.job_request_headers('x') as h`);
      expect(legacy.rows[0].h).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer eyJ.legacy.jwt' });
      await c.query(`insert into private.settings (name, value) values ('secret_key', 'sb_secret_x')`);
      const secret = await c.query(`select private.job_request_headers('x') as h`);
      expect(secret.rows[0].h).toEqual({ 'Content-Type': 'application/json', apikey: 'sb_secret_x' });
    } finally {
      await c.query('rollback');
    }
  });

  it('a mailed notification is never mailed again, even by two runs at once', async () => {
    const customer = await person('customer', 'Carl Customer');
    const designer = await person('designer', 'Dina Designer');
    const first = await nudge(customer.id, designer.id, 'Bright kitchen');
    const runs = await Promise.all([run(), run()]);
    expect(runs.map((r) => r.status)).toEqual([200, 200]);
    await latestMailTo(designer.email);
    expect(await mailState(first)).toMatchObject({ mailed: true, mail_attempts: 1 });
    const again = await run();
    expect(again.status).toBe(200);
    // A later nudge from the same person waits an hour after their last mail (docs/security.md, "Mail"), then is one
    // more mail; the first is not sent again.
    await nudge(customer.id, designer.id, 'Quiet study');
    await run();
    expect(await mailCount(designer.email)).toBe(1);
    await c.query(
      `update public.notifications set mailed_at = mailed_at - interval '61 minutes'
        where user_id = $1 and mailed_at is not null`,
      [designer.id],
    );
    await run();
    await latestMailTo(designer.email, 60_000, { subject: 'Carl Customer nudged you about "Quiet study"' });
    expect(await mailCount(designer.email)).toBe(2);
  });

  it('a mail server that fails is tried again after a backoff, and then mails once', async () => {
    const customer = await person('customer', 'Fay Customer');
    const designer = await person('designer', 'Gus Designer');
    smtpDown = true;
    let id: string;
    try {
      id = await nudge(customer.id, designer.id, 'Patio');
      const failed = await run();
      expect(failed.status).toBe(200);
      expect(failed.body.failed).toBeGreaterThanOrEqual(1);
      const state = await mailState(id);
      expect(state).toMatchObject({ mailed: false, mail_attempts: 1, due_later: true });
      expect(state!.mail_error).toBeTruthy();
      // Not due yet: a run now leaves it alone, even with the mail server back.
      smtpDown = false;
      await run();
      expect(await mailState(id)).toMatchObject({ mailed: false, mail_attempts: 1 });
    } finally {
      smtpDown = false;
    }
    // The backoff has passed.
    await c.query('update public.notifications set mail_next_attempt_at = now() where id = $1', [id]);
    await run();
    const mail = await latestMailTo(designer.email);
    expect(mail.Subject).toBe('Fay Customer nudged you about "Patio"');
    expect(await mailState(id)).toEqual({ mailed: true, mail_attempts: 2, mail_error: null, due_later: false });
    await run();
    expect(await mailCount(designer.email)).toBe(1);
  });

  it('the unsubscribe link works without signing in and stops the next mail of that kind', async () => {
    const customer = await person('customer', 'Hal Customer');
    const designer = await person('designer', 'Ivy Designer');
    await nudge(customer.id, designer.id, 'Loft');
    await run();
    const mail = await latestMailTo(designer.email);
    // The link people click opens the app's page (hosted serves a function's HTML as plain text on its default
    // domain); the page asks the function with the token.
    const pageLink = /Stop these e-mails: (\S+)/.exec(mail.Text)?.[1];
    expect(pageLink).toMatch(/^https:\/\/goodspace\.test\/unsubscribe\?token=/);
    expect(mail.HTML).toContain(`href="${pageLink!.replace(/&/g, '&amp;')}"`);
    const token = new URL(pageLink!).searchParams.get('token')!;
    const link = `${stackConfig.apiUrl}/functions/v1/unsubscribe?token=${encodeURIComponent(token)}`;
    // Mail clients offer their own unsubscribe button from the headers, one click (RFC 8058), to the function.
    const listUnsubscribe = (mail as unknown as { ListUnsubscribe: Record<string, unknown> }).ListUnsubscribe;
    expect(listUnsubscribe).toEqual({
      Header: `<${link}>`,
      Links: [link],
      Errors: '',
      HeaderPost: 'List-Unsubscribe=One-Click',
    });

    // Opening a link only asks (a link scanner must not unsubscribe anyone): as a page, or as JSON for the app's.
    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toContain('text/html');
    expect(await asked.text()).toContain('Stop e-mails about nudges from customers?');
    const askedByApp = await fetch(link, { headers: { Accept: 'application/json' } });
    expect(askedByApp.status).toBe(200);
    expect(await askedByApp.json()).toEqual({
      unsubscribed: false,
      kind: 'nudge_received',
      topic: 'nudges from customers',
    });
    const prefs = () =>
      c.query('select kind, email from public.notification_preferences where user_id = $1', [designer.id]);
    expect((await prefs()).rows).toEqual([]);

    // The app's page posts the token as JSON; a damaged one is refused in the app's error shape.
    const damaged = await fetch(`${stackConfig.apiUrl}/functions/v1/unsubscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: `${token}x` }),
    });
    expect(damaged.status).toBe(400);
    expect(await damaged.json()).toEqual({
      error: 'This unsubscribe link is incomplete or out of date.',
      code: 'invalid_token',
    });
    expect((await prefs()).rows).toEqual([]);

    const done = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will no longer get e-mails about nudges from customers.');
    expect((await prefs()).rows).toEqual([{ kind: 'nudge_received', email: false }]);

    const next = await nudge(customer.id, designer.id, 'Attic');
    await run();
    expect(await mailState(next)).toMatchObject({ mailed: false, mail_attempts: 0 });
    expect(await mailCount(designer.email)).toBe(1);

    // A forged token changes nothing.
    const forged = link.replace(designer.id, customer.id);
    const refused = await fetch(forged, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(
      (await c.query('select 1 from public.notification_preferences where user_id = $1', [customer.id])).rows,
    ).toEqual([]);
  });

  it('a deleted user gets nothing', async () => {
    const customer = await person('customer', 'Jo Customer');
    const designer = await person('designer', 'Kit Designer');
    await nudge(customer.id, designer.id, 'Garden room');
    await deleteUsers(c, [designer.id]);
    await run();
    // A later mail to someone else shows the run has finished.
    const other = await person('designer', 'Lee Designer');
    await nudge(customer.id, other.id, 'Garden shed');
    await run();
    await latestMailTo(other.email);
    expect(await mailCount(designer.email)).toBe(0);
  });

  it('a message is mailed only when still unread 10 minutes later, once per conversation per hour', async () => {
    const customer = await person('customer', 'Mo Customer');
    const designer = await person('designer', 'Nia Designer');
    const p = await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, $2, 'Reading nook', 'A room that needs furnishing', 'Portland, OR', 400, 1000, 'soft', 'active') returning id`,
      [customer.id, designer.id],
    );
    const project = p.rows[0]!.id;
    const say = async (content: string) => {
      const r = await asActor(
        c,
        user(customer.id),
        `insert into public.messages (project_id, sender_id, content) values ($1, $2, $3)`,
        [project, customer.id, content],
      );
      if (!r.ok) throw new Error(`message refused: ${r.code} ${r.message}`);
    };
    const age = (minutes: number) =>
      c.query(
        `update public.notifications set created_at = created_at - make_interval(mins => $2)
          where user_id = $1 and kind = 'message_received'`,
        [designer.id, minutes],
      );
    const states = async () =>
      (
        await c.query<{ mailed: boolean }>(
          `select mailed_at is not null as mailed from public.notifications
            where user_id = $1 and kind = 'message_received' order by created_at, id`,
          [designer.id],
        )
      ).rows.map((r) => r.mailed);

    await say('Hello!');
    await say('Are you free on Monday?');
    // Fresh: they may still be read in the app.
    await run();
    expect(await states()).toEqual([false, false]);

    await age(11);
    await run();
    const mail = await latestMailTo(designer.email);
    // Both unread messages in one mail, a digest quoting the latest (docs/security.md, "Mail").
    expect(mail.Subject).toBe('2 new messages from Mo Customer about "Reading nook"');
    expect(mail.Text).toContain('The latest: Mo Customer sent you a message about "Reading nook"');
    expect(mail.Text).toContain('Mo Customer wrote:\n> Are you free on Monday?');
    expect(await states()).toEqual([true, true]);

    // Within the hour, another unread message of the same conversation waits.
    await say('Also, the rug arrived.');
    await age(11);
    await run();
    expect(await states()).toEqual([true, true, false]);
    expect(await mailCount(designer.email)).toBe(1);

    // One read in the app is never mailed.
    await c.query(
      `update public.notifications set read_at = now(), created_at = created_at - interval '2 hours'
        where user_id = $1 and kind = 'message_received'`,
      [designer.id],
    );
    await c.query(
      `update public.notifications set mailed_at = mailed_at - interval '2 hours' where user_id = $1 and mailed_at is not null`,
      [designer.id],
    );
    await run();
    expect(await states()).toEqual([true, true, false]);
    expect(await mailCount(designer.email)).toBe(1);
  });
});
