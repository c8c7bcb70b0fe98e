// stripe-webhook: Stripe's events keep public.subscriptions current. verify_jwt is off (Stripe sends no
// Supabase JWT; supabase/config.toml); the Stripe signature is the authentication. Each event id is handled
// once: claimed before the work, released when the work fails so Stripe's retry runs it again.
import { errorJson, json, withHttp } from '../_shared/http.ts';
import { payments } from '../_shared/payments.ts';
import {
  createStripeClient,
  subscriptionOfEvent,
  syncStripeSubscription,
  verifyStripeEvent,
} from '../_shared/stripe-provider.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, store } = payments();
    if (!config.stripe?.webhookSecret) {
      return errorJson(503, 'Stripe webhooks are not configured', 'not_configured');
    }
    const stripe = createStripeClient(config.stripe);
    const payload = await req.text();
    const event = await verifyStripeEvent(stripe, payload, req.headers.get('Stripe-Signature'), config.stripe.webhookSecret);

    if (!(await store.claimEvent(event.id, event.type))) {
      return json({ received: true, duplicate: true });
    }
    try {
      const target = subscriptionOfEvent(event);
      const outcome = target
        ? await syncStripeSubscription(stripe, store, config.prices, target.subscriptionId, target.userHint)
        : 'ignored';
      return json({ received: true, outcome });
    } catch (err) {
      await store.releaseEvent(event.id).catch((e) => console.error('releasing event failed:', e));
      console.error(`stripe-webhook: ${event.type} ${event.id} failed:`, err);
      return errorJson(500, 'Event could not be processed; Stripe will retry', 'processing_failed');
    }
  }),
);
