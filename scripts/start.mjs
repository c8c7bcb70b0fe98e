#!/usr/bin/env node
// `npm start`: install what is missing, start the local Supabase (with demo data) and the app.
// Ctrl-C stops everything it started, PostgreSQL included.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDemoLogins, parseDemoLogins } from './lib/demo-logins.mjs';
import { ensureDependencies } from './lib/ensure-deps.mjs';
import { writeMailJobSettings } from './lib/mail-job-settings.mjs';
import { writeLocalPushServiceUrl } from './lib/push-service-setting.mjs';
import { portFree } from './lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP_PORT = Number(process.env.APP_PORT ?? 5173);
// The app's origin, for the stack: auth's site_url and the payment functions' return-URL allow list follow it
// (supabase/config.toml reads SITE_URL and ALLOWED_ORIGINS through env(), ADR 0016), so e-mail links and checkout
// return URLs work on whatever port the app is given.
const APP_URL = `http://localhost:${APP_PORT}`;
const APP_ORIGINS = { SITE_URL: APP_URL, ALLOWED_ORIGINS: `http://127.0.0.1:${APP_PORT}` };
// Notification mail (ADR 0025) goes to the stack's inbox over SMTP: the function's default is the CLI's port
// (54325), so a moved inbox or SMTP port is handed to it as SMTP_PORT, worked out as the stack does, unless SMTP
// settings were given.
const SMTP_ENV =
  process.env.SMTP_HOST || process.env.SMTP_PORT
    ? {}
    : {
        SMTP_PORT: String(
          Number(process.env.LOCAL_SUPABASE_SMTP_PORT || 0) ||
            Number(process.env.LOCAL_SUPABASE_INBOX_PORT || 54324) + 1,
        ),
      };

ensureDependencies(root);

if (!(await portFree(APP_PORT, 'localhost'))) {
  console.error(
    `Port ${APP_PORT} (the app) is already in use. Stop whatever holds it (\`fuser -k ${APP_PORT}/tcp\`), or run with APP_PORT=<port>.`,
  );
  process.exit(1);
}

const children = [];
let shuttingDown = false;

function prefixLines(stream, prefix, onLine) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      onLine?.(line);
      process.stdout.write(`${prefix}${line}\n`);
    }
  });
}

function run(name, cmd, args, env, onLine) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  prefixLines(child.stdout, `${name} | `, onLine);
  prefixLines(child.stderr, `${name} | `, onLine);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`${name} exited (${signal ?? code}); stopping everything.`);
      shutdown(code || 1);
    }
  });
  return child;
}

async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  // Stop the app first, then the stack (which stops PostgreSQL cleanly on SIGINT).
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    await new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => (clearTimeout(timer), resolve()));
      child.kill('SIGINT');
    });
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// TypeScript entry points run in one Node process with tsx as a loader, not through the `tsx` command: that
// command relays a signal to its child and SIGKILLs it when the child does not acknowledge within ~30 ms (a busy
// machine), which would leave PostgreSQL running after Ctrl-C.
const tsNode = (file, ...args) => [process.execPath, ['--import', 'tsx', file, ...args]];

const statusLines = [];
const get = (k) =>
  statusLines
    .find((l) => l.startsWith(`${k}=`))
    ?.split('=')
    .slice(1)
    .join('=')
    .replace(/^"|"$/g, '');
// The stack prints 'local Supabase ready' first and its status lines after it: wait for both, as the app is
// given the API's URL and key from them.
await new Promise((resolve) => {
  let ready = false;
  run('supabase', process.execPath, [bin('local-supabase'), 'stack'], { ...APP_ORIGINS, ...SMTP_ENV }, (line) => {
    if (/^[A-Z_]+="/.test(line)) statusLines.push(line);
    if (line.startsWith('local Supabase ready')) ready = true;
    if (ready && ['API_URL', 'DB_URL', 'INBUCKET_URL', 'PUBLISHABLE_KEY', 'SECRET_KEY'].every(get))
      resolve();
  });
});

// The minute jobs' settings (ADR 0025): the URL and the secret key, wherever the ports are.
try {
  await writeMailJobSettings({ dbUrl: get('DB_URL'), apiUrl: get('API_URL'), secretKey: get('SECRET_KEY') });
} catch (err) {
  console.error(`settings | notification mails stay unsent: private.settings could not be written (${err.message})`);
}
// The stack's own push service is where devices may subscribe on it (docs/security.md, "Push endpoints").
try {
  await writeLocalPushServiceUrl({ dbUrl: get('DB_URL'), pushUrl: get('PUSH_URL') });
} catch (err) {
  console.error(`settings | push to this stack's devices stays off: private.settings could not be written (${err.message})`);
}

// The app talks to the stack just started, wherever its ports are (LOCAL_SUPABASE_API_PORT): the process
// environment outranks .env.development for Vite.
await new Promise((resolve) => {
  const appEnv = { VITE_SUPABASE_URL: get('API_URL'), VITE_SUPABASE_PUBLISHABLE_KEY: get('PUBLISHABLE_KEY') };
  run('app', bin('vite'), ['--port', String(APP_PORT), '--strictPort'], appEnv, (line) => {
    if (/Local:|ready in/.test(line)) resolve();
  });
});

// Demo images live in Storage, so they are uploaded once the stack is up. The first run draws and uploads
// over a hundred images, so it runs beside the app instead of delaying it; later runs skip what is there.
const seedStorage = path.join(root, 'scripts', 'seed-storage.ts');
if (existsSync(seedStorage)) {
  const child = run('seed', ...tsNode(seedStorage), {}, undefined);
  child.removeAllListeners('exit');
  child.on('exit', (code) => {
    children.splice(children.indexOf(child), 1);
    if (code !== 0 && !shuttingDown)
      console.error('seed | uploading demo images failed; the app still runs, some pictures may be missing');
  });
}

// The places gazetteer (ADR 0024), beside the app as well: the first run loads ~170,000 rows in a few seconds;
// later runs find the same dataset recorded and stop after one query.
const places = run(
  'places',
  ...tsNode(path.join(root, 'scripts', 'places', 'load-places.ts'), '--db-url', get('DB_URL')),
  {},
  undefined,
);
places.removeAllListeners('exit');
places.on('exit', (code) => {
  children.splice(children.indexOf(places), 1);
  if (code !== 0 && !shuttingDown)
    console.error('places | loading the places failed; the app still runs, place suggestions may be empty');
});

const logins = path.join(root, 'docs', 'demo-logins.md');
console.log(`
  Good Space is running. Ctrl-C stops everything.

  App            ${APP_URL}
  API            ${get('API_URL')}
  Database       ${get('DB_URL')}
  Mail inbox     ${get('INBUCKET_URL')}
  Mail SMTP      ${get('SMTP_URL')}
  Push service   ${get('PUSH_URL')}
  Publishable    ${get('PUBLISHABLE_KEY')}
  Secret key     ${get('SECRET_KEY')}  (server side only: never in a browser)
${existsSync(logins) ? `\n  Demo logins (more accounts, same password, in docs/demo-logins.md):\n${formatDemoLogins(parseDemoLogins(readFileSync(logins, 'utf8')))}\n` : ''}`);
