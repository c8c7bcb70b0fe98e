// fund-milestone: the customer pays the next milestone of their project to Good Space, which holds it
// (docs/payments.md, "Design fee milestones"). The database opens a pending charge at the milestone's amount and
// refuses what may not be funded (someone else's, already funded, out of order, project not active); the provider
// opens the payment page for exactly that amount.
// Body: { milestoneId, cancelUrl? } (anything else, an amount included, is ignored).
// Answer: { url, provider, paymentId }: open `url` (Stripe Checkout, or the app's /sandbox/fund).
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { payments } from '../_shared/payments.ts';
import type { OrderCheckout } from '../_shared/provider.ts';
import { takeRate } from '../_shared/rate-limit.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { requireCaller, serviceClient } from '../_shared/supabase.ts';

/** How long the payment page takes a payment (Stripe's floor is 30 minutes from when it receives the request). */
const CHECKOUT_MINUTES = 60;

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, milestones, provider } = payments();
    const db = serviceClient();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    const milestoneId = body.milestoneId;
    if (!isUuid(milestoneId)) throw new HttpError(400, 'milestoneId must be a milestone id', 'invalid_milestone');

    const urlOptions = { ...config, requestOrigin: req.headers.get('Origin') };
    // Checked before anything is opened: a bad return URL is the caller's mistake, not a pending charge.
    const askedCancel = body.cancelUrl == null ? null : resolveReturnUrl(body.cancelUrl, 'cancelUrl', '/', urlOptions);

    // Counted before anything is opened at the provider (docs/product.md, Limits).
    await takeRate(db, caller.id, 'fund_milestone');
    const opened = await milestones.openFunding(caller.id, milestoneId, provider.kind);
    const projectPath = `/project/${opened.project_id}`;
    const cancelUrl = askedCancel ?? resolveReturnUrl(undefined, 'cancelUrl', projectPath, urlOptions);
    const successUrl = new URL(projectPath, cancelUrl.origin);
    successUrl.searchParams.set('funded', opened.payment_id);
    let checkout: OrderCheckout;
    try {
      checkout = await provider.createMilestoneCheckout({
        paymentId: opened.payment_id,
        milestoneId: opened.milestone_id,
        projectId: opened.project_id,
        customerId: caller.id,
        amount: opened.amount,
        title: `${opened.project_title}: ${opened.title}`,
        successUrl,
        cancelUrl,
        expiresAt: new Date(Date.now() + CHECKOUT_MINUTES * 60_000),
      });
    } catch (err) {
      // No payment page, so no payment can come for this row: it is closed now.
      await milestones.expire(opened.payment_id).catch((e) => console.error('fund-milestone: expiring failed:', e));
      throw err;
    }
    await milestones.setCheckout(opened.payment_id, checkout.sessionId, checkout.expiresAt);
    return json({ url: checkout.url, provider: provider.kind, paymentId: opened.payment_id });
  }),
);
