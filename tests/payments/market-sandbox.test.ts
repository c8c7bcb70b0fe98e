import { beforeAll, describe, expect, it } from 'vitest';
import { API_URL, createUser, signedInClient, sql, stackConfig } from '@good-space/local-supabase/testing';
import { invoke, type Person, refusal } from './people.ts';

// Paying sellers without Stripe keys (the local default, docs/decisions/0029-paying-sellers.md): the stack's own
// functions through its gateway and supabase-js, as the app's Settings, Buy Now and sandbox pages call them.

const APP = 'http://localhost:5173';

let people = 0;
async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  people += 1;
  const user = await createUser({ metadata: { full_name: name, username: `market-sandbox-${role}-${people}`, role } });
  return { id: user.id, client: await signedInClient(user.email, user.password) };
}

async function piece(sellerId: string, title: string, price: number): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.catalog_items (designer_id, title, description, category, price, condition)
     values ($1, $2, 'A piece from the sandbox market tests', 'table', $3, 'good') returning id`,
    [sellerId, title, price],
  );
  return row!.id;
}

async function orderRow(id: string) {
  const [row] = await sql<{
    status: string;
    amount: string;
    provider: string;
    payment_intent_id: string | null;
    refund_id: string | null;
    refund_reason: string | null;
    checkout_session_id: string | null;
  }>(
    `select status, amount::text, provider, payment_intent_id, refund_id, refund_reason, checkout_session_id from public.orders where id = $1`,
    [id],
  );
  return row!;
}

async function pieceStatus(id: string): Promise<string> {
  return (await sql<{ status: string }>(`select status from public.catalog_items where id = $1`, [id]))[0]!.status;
}

async function titles(userId: string, kind: string): Promise<string[]> {
  return (
    await sql<{ title: string }>(
      `select title from public.notifications where user_id = $1 and kind = $2 order by created_at`,
      [userId, kind],
    )
  ).map((r) => r.title);
}

/** A designer whose sandbox account can be paid, as the sandbox onboarding leaves it. */
async function payableSeller(name: string): Promise<Person> {
  const seller = await person('designer', name);
  await invoke(seller, 'connect-account', { action: 'onboard' });
  await invoke(seller, 'sandbox-market', { action: 'connect-finish' });
  return seller;
}

describe('sandbox onboarding', () => {
  it('onboard opens the sandbox page; leaving it unfinished, then finishing it, as Settings shows', async () => {
    const seller = await person('designer', 'Nora Newseller');
    expect(await invoke(seller, 'connect-account', { action: 'refresh' })).toEqual({ account: null });
    expect(await invoke(seller, 'connect-account', { action: 'onboard' })).toEqual({
      url: `${APP}/sandbox/connect`,
      provider: 'sandbox',
    });
    const [row] = await sql<{ provider: string; account_id: string }>(
      `select provider, account_id from public.seller_accounts where user_id = $1`,
      [seller.id],
    );
    expect(row!.provider).toBe('sandbox');
    expect(row!.account_id).toMatch(/^acct_sandbox_[0-9a-f]{32}$/);
    // A second onboarding keeps the one account.
    await invoke(seller, 'connect-account', { action: 'onboard' });
    expect(await sql(`select 1 from public.seller_accounts where user_id = $1`, [seller.id])).toHaveLength(1);

    const page = await invoke<{ sandbox: boolean; notice: string; account: Record<string, unknown> }>(
      seller,
      'sandbox-market',
      { action: 'connect-get' },
    );
    expect(page.sandbox).toBe(true);
    expect(page.notice).toMatch(/no real payment/i);
    expect(page.account).toMatchObject({ provider: 'sandbox', can_be_paid: false });

    expect(await invoke(seller, 'sandbox-market', { action: 'connect-leave' })).toEqual({
      url: `${APP}/settings?payouts=return`,
    });
    expect(await invoke(seller, 'connect-account', { action: 'refresh' })).toEqual({
      account: {
        provider: 'sandbox',
        can_be_paid: false,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements_due: ['external_account'],
        disabled_reason: null,
      },
    });

    expect(await invoke(seller, 'sandbox-market', { action: 'connect-finish' })).toEqual({
      url: `${APP}/settings?payouts=return`,
    });
    expect(await invoke(seller, 'connect-account', { action: 'refresh' })).toEqual({
      account: {
        provider: 'sandbox',
        can_be_paid: true,
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements_due: [],
        disabled_reason: null,
      },
    });
    // Leaving again after finishing does not undo it.
    await invoke(seller, 'sandbox-market', { action: 'connect-leave' });
    expect(
      (await invoke<{ account: { can_be_paid: boolean } }>(seller, 'connect-account', { action: 'refresh' })).account
        .can_be_paid,
    ).toBe(true);
    expect(await refusal(seller, 'connect-account', { action: 'dashboard' })).toEqual({
      status: 409,
      body: { error: 'Sandbox accounts have no payouts dashboard', code: 'sandbox_no_dashboard' },
    });
  });

  it('customers have no payouts to set up', async () => {
    const customer = await person('customer', 'Cora Customer');
    const designersOnly = {
      status: 403,
      body: { error: 'Only designers sell Good Stuff and get paid for it', code: 'designers_only' },
    };
    expect(await refusal(customer, 'connect-account', { action: 'onboard' })).toEqual(designersOnly);
    expect(await refusal(customer, 'sandbox-market', { action: 'connect-finish' })).toEqual(designersOnly);
    expect(await sql(`select 1 from public.seller_accounts where user_id = $1`, [customer.id])).toEqual([]);
  });
});

describe('sandbox buying', () => {
  let seller: Person;

  beforeAll(async () => {
    seller = await payableSeller('Pat Payable');
  });

  it('buy → the sandbox pay page → paid: the piece is sold and both are told', async () => {
    const item = await piece(seller.id, 'Walnut desk', 60);
    const buyer = await person('customer', 'Bo Buyer');
    const bought = await invoke<{ url: string; provider: string; orderId: string }>(buyer, 'buy-now', {
      itemId: item,
      amount: 1,
    });
    expect(bought).toEqual({
      url: `${APP}/sandbox/pay?order=${bought.orderId}`,
      provider: 'sandbox',
      orderId: bought.orderId,
    });
    expect(await orderRow(bought.orderId)).toMatchObject({
      status: 'pending',
      amount: '60.00',
      provider: 'sandbox',
      checkout_session_id: expect.stringMatching(/^cs_sandbox_/),
    });

    const page = await invoke<{ sandbox: boolean; notice: string; order: Record<string, unknown> }>(
      buyer,
      'sandbox-market',
      { action: 'order-get', order: bought.orderId },
    );
    expect(page.sandbox).toBe(true);
    expect(page.notice).toMatch(/sandbox/i);
    expect(page.order).toEqual({
      id: bought.orderId,
      status: 'pending',
      amount: 60,
      currency: 'usd',
      item_title: 'Walnut desk',
      item_photo_url: null,
      catalog_item_id: item,
    });
    // Back from the pay page without paying: confirm-order finds nothing paid (the sandbox settles on its page).
    expect(await invoke(buyer, 'confirm-order', { orderId: bought.orderId })).toMatchObject({
      order: { id: bought.orderId, status: 'pending' },
    });
    // Nobody else sees or pays someone's checkout.
    const stranger = await person('customer', 'Stan Stranger');
    expect(await refusal(stranger, 'confirm-order', { orderId: bought.orderId })).toEqual({
      status: 404,
      body: { error: 'Order not found', code: 'not_found' },
    });
    for (const action of ['order-get', 'order-pay', 'order-cancel']) {
      expect(await refusal(stranger, 'sandbox-market', { action, order: bought.orderId })).toEqual({
        status: 404,
        body: { error: 'Order not found', code: 'not_found' },
      });
    }

    expect(await invoke(buyer, 'sandbox-market', { action: 'order-pay', order: bought.orderId })).toEqual({
      url: `${APP}/orders/${bought.orderId}?checkout=done`,
    });
    expect(await orderRow(bought.orderId)).toMatchObject({
      status: 'paid',
      payment_intent_id: expect.stringMatching(/^pi_sandbox_/),
    });
    // Held by Good Space until the handover, with the charge a payout is made out of.
    expect(await sql(`select payout, charge_id from public.orders where id = $1`, [bought.orderId])).toEqual([
      { payout: 'held', charge_id: expect.stringMatching(/^ch_sandbox_/) },
    ]);
    expect(await pieceStatus(item)).toBe('sold');
    expect(await titles(seller.id, 'order_paid')).toEqual(['Bo Buyer bought "Walnut desk" for $60']);
    expect(await titles(buyer.id, 'order_receipt')).toEqual(['Receipt: you paid $60 for "Walnut desk"']);
    // A reload of the pay page: back to the order, nothing paid twice.
    expect(await invoke(buyer, 'sandbox-market', { action: 'order-pay', order: bought.orderId })).toEqual({
      url: `${APP}/orders/${bought.orderId}?checkout=done`,
    });
    expect(await titles(buyer.id, 'order_receipt')).toHaveLength(1);
    expect(await invoke(buyer, 'confirm-order', { orderId: bought.orderId })).toMatchObject({
      order: { status: 'paid' },
    });

    // The seller cancels before pickup: refunded (a sandbox refund), the piece for sale again.
    const { data: cancelled, error } = await seller.client.functions.invoke<{ order: Record<string, unknown> }>(
      'cancel-order',
      { body: { orderId: bought.orderId } },
    );
    expect(error).toBeNull();
    expect(cancelled!.order).toMatchObject({
      id: bought.orderId,
      status: 'cancelled',
      refund_reason: 'seller_cancelled',
    });
    // Held: the refund is a row of the order's ledger, carried out with a sandbox refund.
    expect(
      await sql(`select kind, status, provider_id from public.order_payments where order_id = $1`, [bought.orderId]),
    ).toEqual([{ kind: 'refund', status: 'succeeded', provider_id: expect.stringMatching(/^re_sandbox_/) }]);
    expect(await pieceStatus(item)).toBe('available');
    expect(await titles(buyer.id, 'order_cancelled')).toEqual([
      'Your order of "Walnut desk" was cancelled and refunded',
    ]);
    // Cancelled is final, for either party.
    expect(await refusal(buyer, 'cancel-order', { orderId: bought.orderId })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
  });

  it('two buyers pay for the same piece: the second is refunded at once and told so', async () => {
    const item = await piece(seller.id, 'Brass floor lamp', 45);
    const first = await person('customer', 'Fay First');
    const second = await person('customer', 'Sid Second');
    const a = await invoke<{ orderId: string }>(first, 'buy-now', { itemId: item });
    const b = await invoke<{ orderId: string }>(second, 'buy-now', { itemId: item });
    await invoke(first, 'sandbox-market', { action: 'order-pay', order: a.orderId });
    expect(await invoke(second, 'sandbox-market', { action: 'order-pay', order: b.orderId })).toEqual({
      url: `${APP}/orders/${b.orderId}?checkout=done`,
    });
    expect(await orderRow(a.orderId)).toMatchObject({ status: 'paid' });
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'refunded',
      refund_reason: 'already_sold',
      refund_id: expect.stringMatching(/^re_sandbox_/),
    });
    expect(await titles(second.id, 'order_refunded')).toEqual([
      'Someone else bought "Brass floor lamp" first. Your payment of $45 was refunded.',
    ]);
    expect(await titles(second.id, 'order_receipt')).toEqual([]);
    // Sold: Buy Now is refused to anyone else.
    expect(await refusal(second, 'buy-now', { itemId: item })).toEqual({
      status: 409,
      body: { error: 'This piece is no longer available', code: 'not_available' },
    });
  });

  it('leaving the pay page expires the order and goes back to the piece; it cannot be paid after', async () => {
    const item = await piece(seller.id, 'Oak stool', 25);
    const buyer = await person('customer', 'Lea Leaver');
    const opened = await invoke<{ orderId: string }>(buyer, 'buy-now', { itemId: item });
    expect(await invoke(buyer, 'sandbox-market', { action: 'order-cancel', order: opened.orderId })).toEqual({
      url: `${APP}/good-stuff/${item}`,
    });
    expect(await orderRow(opened.orderId)).toMatchObject({ status: 'expired' });
    expect(await refusal(buyer, 'sandbox-market', { action: 'order-pay', order: opened.orderId })).toEqual({
      status: 410,
      body: { error: 'This checkout has expired. Start again from the piece.', code: 'expired' },
    });
    expect(await pieceStatus(item)).toBe('available');
    // A checkout left open past its 30 minutes reads as expired too.
    const late = await invoke<{ orderId: string }>(buyer, 'buy-now', { itemId: item });
    await sql(`update public.orders set checkout_expires_at = now() - interval '1 minute' where id = $1`, [
      late.orderId,
    ]);
    expect(
      (
        await invoke<{ order: { status: string } }>(buyer, 'sandbox-market', {
          action: 'order-get',
          order: late.orderId,
        })
      ).order.status,
    ).toBe('expired');
    expect((await refusal(buyer, 'sandbox-market', { action: 'order-pay', order: late.orderId })).status).toBe(410);
  });

  it('refusals: own piece, a seller not ready, bad input', async () => {
    const item = await piece(seller.id, 'Side table', 30);
    expect(await refusal(seller, 'buy-now', { itemId: item })).toEqual({
      status: 403,
      body: { error: 'You cannot buy your own piece', code: 'own_piece' },
    });
    const unready = await person('designer', 'Una Unready');
    const theirs = await piece(unready.id, 'Mirror', 20);
    const buyer = await person('customer', 'Rae Refused');
    expect(await refusal(buyer, 'buy-now', { itemId: theirs })).toEqual({
      status: 409,
      body: { error: 'This seller cannot take payments yet', code: 'not_available' },
    });
    expect((await refusal(buyer, 'buy-now', { itemId: item, cancelUrl: 'https://evil.example/' })).body.code).toBe(
      'invalid_return_url',
    );
    expect((await refusal(buyer, 'sandbox-market', { action: 'order-pay', order: 'x' })).status).toBe(400);
    expect((await refusal(buyer, 'sandbox-market', { action: 'refund-me' })).status).toBe(400);
    expect(await sql(`select 1 from public.orders where buyer_id = $1`, [buyer.id])).toEqual([]);
  });
});

describe('CORS and methods, answered by the market functions themselves', () => {
  for (const name of [
    'connect-account',
    'buy-now',
    'confirm-order',
    'collect-order',
    'refuse-order',
    'cancel-order',
    'decide-order-problem',
    'sandbox-market',
  ]) {
    it(`${name}: preflight, a wrong method and signed out`, async () => {
      const pre = await fetch(`${API_URL}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: {
          Origin: APP,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
        },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      await pre.body?.cancel();
      const put = await fetch(`${API_URL}/functions/v1/${name}`, {
        method: 'PUT',
        headers: { apikey: stackConfig.publishableKey, Origin: APP },
      });
      expect(put.status).toBe(405);
      expect(put.headers.get('access-control-allow-origin')).toBe('*');
      await put.body?.cancel();
      const anon = await fetch(`${API_URL}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          apikey: stackConfig.publishableKey,
          Authorization: `Bearer ${stackConfig.publishableKey}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(anon.status).toBe(401);
      expect(await anon.json()).toEqual({
        error: name === 'buy-now' ? 'Sign in to buy' : 'Must be logged in',
        code: 'not_logged_in',
      });
    });
  }
});
