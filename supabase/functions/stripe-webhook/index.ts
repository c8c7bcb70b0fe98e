// stripe-webhook: Stripe's events keep public.subscriptions (memberships, ADR 0010), the market's orders and
// sellers' accounts (ADR 0029; held payments, docs/payments.md "Good Stuff orders and seller payouts") and the
// design fee's milestones (docs/payments.md, "Design fee milestones") current; chargebacks go to the milestones
// first, then the orders (chargebacks.ts). verify_jwt is off (Stripe sends no Supabase JWT; supabase/config.toml);
// the Stripe signature is the authentication: the platform endpoint's secret (STRIPE_WEBHOOK_SECRET) or, when
// set, the Connect endpoint's (STRIPE_CONNECT_WEBHOOK_SECRET). Each event id is handled once: claimed before the
// work, released when the work fails so Stripe's retry runs it again.
import { handleChargeback } from '../_shared/chargebacks.ts';
import { errorJson, json, withHttp } from '../_shared/http.ts';
import { handleMarketEvent } from '../_shared/market-orders.ts';
import { handleMilestoneEvent } from '../_shared/milestone-payments.ts';
import { payments } from '../_shared/payments.ts';
import { marketEventOf } from '../_shared/stripe-market.ts';
import { milestoneEventOf } from '../_shared/stripe-milestones.ts';
import {
  createStripeClient,
  subscriptionOfEvent,
  syncStripeSubscription,
  verifyStripeEvent,
} from '../_shared/stripe-provider.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, store, market, milestones, provider } = payments();
    if (!config.stripe?.webhookSecret) {
      return errorJson(503, 'Stripe webhooks are not configured', 'not_configured');
    }
    const stripe = createStripeClient(config.stripe);
    const payload = await req.text();
    const secrets = [
      config.stripe.webhookSecret,
      ...(config.stripe.connectWebhookSecret ? [config.stripe.connectWebhookSecret] : []),
    ];
    const event = await verifyStripeEvent(stripe, payload, req.headers.get('Stripe-Signature'), secrets);

    if (!(await store.claimEvent(event.id, event.type))) {
      return json({ received: true, duplicate: true });
    }
    try {
      const target = subscriptionOfEvent(event);
      const marketEvent = target ? null : marketEventOf(event);
      const milestoneEvent = target || marketEvent ? null : milestoneEventOf(event);
      const outcome = target
        ? await syncStripeSubscription(stripe, store, config.prices, target.subscriptionId, target.userHint)
        : marketEvent
          ? await handleMarketEvent(marketEvent, { stripe, market, provider })
          : milestoneEvent?.kind === 'chargeback-opened' || milestoneEvent?.kind === 'chargeback-closed'
            ? await handleChargeback(milestoneEvent, { milestones, market })
            : milestoneEvent
              ? await handleMilestoneEvent(milestoneEvent, { stripe, store: milestones, provider })
              : 'ignored';
      return json({ received: true, outcome });
    } catch (err) {
      await store.releaseEvent(event.id).catch((e) => console.error('releasing event failed:', e));
      console.error(`stripe-webhook: ${event.type} ${event.id} failed:`, err);
      return errorJson(500, 'Event could not be processed; Stripe will retry', 'processing_failed');
    }
  }),
);
