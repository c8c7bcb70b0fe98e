import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient } from '@good-space/local-supabase/testing';
import { ledger, orderRow, piece, pieceRow } from './orders.ts';
import { invoke, type Person, refusal } from './people.ts';

// Held Good Stuff orders without Stripe keys (the local default; docs/payments.md, "Good Stuff orders and seller
// payouts"): the stack's own functions through its gateway and supabase-js, as the app's order page calls them.
// The sandbox pays with a payment intent and a charge of its own, and its payouts and refunds are ledger rows with
// ids that say they are the sandbox's.

let people = 0;
async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  people += 1;
  const user = await createUser({ metadata: { full_name: name, username: `held-sandbox-${role}-${people}`, role } });
  return { id: user.id, client: await signedInClient(user.email, user.password) };
}

async function payableSeller(name: string): Promise<Person> {
  const seller = await person('designer', name);
  await invoke(seller, 'connect-account', { action: 'onboard' });
  await invoke(seller, 'sandbox-market', { action: 'connect-finish' });
  return seller;
}

/** Buy Now, then Pay on the sandbox page: the order's id. */
async function paidOrder(buyer: Person, itemId: string): Promise<string> {
  const { orderId } = await invoke<{ orderId: string }>(buyer, 'buy-now', { itemId });
  await invoke(buyer, 'sandbox-market', { action: 'order-pay', order: orderId });
  return orderId;
}

describe('held orders in the sandbox', () => {
  let seller: Person;
  let buyer: Person;

  beforeAll(async () => {
    seller = await payableSeller('Jo Seller');
    buyer = await person('customer', 'Ash Buyer');
  });

  it("buy → pay → paid and held, with the sandbox's payment intent and charge; collect pays the seller (tr_sandbox_)", async () => {
    const item = await piece(seller.id, 'Brass desk lamp', 48);
    const orderId = await paidOrder(buyer, item);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      payout: 'held',
      provider: 'sandbox',
      payment_intent_id: expect.stringMatching(/^pi_sandbox_[0-9a-f]{32}$/),
      charge_id: expect.stringMatching(/^ch_sandbox_[0-9a-f]{32}$/),
    });
    expect((await pieceRow(item)).status).toBe('sold');
    // Only the buyer says it was collected.
    expect(await refusal(seller, 'collect-order', { orderId })).toMatchObject({
      status: 403,
      body: { code: 'not_buyer' },
    });
    const { order } = await invoke<{ order: Record<string, unknown> }>(buyer, 'collect-order', { orderId });
    expect(order).toMatchObject({ id: orderId, status: 'completed' });
    expect(await ledger(orderId)).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        amount: '48.00',
        reason: 'release',
        status: 'succeeded',
        provider_id: expect.stringMatching(/^tr_sandbox_[0-9a-f]{32}$/),
      }),
    ]);
    expect(await orderRow(orderId)).toMatchObject({ released_amount: '48.00' });
    expect(await refusal(buyer, 'collect-order', { orderId })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
  });

  it('refuse at pickup: the whole amount back (re_sandbox_), the piece delisted until its seller edits it', async () => {
    const item = await piece(seller.id, 'Rush-seat chair', 30);
    const orderId = await paidOrder(buyer, item);
    expect(await refusal(buyer, 'refuse-order', { orderId })).toMatchObject({
      status: 400,
      body: { code: 'invalid_reason' },
    });
    expect(
      await refusal(buyer, 'refuse-order', { orderId, reason: 'Wobbly', photos: ['elsewhere/a.webp'] }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_photos' } });
    expect(await refusal(seller, 'refuse-order', { orderId, reason: 'Wobbly' })).toMatchObject({
      status: 403,
      body: { code: 'not_buyer' },
    });
    const { order } = await invoke<{ order: Record<string, unknown> }>(buyer, 'refuse-order', {
      orderId,
      reason: 'One leg is shorter: it wobbles',
    });
    expect(order).toMatchObject({ status: 'refused', refund_reason: 'refused' });
    expect(await ledger(orderId)).toEqual([
      expect.objectContaining({
        kind: 'refund',
        amount: '30.00',
        reason: 'refused',
        status: 'succeeded',
        provider_id: expect.stringMatching(/^re_sandbox_[0-9a-f]{32}$/),
      }),
    ]);
    expect(await pieceRow(item)).toMatchObject({ status: 'delisted', returned_at: expect.any(Date) });
    expect(await refusal(buyer, 'refuse-order', { orderId, reason: 'Again' })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
  });

  it('refusals: a stranger, bad ids, the buyer cancelling before a seller no-show', async () => {
    const item = await piece(seller.id, 'Pine shelf', 22);
    const orderId = await paidOrder(buyer, item);
    const stranger = await person('customer', 'Stan Stranger');
    for (const name of ['collect-order', 'cancel-order']) {
      expect(await refusal(stranger, name, { orderId })).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(await refusal(buyer, name, { orderId: 'nope' })).toMatchObject({
        status: 400,
        body: { code: 'invalid_order' },
      });
    }
    expect(await refusal(buyer, 'cancel-order', { orderId })).toEqual({
      status: 403,
      body: { error: 'You can cancel once the seller has missed a confirmed pickup time.', code: 'not_seller' },
    });
    const { order } = await invoke<{ order: Record<string, unknown> }>(seller, 'cancel-order', { orderId });
    expect(order).toMatchObject({ status: 'cancelled', refund_reason: 'seller_cancelled' });
    expect((await ledger(orderId))[0]).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      provider_id: expect.stringMatching(/^re_sandbox_/),
    });
    expect((await pieceRow(item)).status).toBe('available');
  });
});
