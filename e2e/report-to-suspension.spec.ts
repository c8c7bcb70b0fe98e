import { randomUUID } from 'node:crypto';
import { fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPiece, pageAs } from './support/market.ts';
import { expect, test } from './support/test.ts';

/**
 * Trust and safety from a report to a suspension (docs/trust-and-safety.md), in real Chromium against the real
 * stack: a customer reports a piece as not as described and blocks its seller, who can then no longer write to
 * them; an operator hides the piece (gone from Good Stuff for everyone) and suspends the seller (whose next
 * sign-in is refused with the message); the customer's notifications tell them the outcome; the audit log shows
 * both actions with their reasons. Axe checks the console's pages and its action dialog on the way.
 */
test('a report and a block lead an operator to hide the piece and suspend its seller', async ({
  browser,
  makeUser,
}) => {
  const [seller, customer, bystander, operator] = await Promise.all([
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'customer' }),
    makeUser({ role: 'customer', operator: true }),
  ]);
  const word = randomUUID().slice(0, 8);
  const title = `Walnut dresser ${word}`;
  const pieceId = await listPiece(seller, title, 240);
  const sellerName = await fullName(seller);

  // The customer asks about the piece, then reports it as not as described.
  const c = await pageAs(browser, customer);
  await c.goto(`/good-stuff/${pieceId}`);
  await c.getByRole('button', { name: 'Ask the seller' }).click();
  await expect(c).toHaveURL(new RegExp(`/good-stuff/${pieceId}/conversation/[0-9a-f-]{36}$`));
  const conversationUrl = c.url();
  await c.getByRole('textbox', { name: 'Message' }).fill('Is the veneer really without chips?');
  await c.getByRole('button', { name: 'Send' }).click();
  await expect(c.getByTestId('listing-message').filter({ hasText: 'veneer' })).toBeVisible();

  await c.goto(`/good-stuff/${pieceId}`);
  await c.getByRole('button', { name: `Report ${title}` }).click();
  const report = c.getByRole('dialog', { name: `Report ${title}` });
  await report.getByRole('radio', { name: 'Not as described' }).check();
  await report.getByLabel('Details (optional)').fill('The photos hide a split top and a missing drawer.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(c.locator('[data-sonner-toast]').filter({ hasText: 'Thanks for telling us.' })).toBeVisible();

  // ...and blocks its seller from the conversation.
  await c.goto(conversationUrl);
  await c.getByRole('button', { name: /^Block / }).click();
  await c
    .getByRole('dialog', { name: /^Block .*\?$/ })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(c.getByRole('status').filter({ hasText: "You can't contact this person." })).toBeVisible();

  // The seller can no longer write to them.
  const s = await pageAs(browser, seller);
  await s.goto(conversationUrl);
  await expect(s.getByTestId('listing-message').filter({ hasText: 'veneer' })).toBeVisible();
  await expect(s.getByRole('status').filter({ hasText: "You can't contact this person." })).toBeVisible();
  await expect(s.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  // The operator hides the piece from the queue (a reason is required), axe clean on each page and the dialog...
  const o = await pageAs(browser, operator);
  await o.goto('/admin');
  await expect(o.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = o.getByRole('listitem', { name: title });
  await expect(row).toContainText('Reported by 1 person');
  await expect(row.getByText('Not as described')).toBeVisible();
  await expectNoAxeViolations(o);
  await row.getByRole('link', { name: title }).click();
  await expect(o.getByRole('heading', { level: 1, name: `Piece: ${title}` })).toBeVisible();
  await expect(o.getByRole('region', { name: 'Reports' })).toContainText('a split top and a missing drawer');
  await expect(o.getByRole('link', { name: 'Open it in Good Space' })).toHaveAttribute(
    'href',
    `/good-stuff/${pieceId}`,
  );
  await expectNoAxeViolations(o);
  const hideReason = `Photos hide damage ${word}`;
  await o.getByRole('button', { name: 'Hide' }).click();
  const hide = o.getByRole('dialog', { name: 'Hide this piece?' });
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(hide.getByRole('alert')).toHaveText('Please give a reason');
  await expectNoAxeViolations(o);
  await hide.getByLabel('Reason').fill(hideReason);
  await hide.getByRole('button', { name: 'Hide' }).click();
  await expect(o.getByText('The piece is hidden.')).toBeVisible();
  // Read again: hidden, its report acted on, and Restore offered in Hide's place.
  await expect(o.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(o.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  // ...and suspends the seller, with another.
  const suspendReason = `Misleading listings ${word}`;
  await o.getByRole('button', { name: 'Suspend account' }).click();
  const suspend = o.getByRole('dialog', { name: `Suspend ${sellerName}?` });
  await suspend.getByLabel('Reason').fill(suspendReason);
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(o.getByText(`${sellerName} is suspended.`)).toBeVisible();
  await expect(o.getByRole('button', { name: 'Reinstate account' })).toBeVisible();

  // The piece is gone from Good Stuff for everyone: its search and its page.
  const b = await pageAs(browser, bystander);
  await b.goto(`/good-stuff?q=${word}`);
  await expect(b.getByText('No pieces match')).toBeVisible();
  await b.goto(`/good-stuff/${pieceId}`);
  await expect(b.getByRole('heading', { level: 1, name: 'Piece not found' })).toBeVisible();

  // The seller's next sign-in is refused with the message.
  const again = await (await browser.newContext()).newPage();
  await again.goto('/auth');
  await again.getByLabel('E-mail').fill(seller.email);
  await again.getByLabel('Password', { exact: true }).fill(seller.password);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    again.getByText('Your account is suspended. If you think this is a mistake, write to help@goodspace.app.'),
  ).toBeVisible();
  await expect(again).toHaveURL(/\/auth/);

  // The customer's notifications tell them the outcome.
  await c.goto('/notifications');
  await expect(c.getByText('We removed the listing you reported. Thank you.')).toBeVisible();
  await expectNoAxeViolations(c);

  // The queue no longer lists it; the audit log, on a phone, shows both actions with who and why, read-only.
  await o.goto('/admin');
  await expect(o.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(o.getByRole('listitem', { name: title })).toHaveCount(0);
  await o.setViewportSize({ width: 390, height: 844 });
  await o.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(o.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const hid = o.getByRole('listitem').filter({ hasText: hideReason });
  await expect(hid).toHaveAccessibleName('Hid · Piece');
  // support/users.ts names a user after the suffix of their address: E2E customer <suffix>.
  await expect(hid).toContainText(`E2E customer ${/^e2e-customer-(\w+)@/.exec(operator.email)?.[1]}`);
  await expect(hid.getByRole('link', { name: 'The piece' })).toHaveAttribute('href', `/admin/subject/piece/${pieceId}`);
  await expect(o.getByRole('listitem').filter({ hasText: suspendReason })).toHaveAccessibleName(/^Suspended/);
  await expect(o.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);
  await expectNoAxeViolations(o);
});
