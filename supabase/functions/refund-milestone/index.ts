// refund-milestone: the designer gives a funded milestone's held money back to the customer, all or part
// (docs/payments.md, "Design fee milestones"); `cancel_agreed` is the designer agreeing to the customer's request
// to cancel (the whole held amount). The database checks and counts the refund at once and makes the pending
// refund row; this carries it out (Stripe: a partial refund of the milestone's payment intent).
// Body: { milestoneId, amount, reason? } → { milestone }.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { carryOutRows } from '../_shared/milestone-payments.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';
import { parseAmount } from '../_shared/amounts.ts';

const REASONS = ['designer_refund', 'cancel_agreed'] as const;

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { milestones, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.milestoneId)) throw new HttpError(400, 'milestoneId must be a milestone id', 'invalid_milestone');
    const amount = parseAmount(body.amount, 'amount', { allowZero: false });
    const reason = body.reason ?? 'designer_refund';
    if (typeof reason !== 'string' || !(REASONS as readonly string[]).includes(reason)) {
      throw new HttpError(400, `reason must be one of ${REASONS.join(', ')}`, 'invalid_action');
    }

    const { milestone, refund } = await milestones.openRefund(
      caller.id,
      body.milestoneId,
      amount,
      reason as (typeof REASONS)[number],
    );
    await carryOutRows(milestones, provider, [refund]);
    return json({ milestone });
  }),
);
