// cancel-order: a paid order is cancelled before the handover (docs/payments.md, "Good Stuff orders and seller
// payouts"): by the seller at any time, or by the buyer once the seller missed a confirmed pickup time. The
// database decides who may (order_cancel), makes the order `cancelled` (which tells the other party), puts the
// piece up for sale again and makes the pending refund row of the whole amount; this carries it out (Stripe: a
// refund of the payment intent; a legacy destination charge's with reverse_transfer, taking it back from the
// seller). A refund the provider refuses stays pending with a note: settle-orders retries it.
// Body: { orderId } → { order }. Someone else's order: 404; the buyer before a seller no-show: 403; not `paid`: 409.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { carryOutOrderRows } from '../_shared/order-payments.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { market, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.orderId)) throw new HttpError(400, 'orderId must be an order id', 'invalid_order');

    const { order, refund } = await market.cancel(caller.id, body.orderId);
    await carryOutOrderRows(market, provider, [refund]);
    return json({ order });
  }),
);
