// refuse-order: the buyer refuses the piece at pickup (docs/payments.md, "Good Stuff orders and seller payouts"),
// with a reason and up to 6 photos they uploaded to order-photos/<order id>/. The database (order_refuse) makes
// the order `refused`, delists the piece until its seller edits it, tells the seller and makes the pending refund
// row of the whole amount; this carries it out (Stripe: a refund of the payment intent, no reverse_transfer: the
// money is still held by Good Space). A refund the provider refuses stays pending with a note for settle-orders.
// Body: { orderId, reason, photos? } → { order }. Not the buyer: 403; not `paid` or frozen: 409.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { carryOutOrderRows } from '../_shared/order-payments.ts';
import { parseRefusal } from '../_shared/order-input.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { market, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.orderId)) throw new HttpError(400, 'orderId must be an order id', 'invalid_order');
    const { reason, photos } = parseRefusal(body.orderId, body.reason, body.photos);

    const { order, refund } = await market.refuse(caller.id, body.orderId, reason, photos);
    await carryOutOrderRows(market, provider, [refund]);
    return json({ order });
  }),
);
