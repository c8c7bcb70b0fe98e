// settle-orders: the held orders' due work (docs/payments.md, "Good Stuff orders and seller payouts"). Called
// every minute that has work by the pg_cron job (through pg_net, with the service key) and by nobody else. It
// completes the collected orders whose 48 hours passed without a problem (a payout row each, reason auto_release)
// and sends the pickup reminders (the database's orders_settle_due), then carries out every pending refund and
// transfer that can be made now: ones whose first attempt failed between the database and the provider, and
// payouts that waited for the seller's Get paid. The idempotency key of each is its ledger row's id, so a retry
// never moves money twice. A frozen order's rows are not listed (the database).
// Body: none. Answer: { released, reminded, transfers, refunds } (what this run did).
import { json, withHttp } from '../_shared/http.ts';
import { carryOutOrderPayment } from '../_shared/order-payments.ts';
import { payments } from '../_shared/payments.ts';
import { requireServiceRole } from '../_shared/service-role.ts';

/** At most this many pending rows per run; the rest are the next run's. */
const BATCH = 50;

Deno.serve(
  withHttp(['POST'], async (req) => {
    requireServiceRole(req, 'Only the service role may settle orders');
    const { market, provider } = payments();
    const { released, reminded } = await market.settleDue();
    let transfers = 0;
    let refunds = 0;
    for (const settlement of await market.pendingSettlements(BATCH)) {
      if ((await carryOutOrderPayment(market, provider, settlement)) !== 'succeeded') continue;
      if (settlement.kind === 'transfer') transfers += 1;
      else refunds += 1;
    }
    return json({ released, reminded, transfers, refunds });
  }),
);
