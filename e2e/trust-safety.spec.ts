import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPiece, pageAs } from './support/market.ts';

/**
 * Report and Block as people meet them (docs/trust-and-safety.md), in real Chromium against the real stack: a buyer
 * asks about a piece; its seller reports the message and then blocks the buyer from the conversation. The
 * conversation stays readable but closed on both sides, the buyer never told why; the seller unblocks from
 * Settings' Blocked people and the conversation opens again.
 */
test('a seller reports a message, blocks the buyer, and unblocks them from Settings', async ({ browser, makeUser }) => {
  const [seller, buyer] = await Promise.all([
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
  ]);
  const title = `Teak sideboard ${randomUUID().slice(0, 6)}`;
  const pieceId = await listPiece(seller, title, 420);

  const b = await pageAs(browser, buyer);
  await b.goto(`/good-stuff/${pieceId}`);
  await b.getByRole('button', { name: 'Ask the seller' }).click();
  await expect(b).toHaveURL(new RegExp(`/good-stuff/${pieceId}/conversation/[0-9a-f-]{36}$`));
  const conversationUrl = b.url();
  await b.getByRole('textbox', { name: 'Message' }).fill('Pay me outside Good Space and I will collect.');
  await b.getByRole('button', { name: 'Send' }).click();
  await expect(b.getByTestId('listing-message').filter({ hasText: 'Pay me outside' })).toContainText('You');

  const s = await pageAs(browser, seller);
  await s.goto(conversationUrl);
  const theirs = s.getByTestId('listing-message').filter({ hasText: 'Pay me outside' });
  await theirs.getByRole('button', { name: /^Report the message from / }).click();
  const report = s.getByRole('dialog', { name: /^Report the message from / });
  await report.getByRole('radio', { name: 'Scam or fraud' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(s.locator('[data-sonner-toast]').filter({ hasText: 'Thanks for telling us.' })).toBeVisible();
  // A second report of the same message while the first is open.
  await theirs.getByRole('button', { name: /^Report the message from / }).click();
  await report.getByRole('radio', { name: 'Spam' }).check();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('alert')).toHaveText('You already reported this.');
  await report.getByRole('button', { name: 'Cancel' }).click();

  await s.getByRole('button', { name: /^Block / }).click();
  const confirm = s.getByRole('dialog', { name: /^Block .*\?$/ });
  await expect(confirm).toContainText('They are not told.');
  await confirm.getByRole('button', { name: 'Block' }).click();
  const sellerNotice = s.getByRole('status').filter({ hasText: "You can't contact this person." });
  await expect(sellerNotice.getByRole('button', { name: /^Unblock / })).toBeVisible();
  await expect(s.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expectNoAxeViolations(s);

  // The buyer's open page: a send is refused with the database's sentence, and the thread closes, saying no more.
  await b.getByRole('textbox', { name: 'Message' }).fill('Hello?');
  await b.getByRole('button', { name: 'Send' }).click();
  await expect(b.locator('[data-sonner-toast]').filter({ hasText: "You can't contact this person." })).toBeVisible();
  const buyerNotice = b.getByRole('status').filter({ hasText: "You can't contact this person." });
  await expect(buyerNotice).toBeVisible();
  await expect(buyerNotice.getByRole('button')).toHaveCount(0);
  await expect(b.getByText(/blocked you/i)).toHaveCount(0);

  await s.goto('/settings');
  const blocked = s.getByRole('region', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: /^Unblock / }).click();
  await expect(blocked.getByText("You haven't blocked anyone.")).toBeVisible();
  // The unblock's toast comes with the list or just after it: seen first, so the check below waits for it to go
  // (axe measuring a toast mid fade-in reads low contrast).
  await expect(s.getByText(/^You unblocked /)).toBeVisible();
  await expectNoAxeViolations(s);

  await b.reload();
  await expect(b.getByRole('textbox', { name: 'Message' })).toBeVisible();
});
