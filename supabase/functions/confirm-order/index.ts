// confirm-order: the buyer is back from the payment page (docs/payments.md, "Back from Checkout"). The webhook
// normally settles the order first; when it is late or lost, this asks the provider whether
// the order's checkout was paid and settles it the same way (settleCheckoutPayment: checked against the order,
// then sold, or a double payment refunded). Calling it again, or after the webhook, changes nothing.
// Body: { orderId } → { order }. Someone else's order: 404.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { settleCheckoutPayment } from '../_shared/market-orders.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { market, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.orderId)) throw new HttpError(400, 'orderId must be an order id', 'invalid_order');

    const order = await market.order(body.orderId);
    if (!order || order.buyer_id !== caller.id) throw new HttpError(404, 'Order not found', 'not_found');
    // Only a payment the database has not settled yet is asked about; an expired checkout may still have been paid.
    const unsettled = order.status === 'pending' || order.status === 'expired';
    if (!unsettled || order.provider !== provider.kind || !order.checkout_session_id) return json({ order });
    const payment = await provider.paidCheckout(order.checkout_session_id);
    if (!payment) return json({ order });
    // Settled only if it is this order's payment: its session, amount, currency and seller (settleCheckoutPayment).
    await settleCheckoutPayment(market, provider, payment);
    return json({ order: await market.order(order.id) });
  }),
);
