// sandbox-market: what the app's market sandbox pages call (/sandbox/connect for a seller's onboarding,
// /sandbox/pay for a buyer's payment). Refused whenever Stripe keys are configured, as sandbox-checkout is: no
// deployment with real payments can be "paid" here. Paying plays exactly the webhook's path (settleOrderPayment).
// Body: { action, order? }.
//   connect-get → { sandbox, notice, account }; connect-finish | connect-leave → { url } (Settings)
//   order-get → { sandbox, notice, order }; order-pay → { url } (the order's page); order-cancel → { url } (the piece's page)
import { errorJson, HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { loadPaymentsConfig } from '../_shared/config.ts';
import { isUuid } from '../_shared/ids.ts';
import { settleOrderPayment } from '../_shared/market-orders.ts';
import { effectiveStatus, type MarketStore, type OrderRow, sellerAccountView } from '../_shared/market-store.ts';
import { payments } from '../_shared/payments.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { sandboxId } from '../_shared/sandbox-provider.ts';
import { type Caller, requireCaller } from '../_shared/supabase.ts';

const ACTIONS = ['connect-get', 'connect-finish', 'connect-leave', 'order-get', 'order-pay', 'order-cancel'] as const;
type Action = (typeof ACTIONS)[number];

export const SANDBOX_MARKET_NOTICE =
  'Sandbox: no real payment is made, no card is charged and no money reaches anyone. This page stands in for Stripe.';

async function ownOrder(market: MarketStore, caller: Caller, id: unknown): Promise<OrderRow> {
  if (!isUuid(id)) throw new HttpError(400, 'order must be an order id', 'invalid_order');
  const order = await market.order(id);
  // Only the buyer pays or leaves their own checkout; anyone else's order does not exist for them.
  if (!order || order.buyer_id !== caller.id) throw new HttpError(404, 'Order not found', 'not_found');
  return order;
}

Deno.serve(
  withHttp(['POST'], async (req) => {
    const config = loadPaymentsConfig();
    if (config.provider !== 'sandbox') {
      return errorJson(403, 'Sandbox payments are disabled because Stripe is configured', 'sandbox_disabled');
    }
    const { market, provider } = payments(config);
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    const action = body.action;
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
      throw new HttpError(400, `action must be one of ${ACTIONS.join(', ')}`, 'invalid_action');
    }
    const origin = resolveReturnUrl(undefined, 'origin', '/', { ...config, requestOrigin: req.headers.get('Origin') }).origin;
    const appUrl = (path: string) => new URL(path, origin).href;

    switch (action as Action) {
      case 'connect-get':
      case 'connect-finish':
      case 'connect-leave': {
        if (caller.role !== 'designer') {
          throw new HttpError(403, 'Only designers sell Good Stuff and get paid for it', 'designers_only');
        }
        let row = await market.sellerAccount(caller.id);
        if (action === 'connect-get') return json({ sandbox: true, notice: SANDBOX_MARKET_NOTICE, account: sellerAccountView(row) });
        if (row && row.provider !== 'sandbox') {
          throw new HttpError(409, 'Your payouts account was set up with Stripe', 'wrong_provider');
        }
        row ??= await market.saveSellerAccount(caller.id, 'sandbox', await provider.createSellerAccount(caller));
        if (action === 'connect-finish') {
          await market.updateSellerAccount(row.account_id, {
            chargesEnabled: true,
            payoutsEnabled: true,
            detailsSubmitted: true,
            transfersActive: true,
            requirementsDue: [],
            disabledReason: null,
          });
        } else if (!row.can_be_paid) {
          // Leaving Stripe's onboarding half way: the bank account is still missing. A finished account stays finished.
          await market.updateSellerAccount(row.account_id, {
            chargesEnabled: false,
            payoutsEnabled: false,
            detailsSubmitted: false,
            transfersActive: false,
            requirementsDue: ['external_account'],
            disabledReason: null,
          });
        }
        return json({ url: appUrl('/settings?payouts=return') });
      }
      case 'order-get': {
        const order = await ownOrder(market, caller, body.order);
        return json({
          sandbox: true,
          notice: SANDBOX_MARKET_NOTICE,
          order: {
            id: order.id,
            status: effectiveStatus(order),
            amount: Number(order.amount),
            currency: order.currency,
            item_title: order.item_title,
            item_photo_url: order.item_photo_url,
            catalog_item_id: order.catalog_item_id,
          },
        });
      }
      case 'order-pay': {
        const order = await ownOrder(market, caller, body.order);
        const done = appUrl(`/orders/${order.id}?checkout=done`);
        const status = effectiveStatus(order);
        if (status === 'expired') throw new HttpError(410, 'This checkout has expired. Start again from the piece.', 'expired');
        // Paid before (a reload, a second click): nothing more to do, the order's page tells what happened.
        if (status !== 'pending') return json({ url: done });
        // A payment intent and its charge, as Stripe's would be: a held order's payout is made "out of" the charge.
        await settleOrderPayment(market, provider, order.id, sandboxId('pi'), sandboxId('ch'));
        return json({ url: done });
      }
      case 'order-cancel': {
        const order = await ownOrder(market, caller, body.order);
        if (order.status === 'pending') await market.expire(order.id);
        return json({ url: appUrl(order.catalog_item_id ? `/good-stuff/${order.catalog_item_id}` : '/good-stuff') });
      }
    }
  }),
);
