// cancel-order: the seller cancels a paid order before pickup (docs/decisions/0029-paying-sellers.md). The
// buyer gets all of their money back (Stripe: a refund that reverses the transfer to the seller), the order
// becomes `cancelled` (which tells the buyer) and the piece is for sale again.
// Body: { orderId } → { order }. Someone else's order: 404; an order not paid or ready: 409.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { effectiveStatus } from '../_shared/market-store.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller, serviceClient } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { market, provider } = payments();
    const caller = await requireCaller(req, serviceClient(), 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.orderId)) throw new HttpError(400, 'orderId must be an order id', 'invalid_order');

    const order = await market.order(body.orderId);
    if (!order || order.seller_id !== caller.id) throw new HttpError(404, 'Order not found', 'not_found');
    if (order.status !== 'paid' && order.status !== 'ready') {
      const status = effectiveStatus(order);
      throw new HttpError(409, `This order is ${status} and cannot be cancelled`, 'not_cancellable');
    }
    if (order.provider !== provider.kind || !order.payment_intent_id) {
      throw new HttpError(409, `This order was paid through the ${order.provider} provider, which is not in use here`, 'wrong_provider');
    }
    const refundId = await provider.refundOrder({ id: order.id, paymentIntentId: order.payment_intent_id }, 'seller_cancelled');
    const cancelled = await market.markRefunded(order.id, refundId, 'seller_cancelled');
    return json({ order: cancelled });
  }),
);
