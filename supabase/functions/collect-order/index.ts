// collect-order: the buyer says "Collected, all good" (docs/payments.md, "Good Stuff orders and seller payouts"):
// at the handover (the order `paid`) or within the 48 hours after the seller marked it collected. The database
// completes the order (order_collect), tells the seller and makes the pending payout row of what is held; this
// carries it out (Stripe: a transfer out of the order's own charge to the seller's connected account). A seller
// whose Get paid is unfinished, or a transfer the provider refuses, has it waiting: settle-orders sends it later.
// A legacy destination order has no payout row (the seller already has the money).
// Body: { orderId } → { order }. Someone else's order: 404; the seller: 403; frozen or another state: 409.
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

    const { order, transfer } = await market.collect(caller.id, body.orderId);
    await carryOutOrderRows(market, provider, [transfer]);
    return json({ order });
  }),
);
