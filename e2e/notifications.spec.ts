import { expect, test } from './support/test.ts';
import { admin, createProject, fullName } from './designers-fixtures.ts';
import pg from 'pg';
import { E2E_PORT_BASE } from './stack-ports.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mailFromInbox, mailsTo } from './support/inbox.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

/** Matches a name containing `text` as written (a menu item's name also holds its state, body and time). */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Writes notifications for `user` as the database's own triggers do (they run as the table's owner; clients
 * cannot insert), newest last; `created_at` one second apart so the page's order is known.
 */
async function notify(user: TestUser, titles: string[], link = '/designer-nudges') {
  const start = Date.now() - titles.length * 1000;
  const { error } = await admin.from('notifications').insert(
    titles.map((title, i) => ({
      user_id: user.id,
      kind: 'nudge_received',
      title,
      link,
      created_at: new Date(start + i * 1000).toISOString(),
    })),
  );
  if (error) throw new Error(JSON.stringify(error));
}

test('the bell counts a new notification live for its recipient only, announces it, opens it and marks it read', async ({
  browser,
  designer,
  customer,
}) => {
  const designerContext = await browser.newContext();
  const page = await designerContext.newPage();
  await signInBrowser(page, designer);
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signInBrowser(customerPage, customer);

  // The bell's feed is live once Realtime confirms its channel (changes before that come with its catch-up read).
  const feedLive = page
    .waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/realtime/v1/') })
    .then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) =>
          String(frame.payload).includes(`notifications:${designer.id}`) &&
          String(frame.payload).includes('Subscribed to PostgreSQL'),
      }),
    );
  await page.goto('/settings');
  await customerPage.goto('/settings');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(customerPage.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
  await feedLive;

  await notify(designer, ['Sam nudged you about "Loft refresh"']);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByRole('status').filter({ hasText: 'New notification' })).toHaveText(
    'New notification: Sam nudged you about "Loft refresh"',
  );
  // The customer's bell is not told (row-level security per subscriber).
  await customerPage.reload();
  await expect(customerPage.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');

  await bell.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /Sam nudged you about "Loft refresh"/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu.getByRole('menuitem', { name: /Sam nudged you about "Loft refresh"/ }).click();
  await expect(page).toHaveURL(/\/designer-nudges$/);
  await expect(bell).toHaveAccessibleName('Notifications');
});

