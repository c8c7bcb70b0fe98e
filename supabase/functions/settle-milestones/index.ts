// settle-milestones: the design fee's due work (docs/payments.md, "Design fee milestones"). Called every minute
// that has work by the pg_cron job (through pg_net, with the service key) and by nobody else. It releases
// submitted milestones left unanswered past auto_release_at and sends the reminders before (the database's
// milestones_auto_release), then carries out every pending refund and transfer that can be made now: ones whose
// first attempt failed between the database and the provider, and transfers that waited for the designer's
// Get paid. The idempotency key of each is its ledger row's id, so a retry never moves money twice.
// Body: none. Answer: { released, reminded, transfers, refunds } (what this run did).
import { json, withHttp } from '../_shared/http.ts';
import { carryOut } from '../_shared/milestone-payments.ts';
import { payments } from '../_shared/payments.ts';
import { requireServiceRole } from '../_shared/service-role.ts';

/** At most this many pending rows per run; the rest are the next run's. */
const BATCH = 50;

Deno.serve(
  withHttp(['POST'], async (req) => {
    requireServiceRole(req, 'Only the service role may settle milestones');
    const { milestones, provider } = payments();
    const started = new Date(Date.now() - 1000);
    const auto = await milestones.autoRelease();
    const reminded = auto.reminded ?? (await milestones.remindedSince(started));
    let transfers = 0;
    let refunds = 0;
    for (const settlement of await milestones.pendingSettlements(BATCH)) {
      if ((await carryOut(milestones, provider, settlement)) !== 'succeeded') continue;
      if (settlement.kind === 'transfer') transfers += 1;
      else refunds += 1;
    }
    return json({ released: auto.released, reminded, transfers, refunds });
  }),
);
