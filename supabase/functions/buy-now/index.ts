// buy-now: a buyer pays for one Good Stuff piece (docs/decisions/0029-paying-sellers.md; held payments,
// docs/payments.md "Good Stuff orders and seller payouts"). The database opens a pending order at its own price
// (the list price, or the buyer's accepted offer while it reserves the piece) and refuses what may not be bought
// (a seller who cannot be paid included); the provider opens the payment page for exactly that amount, as the
// platform's own charge that Good Space holds until the handover.
// Body: { itemId, cancelUrl? } (anything else, an amount or a price included, is ignored).
// Answer: { url, provider, orderId }: open `url` (Stripe Checkout, or the app's /sandbox/pay).
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { payments } from '../_shared/payments.ts';
import { takeRate } from '../_shared/rate-limit.ts';
import type { OrderCheckout } from '../_shared/provider.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { requireCaller, serviceClient } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, market, provider } = payments();
    const db = serviceClient();
    const caller = await requireCaller(req, 'Sign in to buy');
    // Each call opens a payment page at the provider: at most 10 an hour per buyer (docs/product.md, Limits).
    await takeRate(db, caller.id, 'buy_now');
    const body = await readJsonObject(req);
    const itemId = body.itemId;
    if (!isUuid(itemId)) throw new HttpError(400, 'itemId must be a Good Stuff piece id', 'invalid_item');

    const urlOptions = { ...config, requestOrigin: req.headers.get('Origin') };
    // Back to the piece's page when the buyer leaves the payment page; the order page when they paid, on the same origin.
    const cancelUrl = resolveReturnUrl(body.cancelUrl, 'cancelUrl', `/good-stuff/${itemId}`, urlOptions);

    const opened = await market.openOrder(caller.id, itemId, provider.kind);
    const order = opened.order;
    const successUrl = new URL(`/orders/${order.id}`, cancelUrl.origin);
    successUrl.searchParams.set('checkout', 'done');
    let checkout: OrderCheckout;
    try {
      checkout = await provider.createOrderCheckout({
        orderId: order.id,
        buyerId: caller.id,
        amount: order.amount,
        currency: order.currency,
        title: opened.item_title,
        photoUrl: opened.item_photo_url,
        successUrl,
        cancelUrl,
        expiresAt: new Date(order.checkout_expires_at),
      });
    } catch (err) {
      // No payment page, so no payment can come for this order: it is abandoned now, not in 30 minutes.
      await market.expire(order.id).catch((e) => console.error('buy-now: expiring the order failed:', e));
      throw err;
    }
    await market.setCheckout(order.id, checkout.sessionId, checkout.expiresAt);
    return json({ url: checkout.url, provider: provider.kind, orderId: order.id });
  }),
);
