import { randomUUID } from 'node:crypto';
import { admin, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { asDatabaseOwner, clientAs, ok } from './support/api.ts';
import { listPiece, pageAs, watchLiveFeed } from './support/market.ts';
import { buyInSandbox, finishPayouts, orderLedger, orderRow } from './support/orders.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Buyer protection on Good Stuff (docs/orders.md; docs/payments.md), buyer and seller side by side in real Chromium
 * against the stack and its payment sandbox. A chair bought with Buy Now is held by Good Space; the seller offers
 * three pickup times and the buyer confirms one (the address is the buyer's to read only now, and never a third
 * person's); at pickup the buyer refuses it with a photo, is refunded in full and the chair is delisted. A second
 * chair is marked collected and left: nothing moves until its 48 hours pass (moved, not waited), then the orders'
 * job pays the seller. A third: the buyer reports a problem within the 48 hours and an operator refunds half in the
 * console. A fourth: a chargeback freezes the payment, and "Collected, all good" is refused.
 */

// A 1×1 PNG: real image bytes (the browser turns it into WebP before the upload).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SANDBOX_NOTICE = 'Sandbox: no real payment is made';
const ADDRESS = '1421 SE Division St, Portland, OR 97202';
const DIRECTIONS = 'Ring 2B, the side gate';
// The database's sentence (55000) for any money step of a frozen order.
const FROZEN = "A chargeback froze this order's payment until the bank decides.";

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The order's state as its page shows it. */
function orderState(page: Page) {
  return page.getByTestId('order-state');
}

/** The order's payments (refunds and payouts) as its page lists them. */
function payments(page: Page) {
  return page.getByTestId('order-payment');
}

/** A local date `days` from today as the date input takes it (YYYY-MM-DD). */
function dayAhead(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The seller offers three pickup times on the order's page, with the pickup address. */
async function offerThreeTimes(page: Page) {
  await page.getByRole('button', { name: 'Offer pickup times' }).click();
  const form = page.getByRole('dialog', { name: 'Offer pickup times' });
  for (const [index, days] of [2, 3, 4].entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add another time' }).click();
    const time = form.getByRole('group', { name: `Pickup time ${index + 1}` });
    await time.getByLabel('Date').fill(dayAhead(days));
    await time.getByLabel('From').fill('10:00');
    await time.getByLabel('To').fill('12:00');
  }
  await form.getByLabel('Pickup address').fill(ADDRESS);
  await form.getByLabel('Directions (optional)').fill(DIRECTIONS);
  await form.getByRole('button', { name: 'Offer these times' }).click();
  await expect(form).toHaveCount(0);
}

test('buyer protection: pickup times, refused at pickup, paid after 48 hours, a problem split by an operator, a chargeback', async ({
  browser,
  makeUser,
}) => {
  const [seller, buyer, outsider, operator] = await Promise.all([
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'customer', operator: true }),
  ]);
  const [sellerName, buyerName] = await Promise.all([fullName(seller), fullName(buyer)]);
  const suffix = randomUUID().slice(0, 6);
  const [first, second, third, fourth] = ['Rattan', 'Bentwood', 'Windsor', 'Wishbone'].map(
    (kind) => `${kind} chair ${suffix}`,
  ) as [string, string, string, string];
  await finishPayouts(seller);
  const [firstId, secondId, thirdId, fourthId] = await Promise.all([
    listPiece(seller, first, 140),
    listPiece(seller, second, 90),
    listPiece(seller, third, 120),
    listPiece(seller, fourth, 75),
  ]);
  const c = await pageAs(browser, buyer);
  const s = await pageAs(browser, seller);
  const buyerApi = await clientAs(buyer);
  const outsiderApi = await clientAs(outsider);

  // ---------------------------------------------------------------------------------------------------------
  // 1. The rattan chair: bought, pickup times, refused at pickup with a photo, refunded, delisted.
  // ---------------------------------------------------------------------------------------------------------
  await c.goto(`/good-stuff/${firstId}`);
  await c.getByRole('button', { name: 'Buy Now · $140' }).click();
  await expect(c).toHaveURL(/\/sandbox\/pay\?order=[0-9a-f-]{36}$/);
  await expect(c.getByRole('note', { name: 'Sandbox notice' })).toContainText(SANDBOX_NOTICE);
  const firstOrder = new URL(c.url()).searchParams.get('order')!;
  await c.getByRole('button', { name: 'Pay $140' }).click();
  await expect(c).toHaveURL(`/orders/${firstOrder}?checkout=done`);
  await expect(orderState(c)).toContainText('Paid · waiting for pickup');
  await expect(orderState(c)).toContainText(`${sellerName} is paid when you collect the piece.`);
  // Held: a charge on the platform's account, nothing transferred.
  expect(await orderRow(firstOrder)).toMatchObject({
    status: 'paid',
    payout: 'held',
    payment_intent_id: expect.stringMatching(/^pi_sandbox_/),
    charge_id: expect.stringMatching(/^ch_sandbox_/),
  });
  expect(await orderLedger(firstOrder)).toEqual([]);
  await expectNoAxeViolations(c);

  await s.goto(`/orders/${firstOrder}`);
  await expect(orderState(s)).toContainText(`You are paid when ${buyerName} collects the piece.`);
  await offerThreeTimes(s);
  await expect(toast(s, `Pickup times offered. ${buyerName} is told.`)).toBeVisible();

  // The buyer's open page shows the three times live; the address is not theirs to read yet, on the page or
  // through the API.
  const offered = c.getByRole('list', { name: 'Offered pickup times' }).getByRole('listitem');
  await expect(offered).toHaveCount(3);
  await expect(c.getByTestId('pickup-state')).toContainText(`${sellerName} offered these times.`);
  await expect(c.getByText(ADDRESS)).toHaveCount(0);
  expect(await ok(buyerApi.from('order_pickup_addresses').select('address').eq('order_id', firstOrder))).toEqual([]);
  await expectNoAxeViolations(c);

  // The buyer confirms the second time: both pages show it confirmed; the buyer now reads the address, the seller
  // their own.
  const chosen = (await offered.nth(1).locator('span').first().textContent())!;
  await offered
    .nth(1)
    .getByRole('button', { name: `Confirm ${chosen}` })
    .click();
  await expect(toast(c, `Pickup time confirmed. ${sellerName} is told.`)).toBeVisible();
  await expect(c.getByTestId('pickup-confirmed')).toHaveText(chosen);
  await expect(offered).toHaveCount(0);
  const cAddress = c.getByTestId('pickup-address');
  await expect(cAddress).toContainText(`Pickup address${ADDRESS}`);
  await expect(cAddress).toContainText(`Directions${DIRECTIONS}`);
  // The seller's own browser shows the same time confirmed, live, with their address.
  await expect(s.getByTestId('pickup-confirmed')).toHaveText(chosen);
  await expect(s.getByTestId('pickup-address')).toContainText(`Your pickup address${ADDRESS}`);
  expect(await ok(buyerApi.from('order_pickup_addresses').select('address').eq('order_id', firstOrder))).toEqual([
    { address: ADDRESS },
  ]);
  // Someone outside the order reads neither the order, its times nor its address, whatever they ask.
  expect(await ok(outsiderApi.from('order_pickup_addresses').select('address').eq('order_id', firstOrder))).toEqual([]);
  expect(await ok(outsiderApi.from('order_pickup_windows').select('id').eq('order_id', firstOrder))).toEqual([]);
  expect(await ok(outsiderApi.from('orders').select('id').eq('id', firstOrder))).toEqual([]);
  await expectNoAxeViolations(c);
  await expectNoAxeViolations(s);

  // At pickup the chair is not as described: the buyer refuses it with a photo and is refunded in full.
  await c.getByRole('button', { name: 'Refuse at pickup' }).click();
  const refusal = c.getByRole('dialog', { name: 'Refuse at pickup' });
  await refusal.getByLabel('What is wrong with it').fill('The seat is split right across, not in the photos.');
  await refusal.getByLabel(/^Photos/).setInputFiles([{ name: 'seat.png', mimeType: 'image/png', buffer: PNG }]);
  await refusal.getByRole('button', { name: 'Refuse and refund' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(toast(c, 'Refused at pickup. Your payment is refunded.')).toBeVisible();
  await expect(orderState(c)).toContainText('Refused at pickup');
  await expect(orderState(c)).toContainText('You refused the piece at pickup and your payment of $140 was refunded.');
  await expect(payments(c)).toHaveText([
    new RegExp(`^Refund to ${buyerName} · refused at pickup\\s*\\$140\\s*Refunded`),
  ]);
  // The seller's open page follows: the refusal with its reason and photo, the piece back with them, delisted.
  await expect(orderState(s)).toContainText('The piece is back with you, delisted until you edit it.');
  const why = s.getByRole('region', { name: `Why ${buyerName} refused it` });
  await expect(why).toContainText('The seat is split right across, not in the photos.');
  await expect(why.getByRole('img')).toHaveCount(1);
  await expect
    .poll(async () => orderLedger(firstOrder))
    .toEqual([
      {
        kind: 'refund',
        amount: 140,
        status: 'succeeded',
        provider_id: expect.stringMatching(/^re_sandbox_/),
        reason: 'refused',
      },
    ]);
  expect(await orderRow(firstOrder)).toMatchObject({
    status: 'refused',
    refund_reason: 'refused',
    refunded_amount: 140,
  });
  const photos = await ok(admin.from('orders').select('refusal_photos').eq('id', firstOrder).single());
  expect((photos as { refusal_photos: string[] }).refusal_photos).toEqual([
    // A 1×1 PNG stays PNG: WebP would not be smaller (src/lib/images/prepare-photo.ts).
    expect.stringMatching(new RegExp(`^${firstOrder}/[0-9a-f-]{36}\\.(webp|png)$`)),
  ]);
  await expectNoAxeViolations(c);
  await expectNoAxeViolations(s);

  // The chair is back with its seller, delisted: nobody else finds it, or can buy it.
  const chair = await ok(admin.from('catalog_items').select('status, returned_at').eq('id', firstId).single());
  expect(chair).toMatchObject({ status: 'delisted', returned_at: expect.any(String) });
  expect(await ok(outsiderApi.from('catalog_items').select('id').eq('id', firstId))).toEqual([]);
  const tryBuy = await outsiderApi.functions.invoke('buy-now', { body: { itemId: firstId } });
  expect(await (tryBuy.error as { context: Response }).context.json()).toMatchObject({ code: 'not_found' });
  const o = await pageAs(browser, outsider);
  await o.goto(`/good-stuff/${firstId}`);
  await expect(o.getByRole('heading', { level: 1, name: 'Piece not found' })).toBeVisible();

  // ---------------------------------------------------------------------------------------------------------
  // 2. The bentwood chair: marked collected and left; nothing moves until its 48 hours pass, then the orders'
  //    job pays the seller.
  // ---------------------------------------------------------------------------------------------------------
  const secondOrder = await buyInSandbox(buyer, secondId);
  await s.goto(`/orders/${secondOrder}`);
  await expect(orderState(s)).toContainText('Paid · waiting for pickup');
  await s.getByRole('button', { name: 'Mark as collected' }).click();
  await s
    .getByRole('dialog', { name: 'Mark as collected?' })
    .getByRole('button', { name: 'Mark as collected' })
    .click();
  await expect(toast(s, `Marked as collected. ${buyerName} is told.`)).toBeVisible();
  await expect(orderState(s)).toContainText(`You marked the piece collected. ${buyerName} has until`);
  const collectedAt = new Date();
  await c.goto(`/orders/${secondOrder}`);
  await expect(orderState(c)).toContainText(`${sellerName} marked the piece collected. You have until`);
  await expect(c.getByText(/^You have until .+ to report a problem\.$/)).toBeVisible();
  await expect(c.getByRole('button', { name: 'Report a problem' })).toBeVisible();
  await expectNoAxeViolations(c);

  // The orders' job runs every 2 seconds (e2e/global-setup.ts): it has run twice since the handover, and nothing moved.
  await expect
    .poll(
      () =>
        asDatabaseOwner(async (db) => {
          const { rows } = await db.query<{ runs: string }>(
            `select count(*) as runs from cron.job_run_details d join cron.job j using (jobid)
              where j.jobname = 'settle-orders' and d.status = 'succeeded' and d.start_time > $1`,
            [collectedAt],
          );
          return Number(rows[0]!.runs);
        }),
      { message: 'the orders job ran after the handover' },
    )
    .toBeGreaterThan(1);
  expect(await orderRow(secondOrder)).toMatchObject({ status: 'collected', released_amount: 0 });
  expect(await orderLedger(secondOrder)).toEqual([]);

  // Forty-eight hours pass (moved, not waited): the job releases the payment and the seller is paid.
  await asDatabaseOwner((db) =>
    db.query(
      `update public.orders
          set handed_over_at = now() - interval '48 hours 1 minute', release_at = now() - interval '1 minute'
        where id = $1`,
      [secondOrder],
    ),
  );
  await expect(orderState(s)).toContainText('Completed. You are paid $90.');
  await expect(payments(s)).toHaveText([
    new RegExp(`^Payout to ${sellerName} · no problem reported within 48 hours\\s*\\$90\\s*Paid`),
  ]);
  await expect(orderState(c)).toContainText('Completed. Enjoy your piece!');
  await expect(c.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  await expect
    .poll(async () => orderLedger(secondOrder))
    .toEqual([
      {
        kind: 'transfer',
        amount: 90,
        status: 'succeeded',
        provider_id: expect.stringMatching(/^tr_sandbox_/),
        reason: 'auto_release',
      },
    ]);
  expect(await orderRow(secondOrder)).toMatchObject({ status: 'completed', released_amount: 90, refunded_amount: 0 });
  await expectNoAxeViolations(s);

  // ---------------------------------------------------------------------------------------------------------
  // 3. The Windsor chair: a problem reported within the 48 hours; an operator refunds half in the console.
  // ---------------------------------------------------------------------------------------------------------
  const thirdOrder = await buyInSandbox(buyer, thirdId);
  const sellerApi = await clientAs(seller);
  await ok(sellerApi.rpc('mark_order_collected', { order_id: thirdOrder }));
  await c.goto(`/orders/${thirdOrder}`);
  await c.getByRole('button', { name: 'Report a problem' }).click();
  const report = c.getByRole('dialog', { name: 'Report a problem' });
  await report.getByLabel('What is the problem').fill('One leg wobbles; the seller said it was solid.');
  await report.getByLabel(/^Photos/).setInputFiles([{ name: 'leg.png', mimeType: 'image/png', buffer: PNG }]);
  await report.getByRole('button', { name: 'Report the problem' }).click();
  await expect(report).toHaveCount(0);
  await expect(toast(c, 'Problem reported. Good Space holds the payment and will decide.')).toBeVisible();
  await expect(orderState(c)).toContainText('In dispute');
  await expect(orderState(c)).toContainText('You reported a problem. Good Space holds the payment');

  // The seller answers with their statement on the order's page; the buyer's open page shows it live.
  await s.goto(`/orders/${thirdOrder}`);
  await expect(orderState(s)).toContainText(`${buyerName} reported a problem.`);
  await expect(s.getByText('One leg wobbles; the seller said it was solid.')).toBeVisible();
  await s.getByRole('button', { name: 'Add your statement' }).click();
  const statement = s.getByRole('dialog', { name: 'Add your statement' });
  await statement.getByLabel('Your statement').fill('It was solid when it left; a glue joint may have given.');
  await statement.getByRole('button', { name: 'Add statement' }).click();
  await expect(statement).toHaveCount(0);
  await expect(toast(s, 'Statement added.')).toBeVisible();
  const problem = c.getByRole('region', { name: 'Problem' });
  await expect(problem).toContainText('One leg wobbles; the seller said it was solid.');
  await expect(problem).toContainText('It was solid when it left; a glue joint may have given.');
  await expect(problem.getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(c);

  // The operator decides in the console: $60 back to the buyer, $60 to the seller.
  const op = await pageAs(browser, operator);
  await op.goto('/admin/disputes');
  await op.getByRole('link', { name: third }).click();
  await expect(op).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
  await expect(op.getByText('It was solid when it left; a glue joint may have given.')).toBeVisible();
  const decide = op.getByRole('form', { name: 'Decide' });
  await expect(decide.getByText('To split: $120.')).toBeVisible();
  await decide.getByLabel('Refund to the buyer').fill('60');
  await expect(decide.getByLabel('Pay the seller')).toHaveValue('60.00');
  await decide.getByLabel('Reason').fill('The wobble is real and fixable: half back for the repair.');
  await decide.getByRole('button', { name: 'Decide and move the money' }).click();
  await expect(op.getByRole('region', { name: 'Decision' })).toContainText(
    `Refunded $60 to ${buyerName} and paid $60 to ${sellerName}.`,
  );

  // Both parties see the decision live; the refund and the payout are made.
  for (const page of [c, s]) {
    await expect(orderState(page)).toContainText('Completed');
    const decision = page.getByTestId('order-decision');
    await expect(decision).toContainText(`$60 refunded to ${buyerName}, $60 paid to ${sellerName}.`);
    await expect(decision).toContainText('The wobble is real and fixable: half back for the repair.');
  }
  await expect
    .poll(async () => (await orderLedger(thirdOrder)).sort((a, b) => a.kind.localeCompare(b.kind)))
    .toEqual([
      {
        kind: 'refund',
        amount: 60,
        status: 'succeeded',
        provider_id: expect.stringMatching(/^re_sandbox_/),
        reason: 'problem',
      },
      {
        kind: 'transfer',
        amount: 60,
        status: 'succeeded',
        provider_id: expect.stringMatching(/^tr_sandbox_/),
        reason: 'problem',
      },
    ]);
  expect(await orderRow(thirdOrder)).toMatchObject({ status: 'completed', released_amount: 60, refunded_amount: 60 });
  await expectNoAxeViolations(c);

  // ---------------------------------------------------------------------------------------------------------
  // 4. The wishbone chair: a chargeback (the webhook's call, with the service role) freezes the payment, and
  //    "Collected, all good" is refused.
  // ---------------------------------------------------------------------------------------------------------
  const fourthOrder = await buyInSandbox(buyer, fourthId);
  const live = watchLiveFeed(c, `order:${fourthOrder}`);
  await c.goto(`/orders/${fourthOrder}`);
  await expect(orderState(c)).toContainText('Paid · waiting for pickup');
  await expect(c.getByRole('button', { name: 'Collected, all good' })).toBeVisible();
  // The bank's event comes while the buyer looks at the page: once the page's feed listens.
  await expect.poll(live, { message: 'the order page listens to its order' }).toBe(true);
  const { payment_intent_id: paymentIntent } = await orderRow(fourthOrder);
  expect(paymentIntent).toMatch(/^pi_sandbox_/);
  const opened = await ok(
    admin.rpc('order_chargeback_opened', {
      p_payment_intent_id: paymentIntent!,
      p_dispute_id: `du_sandbox_${suffix}`,
      p_reason: 'fraudulent',
    }),
  );
  expect(opened).toMatchObject({ outcome: 'frozen' });
  // Live on the buyer's open page: the notice, and the buttons that would move its money gone.
  const notice = c.getByTestId('order-chargeback');
  await expect(notice).toContainText('The card’s bank is reviewing this payment (a chargeback).');
  await expect(notice).toContainText('Nothing moves on this order until the bank decides.');
  await expect(c.getByRole('button', { name: 'Collected, all good' })).toHaveCount(0);
  await s.goto(`/orders/${fourthOrder}`);
  await expect(s.getByTestId('order-chargeback')).toContainText('Nothing moves on this order until the bank decides.');
  await expect(s.getByRole('button', { name: 'Mark as collected' })).toHaveCount(0);
  await expectNoAxeViolations(c);
  await expectNoAxeViolations(s);

  // Asked anyway (the API, as the buyer), collect-order is refused with the database's sentence.
  const collect = await buyerApi.functions.invoke('collect-order', { body: { orderId: fourthOrder } });
  expect(collect.error).toBeTruthy();
  const refused = (await (collect.error as { context: Response }).context.json()) as { error: string; code: string };
  expect(refused).toEqual({ error: FROZEN, code: 'wrong_state' });
  expect(await orderRow(fourthOrder)).toMatchObject({ status: 'paid', frozen_at: expect.any(String) });
  expect(await orderLedger(fourthOrder)).toEqual([]);
});
