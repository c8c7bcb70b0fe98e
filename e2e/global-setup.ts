import path from 'node:path';
import pg from 'pg';
import { loadConfig, startStack, wipeData } from '@good-space/local-supabase';
import { writeMailJobSettings } from '../scripts/lib/mail-job-settings.mjs';
import { writeLocalPushServiceUrl } from '../scripts/lib/push-service-setting.mjs';
import { loadPlaces } from '../scripts/places/load-places.ts';
import { E2E_APP_PORT, E2E_APP_URL, E2E_PORT_BASE } from './stack-ports.ts';

/**
 * One fresh local stack (new database, migrations, seed) for the whole Playwright run, like the integration
 * tests' global setup but on the e2e ports. Playwright calls the returned function as the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  process.env.LOCAL_SUPABASE_TEST = '1';
  // The app's origin, as `npm start` passes it: auth's site_url and the payment functions' allowed return
  // origins follow it (supabase/config.toml env(SITE_URL), ADR 0016), so the journeys run on any E2E_APP_PORT.
  process.env.SITE_URL = E2E_APP_URL;
  process.env.ALLOWED_ORIGINS = `http://localhost:${E2E_APP_PORT}`;
  // Notification mails go to this stack's inbox (its SMTP port), as `npm start` hands them (ADR 0025); set
  // before loadConfig, which resolves config.toml's env(SMTP_PORT).
  const smtpPort = E2E_PORT_BASE + 5;
  if (!process.env.SMTP_HOST && !process.env.SMTP_PORT) process.env.SMTP_PORT = String(smtpPort);
  const config = loadConfig({
    apiPort: E2E_PORT_BASE + 1,
    dbPort: E2E_PORT_BASE + 2,
    inboxPort: E2E_PORT_BASE + 4,
    smtpPort,
    pushPort: E2E_PORT_BASE + 6,
    dataDir: path.join('.data', `e2e-${E2E_PORT_BASE}`),
    testMode: true,
  });
  wipeData(config);
  const verbose = process.env.LOCAL_SUPABASE_TEST_LOGS === '1';
  const stack = await startStack(config, (source, msg) => {
    if (verbose) console.log(`[${source}] ${msg}`);
  });
  // The places gazetteer, as `npm start` loads it (ADR 0024).
  try {
    await loadPlaces({ dbUrl: config.dbUrl, exclusive: true });
    // What `npm start` writes for the mail job (ADR 0025), which the milestones' and the orders' jobs read too; the
    // journeys then run the three jobs every 2 seconds instead of every minute, so a mail arrives, a milestone due
    // for its automatic release or a payout waiting for Get paid is settled, and an order past its 48 hours is paid
    // to its seller, while a journey waits for it.
    await writeMailJobSettings({ dbUrl: config.dbUrl, apiUrl: config.apiUrl, secretKey: config.secretKey });
    // The journeys' devices are the stack's push service's, as under `npm start` (docs/security.md, "Push endpoints").
    await writeLocalPushServiceUrl({ dbUrl: config.dbUrl, pushUrl: config.pushUrl });
    await everyTwoSeconds(config.dbUrl);
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return () => stack.stop();
}

async function everyTwoSeconds(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `select cron.schedule('send-notification-mails', '2 seconds', 'select private.request_notification_mails()')`,
    );
    // docs/payments.md, "Design fee milestones": the job posts only when there is work, so every 2 s costs a query.
    await db.query(
      `select cron.schedule('settle-milestones', '2 seconds', 'select private.request_milestone_settlement()')`,
    );
    // docs/orders.md: the same for held orders (releases after the 48 hours, pickup reminders, pending payouts).
    await db.query(`select cron.schedule('settle-orders', '2 seconds', 'select private.request_order_settlement()')`);
    // docs/notifications.md, "The push half": posts only when a push may be due.
    await db.query(`select cron.schedule('send-push', '2 seconds', 'select private.request_notification_pushes()')`);
    // docs/find-it-first.md: a new piece's saved-search alerts reach the bell within seconds (every 5 s by default).
    await db.query(`select cron.schedule('send-search-alerts', '2 seconds', 'select private.send_search_alerts()')`);
  } finally {
    await db.end();
  }
}
