// create-checkout: starts a membership purchase for the signed-in user (docs/product.md, Payments).
// Body: { priceId } or { plan: 'client' | 'designer' }, optional successUrl / cancelUrl on an allowed origin.
// Answer: { url, provider } — the payment page to open (Stripe Checkout, or the app's sandbox page).
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { payments } from '../_shared/payments.ts';
import { assertPlanFitsRole, planFromBody } from '../_shared/plans.ts';
import { takeRate } from '../_shared/rate-limit.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { requireCaller, serviceClient } from '../_shared/supabase.ts';
import { answerFor } from '../_shared/subscription-state.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, store, provider } = payments();
    const db = serviceClient();
    const caller = await requireCaller(req, 'Must be logged in to subscribe');
    // Each call opens a Checkout session at the provider: at most 10 an hour per user (docs/product.md, Limits).
    await takeRate(db, caller.id, 'create_checkout');
    const body = await readJsonObject(req);
    const { plan, priceId } = planFromBody(body, config.prices, config.priceAliases);
    assertPlanFitsRole(caller.role, plan);

    const rows = await store.subscriptionsOf(caller.id);
    if (answerFor(caller.role, rows, new Date()).subscribed) {
      throw new HttpError(409, `You already have an active ${plan} membership`, 'already_subscribed');
    }

    const urlOptions = { ...config, requestOrigin: req.headers.get('Origin') };
    const successUrl = resolveReturnUrl(body.successUrl, 'successUrl', '/payment-success', urlOptions);
    const cancelUrl = resolveReturnUrl(body.cancelUrl, 'cancelUrl', '/pricing', urlOptions);
    const url = await provider.createCheckout({ caller, plan, priceId, successUrl, cancelUrl });
    return json({ url, provider: provider.kind });
  }),
);
