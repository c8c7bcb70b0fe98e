// sandbox-milestone: what the app's /sandbox/fund page calls (docs/payments.md, "Design fee milestones"). Refused
// whenever Stripe keys are configured, as the other sandbox functions are. Paying plays exactly the webhook's
// path (fundWithPayment: milestone_mark_funded with a pi_sandbox_…, a double payment refunded).
// Body: { action: 'get' | 'pay' | 'cancel', payment }.
//   get → { sandbox, notice, payment }; pay → { url } (the project's page, ?funded=<id>); cancel → { url } (the project's page)
import { loadPaymentsConfig } from '../_shared/config.ts';
import { errorJson, HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { fundWithPayment } from '../_shared/milestone-payments.ts';
import type { MilestonePaymentRow, MilestoneStore } from '../_shared/milestone-store.ts';
import { payments } from '../_shared/payments.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { sandboxId } from '../_shared/sandbox-provider.ts';
import { toCents } from '../_shared/stripe-market.ts';
import { type Caller, requireCaller } from '../_shared/supabase.ts';

const ACTIONS = ['get', 'pay', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];

export const SANDBOX_FUND_NOTICE =
  'Sandbox: no real payment is made, no card is charged and no money reaches anyone. This page stands in for Stripe.';

/** A pending charge past its checkout's expiry reads as expired, as the order's does. */
function effectiveStatus(payment: Pick<MilestonePaymentRow, 'status' | 'checkout_expires_at'>, now = new Date()) {
  const past = payment.checkout_expires_at !== null && new Date(payment.checkout_expires_at).getTime() <= now.getTime();
  return payment.status === 'pending' && past ? 'expired' : payment.status;
}

async function ownCharge(milestones: MilestoneStore, caller: Caller, id: unknown) {
  if (!isUuid(id)) throw new HttpError(400, 'payment must be a payment id', 'invalid_payment');
  const found = await milestones.forPayment(id);
  // Only the customer pays or leaves their own checkout; anyone else's does not exist for them.
  if (!found || found.payment.kind !== 'charge' || found.milestone.customer_id !== caller.id) {
    throw new HttpError(404, 'Payment not found', 'not_found');
  }
  return found;
}

Deno.serve(
  withHttp(['POST'], async (req) => {
    const config = loadPaymentsConfig();
    if (config.provider !== 'sandbox') {
      return errorJson(403, 'Sandbox payments are disabled because Stripe is configured', 'sandbox_disabled');
    }
    const { milestones, provider } = payments(config);
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    const action = body.action;
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
      throw new HttpError(400, `action must be one of ${ACTIONS.join(', ')}`, 'invalid_action');
    }
    const origin = resolveReturnUrl(undefined, 'origin', '/', {
      ...config,
      requestOrigin: req.headers.get('Origin'),
    }).origin;
    const { payment, milestone, project_title, designer_name } = await ownCharge(milestones, caller, body.payment);
    const projectUrl = new URL(`/project/${milestone.project_id}`, origin);

    switch (action as Action) {
      case 'get':
        return json({
          sandbox: true,
          notice: SANDBOX_FUND_NOTICE,
          payment: {
            id: payment.id,
            status: effectiveStatus(payment),
            amount: Number(payment.amount),
            currency: payment.currency,
            milestone_title: milestone.title,
            project_title,
            designer_name,
            project_id: milestone.project_id,
          },
        });
      case 'pay': {
        const funded = new URL(projectUrl);
        funded.searchParams.set('funded', payment.id);
        const status = effectiveStatus(payment);
        if (status === 'expired') {
          throw new HttpError(410, 'This checkout has expired. Start again from the project.', 'expired');
        }
        // Paid before (a reload, a second click): nothing more to do, the project's page tells what happened.
        if (status !== 'pending') return json({ url: funded.href });
        await fundWithPayment(milestones, provider, payment.id, {
          paymentIntentId: sandboxId('pi'),
          chargeId: sandboxId('ch'),
          amountCents: toCents(payment.amount),
          currency: payment.currency,
        });
        return json({ url: funded.href });
      }
      case 'cancel':
        if (payment.status === 'pending') await milestones.expire(payment.id);
        return json({ url: projectUrl.href });
    }
  }),
);
