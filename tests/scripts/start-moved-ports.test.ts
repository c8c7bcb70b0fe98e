import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISHABLE_KEY, loadConfig, wipeData } from '@good-space/local-supabase';
import { extractLink, latestMailTo, nodeOptions, uniqueEmail } from '@good-space/local-supabase/testing';
import { repoRoot } from '../../scripts/lib/repo-root.ts';

// `npm start` with every port the README lets a user move moved at once (APP_PORT, LOCAL_SUPABASE_API_PORT,
// LOCAL_SUPABASE_DB_PORT, LOCAL_SUPABASE_INBOX_PORT, LOCAL_SUPABASE_SMTP_PORT): the app talks to the moved API,
// the demo logins are printed with their password, e-mail links lead back to the app's port, and checkout accepts
// return URLs on it (ADR 0016). The demo accounts come from supabase/seed.sql (docs/demo-logins.md).
const BASE = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + 420;
const API_PORT = BASE + 1;
const DB_PORT = BASE + 2;
const INBOX_PORT = BASE + 4;
const APP_PORT = BASE + 5;
const SMTP_PORT = BASE + 6;
const APP = `http://localhost:${APP_PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;
const INBOX = `http://127.0.0.1:${INBOX_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-start-ports-'));

let start: ChildProcess;
let output = '';

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

/** What the moved stack's database is doing right now: its active sessions, what they wait on, since when. */
async function busyWith(): Promise<string> {
  const db = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${DB_PORT}/postgres` });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select pid, application_name, state, wait_event_type, wait_event, now() - xact_start as xact_age,
              left(query, 160) as query
         from pg_stat_activity where state <> 'idle' and pid <> pg_backend_pid()`,
    );
    return JSON.stringify(rows);
  } finally {
    await db.end();
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_PORT: String(APP_PORT),
    LOCAL_SUPABASE_API_PORT: String(API_PORT),
    LOCAL_SUPABASE_DB_PORT: String(DB_PORT),
    LOCAL_SUPABASE_INBOX_PORT: String(INBOX_PORT),
    LOCAL_SUPABASE_SMTP_PORT: String(SMTP_PORT),
    LOCAL_SUPABASE_DATA_DIR: dataDir,
    LOCAL_SUPABASE_TEST: '1',
  };
  // What npm start works out by itself must not come from this process.
  for (const name of [
    'SITE_URL',
    'ALLOWED_ORIGINS',
    'VITE_SUPABASE_URL',
    'VITE_SUPABASE_PUBLISHABLE_KEY',
    'LOCAL_SUPABASE_FUNCTIONS_DIRS',
  ]) {
    delete env[name];
  }
  start = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      // The summary is printed in one piece once the stack and the app are up.
      if (/Good Space is running[\s\S]*Demo logins[^\n]*\n(.*\n){4}/.test(output)) resolve();
    };
    start.stdout!.on('data', onData);
    start.stderr!.on('data', onData);
    start.once('exit', (code) => reject(new Error(`npm start exited early (${code}):\n${output}`)));
  });
});