test('/notifications pages through them and marks one or all read', async ({ page, designer }) => {
  await notify(
    designer,
    Array.from({ length: 25 }, (_, i) => `Notification ${i + 1}`),
  );
  await signInBrowser(page, designer);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Notification 25');
  await expect(page.getByText('25 unread')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(25);
  await expect(items.last()).toContainText('Notification 1');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Mark as read: Notification 25' }).click();
  await expect(page.getByText('24 unread')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 24 unread' })).toBeVisible();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All caught up')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // Read in the database, not only on screen.
  await page.reload();
  await expect(page.getByText('All caught up')).toBeVisible();
});

test("a nudge rings the designer's bell and mails them, the accepted quote the customer's; unsubscribing stops the next nudge mail", async ({
  browser,
  makeUser,
}) => {
  const customer = await makeUser({ role: 'customer', subscribed: true, location: '45.5152,-122.6784' });
  const designer = await makeUser({
    role: 'designer',
    designerProfile: { location: '44.9429,-123.0351', specialties: ['Scandinavian'], base_rate: 300 },
  });
  const project = await createProject(customer, { title: 'Loft refresh' });
  const attic = await createProject(customer, { title: 'Attic office' });
  const designerName = await fullName(designer);
  const customerName = await fullName(customer);

  const designerPage = await (await browser.newContext()).newPage();
  await signInBrowser(designerPage, designer);
  await designerPage.goto('/dashboard/designer');
  const designerBell = designerPage.getByRole('button', { name: /^Notifications/ });
  await expect(designerBell).toHaveAccessibleName('Notifications');

  const customerPage = await (await browser.newContext()).newPage();
  await signInBrowser(customerPage, customer);
  await customerPage.goto('/browse-designers');
  const customerBell = customerPage.getByRole('button', { name: /^Notifications/ });
  await expect(customerBell).toHaveAccessibleName('Notifications');
  await customerPage
    .getByTestId('designer-card')
    .filter({ hasText: designerName })
    .getByRole('button', { name: `Nudge ${designerName}` })
    .click();
  const dialog = customerPage.getByRole('dialog');
  await dialog.getByLabel('Project').selectOption({ label: project.title });
  await dialog.getByRole('button', { name: 'Send Nudge' }).click();
  await expect(customerPage.getByText('Nudge sent! The designer will be notified.')).toBeVisible();

  // The designer's bell, without a reload, and a mail written for a person, with one button to the nudges.
  await expect(designerBell).toHaveAccessibleName('Notifications, 1 unread');
  const nudgeSubject = `${customerName} nudged you about "Loft refresh"`;
  const nudgeMail = await mailFromInbox(designer.email, literally(nudgeSubject));
  expect(nudgeMail.Subject).toBe(nudgeSubject);
  expect(nudgeMail.Text).toContain(`/designer-nudges`);
  const unsubscribeLink = /Stop these e-mails: (\S+)/.exec(nudgeMail.Text)?.[1];
  expect(unsubscribeLink).toMatch(/\/unsubscribe\?token=/);
  await designerBell.click();
  await designerPage
    .getByRole('menu')
    .getByRole('menuitem', { name: literally(`${customerName} nudged you about "Loft refresh"`) })
    .click();
  await expect(designerPage).toHaveURL(/\/designer-nudges$/);
  await expect(designerBell).toHaveAccessibleName('Notifications');

  const nudgeCard = designerPage.getByTestId('nudge-card').filter({ hasText: project.title });
  await nudgeCard.getByRole('button', { name: 'Accept & Send Quote' }).click();
  const quote = designerPage.getByRole('dialog');
  await quote.getByLabel('Quote amount ($)').fill('1200');
  await quote.getByRole('button', { name: 'Accept & Send Quote' }).click();
  await expect(designerPage.getByText('Nudge accepted! Client will be notified with your quote.')).toBeVisible();

  // The customer's bell, without a reload, with the quote; and the mail says it too.
  await expect(customerBell).toHaveAccessibleName('Notifications, 1 unread');
  const quoteTitle = `${designerName} accepted your nudge about "Loft refresh" with a quote of $1,200`;
  await customerBell.click();
  await expect(customerPage.getByRole('menu').getByRole('menuitem', { name: literally(quoteTitle) })).toBeVisible();
  await customerPage.keyboard.press('Escape');
  expect((await mailFromInbox(customer.email, literally(quoteTitle))).Subject).toBe(quoteTitle);

  // The mail's link works signed out: the page asks, the button turns nudge mails off.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(unsubscribeLink!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(visitor.getByText('Stop e-mails about nudges from customers?')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status')).toHaveText('You are unsubscribed');

  // The next nudge still rings the bell, but once the mail job has run since, no mail came.
  await customerPage
    .getByTestId('designer-card')
    .filter({ hasText: designerName })
    .getByRole('button', { name: `Nudge ${designerName}` })
    .click();
  await customerPage.getByRole('dialog').getByLabel('Project').selectOption({ label: attic.title });
  await customerPage.getByRole('dialog').getByRole('button', { name: 'Send Nudge' }).click();
  await expect(customerPage.getByText('Nudge sent! The designer will be notified.')).toBeVisible();
  await expect(designerBell).toHaveAccessibleName('Notifications, 1 unread');
  await mailJobRanSinceNow();
  expect(await mailsTo(designer.email, literally('nudged you about "Attic office"'))).toEqual([]);
  expect(await mailsTo(designer.email, /nudged you/)).toHaveLength(1);
});

/**
 * Waits until the mail job has called the function, and been answered, at least once after this moment: a
 * request queued later than every request so far (pg_net's ids only grow) claimed whatever was due by then.
 */
async function mailJobRanSinceNow(): Promise<void> {
  const db = new pg.Client({
    connectionString: `postgresql://postgres:postgres@127.0.0.1:${E2E_PORT_BASE + 2}/postgres`,
  });
  await db.connect();
  try {
    const { rows } = await db.query<{ last: string }>(
      `select case when is_called then last_value else 0 end as last from net.http_request_queue_id_seq`,
    );
    const since = Number(rows[0]!.last);
    await expect
      .poll(
        async () =>
          (
            await db.query(
              `select 1 from net._http_response
                where id > $1 and status_code = 200 and content like '%"claimed"%'`,
              [since],
            )
          ).rowCount,
        { message: 'a run of the mail job after the nudge', timeout: 60_000 },
      )
      .toBeGreaterThan(0);
  } finally {
    await db.end();
  }
}

test('on a phone the bell stays in the bar and the menu links to the notifications page with the count', async ({
  page,
  designer,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await notify(designer, ['First', 'Second']);
  await signInBrowser(page, designer);
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const entry = page.getByRole('link', { name: 'Notifications, 2 unread' });
  await expect(entry).toBeVisible();
  await expectNoAxeViolations(page);
  await entry.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('notification')).toHaveCount(2);
});
