// confirm-milestone: the customer is back from the payment page (docs/payments.md, "Design fee milestones").
// The webhook normally funds the milestone first; when it is late or lost, this asks the provider whether the
// row's checkout was paid and settles it the same way (settleMilestoneCheckout), so whichever comes first wins
// and the other is a duplicate. Body: { paymentId } → { milestone }. Someone else's payment: 404.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { settleMilestoneCheckout } from '../_shared/milestone-payments.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { milestones, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.paymentId)) throw new HttpError(400, 'paymentId must be a payment id', 'invalid_payment');

    const found = await milestones.forPayment(body.paymentId);
    if (!found || found.payment.kind !== 'charge' || found.milestone.customer_id !== caller.id) {
      throw new HttpError(404, 'Payment not found', 'not_found');
    }
    const { payment, milestone } = found;
    // Only a charge the database has not settled is asked about; an expired checkout may still have been paid.
    const unsettled = payment.status === 'pending' || payment.status === 'expired';
    if (!unsettled || payment.provider !== provider.kind || !payment.checkout_session_id) return json({ milestone });
    const paid = await provider.paidMilestoneCheckout(payment.checkout_session_id);
    if (!paid) return json({ milestone });
    await settleMilestoneCheckout(milestones, provider, paid);
    return json({ milestone: (await milestones.milestone(milestone.id)) ?? milestone });
  }),
);