afterAll(async () => {
  if (start && start.exitCode === null && start.signalCode === null) {
    start.kill('SIGINT');
    await exited(start);
  }
  wipeData(loadConfig({ dataDir }));
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(API, DEFAULT_PUBLISHABLE_KEY, nodeOptions);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/** Where a mailed link sends the browser after the API has verified it. */
async function landing(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

describe('npm start with every port moved', () => {
  it('prints the moved URLs and the demo logins as plain text with their password', () => {
    expect(output).toContain(`App            ${APP}`);
    expect(output).toContain(`API            ${API}`);
    expect(output).toContain(`Mail inbox     ${INBOX}`);
    expect(output).toContain(`Mail SMTP      smtp://127.0.0.1:${SMTP_PORT}`);
    const logins = /Demo logins[^\n]*\n((?:.*\n){4})/.exec(output)![1]!;
    expect(logins).not.toMatch(/[`*|]/);
    expect(logins).toMatch(/^ {4}Role {2,}E-mail {2,}Password$/m);
    expect(logins).toMatch(/^ {4}customer {2,}customer@goodspace\.test {3}GoodSpace123$/m);
    expect(logins).toMatch(/^ {4}designer {2,}designer@goodspace\.test {3}GoodSpace123$/m);
  });

  it('serves the app pointed at the moved API', async () => {
    const res = await fetch(`${APP}/src/config/env.ts`);
    expect(res.status).toBe(200);
    const code = await res.text();
    expect(code).toContain(`"VITE_SUPABASE_URL": "${API}"`);
  });

  const email = uniqueEmail('moved');

  it('mails a sign-up link that leads back to the app on its port', async () => {
    const { error } = await createClient(API, DEFAULT_PUBLISHABLE_KEY, nodeOptions).auth.signUp({
      email,
      password: 'Passw0rd-Good',
      options: { data: { full_name: 'Moved Port', username: `moved-${email.slice(6, 14)}`, role: 'customer' } },
    });
    expect(error).toBeNull();
    const link = extractLink(
      (await latestMailTo(email, undefined, { inboxUrl: INBOX, subject: 'Confirm your signup' })).HTML,
    );
    expect(link.startsWith(`${API}/auth/v1/verify?`)).toBe(true);
    // No redirect_to in the request: auth sends the user to site_url, which follows the app.
    const to = await landing(link);
    expect(to.origin).toBe(APP);
    expect(new URLSearchParams(to.hash.slice(1)).get('type')).toBe('signup');
  });

  it('mails a password-reset link that leads to the app page that asked for it', async () => {
    const client = createClient(API, DEFAULT_PUBLISHABLE_KEY, nodeOptions);
    const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/auth?reset=true` });
    expect(error).toBeNull();
    const to = await landing(
      extractLink((await latestMailTo(email, undefined, { inboxUrl: INBOX, subject: 'Reset your password' })).HTML),
    );
    expect(`${to.origin}${to.pathname}${to.search}`).toBe(`${APP}/auth?reset=true`);
    expect(new URLSearchParams(to.hash.slice(1)).get('type')).toBe('recovery');
  });

  it('accepts checkout return URLs on the app’s port, under both loopback names, and still refuses others', async () => {
    const customer = await signedIn('nosub@goodspace.test', 'GoodSpace123');
    for (const origin of [APP, `http://127.0.0.1:${APP_PORT}`]) {
      const { data, error } = await customer.functions.invoke<{ url: string; provider: string }>('create-checkout', {
        body: { plan: 'client', successUrl: `${origin}/payment-success`, cancelUrl: `${origin}/pricing` },
      });
      expect(error).toBeNull();
      expect(data!.provider).toBe('sandbox');
      expect(data!.url.startsWith(`${origin}/sandbox/checkout?session=`)).toBe(true);
    }
    // The default origins are not the app here, and a return URL there is refused (no open redirect).
    const { error } = await customer.functions.invoke('create-checkout', {
      body: { plan: 'client', successUrl: 'http://localhost:5173/payment-success' },
    });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_return_url' });
  });

  it('mails a nudge to the designer through the minute job into the moved inbox (ADR 0025)', async () => {
    const customer = await signedIn('customer@goodspace.test', 'GoodSpace123');
    const designer = await signedIn('designer@goodspace.test', 'GoodSpace123');
    const designerId = (await designer.auth.getUser()).data.user!.id;
    const customerId = (await customer.auth.getUser()).data.user!.id;
    const title = `Moved-port den ${Date.now()}`;
    const project = await customer
      .from('projects')
      .insert({
        customer_id: customerId,
        title,
        description: 'A room that needs furnishing',
        location: 'Portland, OR',
        space_size: 400,
        budget: 1000,
        budget_type: 'soft',
        status: 'pending',
      })
      .select('id')
      .single();
    expect(project.error).toBeNull();
    const nudge = await customer
      .from('designer_nudges')
      .insert({ client_id: customerId, designer_id: designerId, project_id: project.data!.id });
    // Twice this insert ran past its statement timeout in a full `npm test` (and never alone): say what the
    // database was busy with, should it happen again.
    if (nudge.error) throw new Error(`${JSON.stringify(nudge.error)}\nbusy: ${await busyWith()}`);
    // pg_cron runs the job at the start of a minute; pg_net posts to the function, which mails over SMTP.
    const who = await customer.from('profiles').select('full_name').eq('id', customerId).single();
    const mail = await latestMailTo('designer@goodspace.test', 110_000, {
      inboxUrl: INBOX,
      subject: `${who.data!.full_name} nudged you about "${title}"`,
    });
    expect(mail.Text).toContain(`Answer the nudge: ${APP}/designer-nudges`);
  });

  it('stops everything on Ctrl-C', async () => {
    start.kill('SIGINT');
    expect(await exited(start)).toBe(0);
    for (const port of [API_PORT, DB_PORT, INBOX_PORT, SMTP_PORT, APP_PORT])
      expect(await portOpen(port), String(port)).toBe(false);
  });
});
