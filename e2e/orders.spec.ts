import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPiece, pageAs } from './support/market.ts';

/**
 * Paying sellers (docs/payments.md, "Good Stuff orders and seller payouts"), in real Chromium against the real stack
 * and its payment sandbox (docs/payments.md, "The sandbox"): a designer sets up payouts from Settings; a customer
 * buys a piece with Buy Now and pays on the sandbox's page (held by Good Space until the handover, docs/orders.md);
 * both see the order; the seller offers a pickup time with the address, the buyer confirms it and then reads the
 * address, and the buyer's "Collected, all good" pays the seller, each page following the other without a reload;
 * another customer sees the piece Sold; two buyers pay for one piece and the second is refunded and told so.
 */

const SANDBOX_NOTICE = 'Sandbox: no real payment is made';

/** Buy Now on the piece's page, to the sandbox's payment page; returns the order's id. */
async function openPayment(page: Page, pieceId: string, label: string): Promise<string> {
  await page.goto(`/good-stuff/${pieceId}`);
  await page.getByRole('button', { name: label }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('note', { name: 'Sandbox notice' })).toContainText(SANDBOX_NOTICE);
  return new URL(page.url()).searchParams.get('order')!;
}

test('a designer gets paid: onboarding, Buy Now, the order from paid to completed, Sold, and the second payer refunded', async ({
  browser,
  makeUser,
}) => {
  const [seller, buyer, other, rival] = await Promise.all([
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
  ]);
  const suffix = randomUUID().slice(0, 6);
  const table = `Teak side table ${suffix}`;
  const lamp = `Brass lamp ${suffix}`;
  const tableId = await listPiece(seller, table, 85);
  const lampId = await listPiece(seller, lamp, 120);

  // --- Before the seller can be paid, buyers see no Buy Now (Make Offer and Ask the seller remain).
  const c = await pageAs(browser, buyer);
  await c.goto(`/good-stuff/${tableId}`);
  await expect(c.getByRole('button', { name: 'Make Offer' })).toBeVisible();
  await expect(c.getByRole('button', { name: 'Ask the seller' })).toBeVisible();
  await expect(c.getByRole('button', { name: /^Buy/ })).toHaveCount(0);

  // --- The designer sets up payouts from Settings in the sandbox: left half way first, then finished.
  const s = await pageAs(browser, seller);
  await s.goto('/settings');
  const card = s.getByRole('region', { name: 'Get paid' });
  await expect(card).toContainText('Get paid for your Good Stuff sales. You keep 100% of each sale.');
  await expect(card).toContainText('Not set up');
  await expectNoAxeViolations(s);
  await card.getByRole('button', { name: 'Get paid' }).click();
  await expect(s).toHaveURL('/sandbox/connect');
  await expect(s.getByRole('note', { name: 'Sandbox notice' })).toContainText(SANDBOX_NOTICE);
  await expectNoAxeViolations(s);
  await s.getByRole('button', { name: 'Leave unfinished' }).click();
  await expect(s).toHaveURL('/settings?payouts=return');
  await expect(card).toContainText('To finish, add your bank account.');
  await card.getByRole('button', { name: 'Continue setup' }).click();
  await expect(s).toHaveURL('/sandbox/connect');
  await s.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(s).toHaveURL('/settings?payouts=return');
  await expect(card).toContainText('Payouts enabled');
  // Sandbox accounts have no Stripe dashboard.
  await expect(card.getByRole('button', { name: 'Payout dashboard' })).toHaveCount(0);

  // --- The customer buys the table: Buy Now at the list price, the sandbox's payment page, then the order.
  await c.goto(`/good-stuff/${tableId}`);
  const orderId = await openPayment(c, tableId, 'Buy Now · $85');
  await expect(c.getByText(table)).toBeVisible();
  await expect(c.getByTestId('sandbox-amount')).toHaveText('$85');
  await expectNoAxeViolations(c);
  await c.getByRole('button', { name: 'Pay $85' }).click();
  await expect(c).toHaveURL(`/orders/${orderId}?checkout=done`);
  const buyerState = c.getByTestId('order-state');
  await expect(buyerState).toContainText('is paid when you collect the piece.');
  await expect(c.getByRole('heading', { name: 'Pickup conversation' })).toBeVisible();
  // Paid: each party reads the other's e-mail address (docs/decisions/0030-safe-by-default.md).
  await expect(c.getByRole('link', { name: new RegExp(`at ${seller.email}$`) })).toHaveAttribute(
    'href',
    `mailto:${seller.email}`,
  );
  await expectNoAxeViolations(c);

  // --- Both see the order in their lists.
  const c2 = await c.context().newPage();
  await c2.goto('/orders');
  await expect(c2.getByTestId('order-row').filter({ hasText: table })).toContainText('Paid · waiting for pickup');
  await expectNoAxeViolations(c2);
  await s.goto('/orders');
  await s.getByRole('tab', { name: 'Sales' }).click();
  await expect(s).toHaveURL('/orders?tab=sales');
  const sale = s.getByTestId('order-row').filter({ hasText: table });
  await expect(sale).toContainText('Paid');
  await sale.getByRole('link', { name: table }).click();
  await expect(s).toHaveURL(`/orders/${orderId}`);
  await expect(s.getByRole('heading', { level: 1, name: 'Your sale' })).toBeVisible();
  await expect(s.getByRole('link', { name: new RegExp(`at ${buyer.email}$`) })).toHaveAttribute(
    'href',
    `mailto:${buyer.email}`,
  );
  await expectNoAxeViolations(s);

  // --- The seller offers a pickup time tomorrow with the address; the buyer, live, confirms it and reads the address.
  await expect(s.getByTestId('order-state')).toContainText('You are paid when');
  await s.getByRole('button', { name: 'Offer pickup times' }).click();
  const offer = s.getByRole('dialog', { name: 'Offer pickup times' });
  const tomorrow = await s.evaluate(() => {
    const d = new Date(Date.now() + 24 * 3_600_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  const first = offer.getByRole('group', { name: 'Pickup time 1' });
  await first.getByLabel('Date').fill(tomorrow);
  await first.getByLabel('From').fill('10:00');
  await first.getByLabel('To').fill('12:00');
  await offer.getByLabel('Pickup address').fill('12 Alder Street, Salem');
  await expectNoAxeViolations(s);
  await offer.getByRole('button', { name: 'Offer these times' }).click();
  await expect(s.getByTestId('pickup-state')).toContainText('You offered these times.');
  await expect(c.getByTestId('pickup-state')).toContainText('offered these times. Confirm the one that suits you.');
  await expect(c.getByTestId('pickup-address')).toHaveCount(0);
  await c
    .getByTestId('pickup-state')
    .getByRole('button', { name: /^Confirm / })
    .click();
  await expect(c.getByTestId('pickup-state')).toContainText('Confirmed:');
  await expect(c.getByTestId('pickup-address')).toContainText('12 Alder Street, Salem');
  await expect(s.getByTestId('pickup-state')).toContainText('Confirmed:');
  await expectNoAxeViolations(c);

  // --- At the handover the buyer confirms "Collected, all good": the seller is paid and sees it without a reload.
  await c.getByRole('button', { name: 'Collected, all good' }).click();
  const collected = c.getByRole('dialog', { name: 'Collected, all good?' });
  await expect(collected).toContainText('is paid $85 at once');
  await collected.getByRole('button', { name: 'Collected, all good' }).click();
  await expect(buyerState).toContainText('Completed. Enjoy your piece!');
  await expect(s.getByTestId('order-state')).toContainText('Completed. You are paid $85.');
  await expect(s.getByTestId('order-payment')).toContainText('Payout to');
  await expect(c.getByRole('button', { name: 'Collected, all good' })).toHaveCount(0);

  // --- The table's page leads its buyer to the order.
  await c2.goto(`/good-stuff/${tableId}`);
  await c2.getByRole('link', { name: 'View your order' }).click();
  await expect(c2).toHaveURL(`/orders/${orderId}`);
  await expect(c2.getByTestId('order-state')).toContainText('Completed');

  // --- Another customer sees the table Sold, and cannot buy it.
  const o = await pageAs(browser, other);
  await o.goto(`/good-stuff/${tableId}`);
  await expect(o.getByRole('heading', { level: 1, name: table })).toBeVisible();
  await expect(o.getByText('Sold', { exact: true })).toBeVisible();
  await expect(o.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expect(o.getByTestId('buy-now-reason')).toHaveText('This piece is no longer available.');
  await expectNoAxeViolations(o);

  // --- Two buyers open the lamp's payment page; the first pays; the second pays and is refunded and told so.
  const r = await pageAs(browser, rival);
  const firstOrder = await openPayment(o, lampId, 'Buy Now · $120');
  const secondOrder = await openPayment(r, lampId, 'Buy Now · $120');
  expect(secondOrder).not.toBe(firstOrder);
  await o.getByRole('button', { name: 'Pay $120' }).click();
  await expect(o).toHaveURL(`/orders/${firstOrder}?checkout=done`);
  await expect(o.getByTestId('order-state')).toContainText('Paid, and held by Good Space.');
  await r.getByRole('button', { name: 'Pay $120' }).click();
  await expect(r).toHaveURL(`/orders/${secondOrder}?checkout=done`);
  await expect(r.getByTestId('order-state')).toContainText(
    'Someone else bought this piece a moment before you. Your payment of $120 has been refunded.',
  );
  await expect(r.getByTestId('order-state')).toContainText('Refunded');
  await expectNoAxeViolations(r);
});
