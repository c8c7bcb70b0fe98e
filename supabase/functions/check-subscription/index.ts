// check-subscription: the signed-in user's membership, read from public.subscriptions (the webhook keeps it
// current; with Stripe, stale rows are re-fetched first). No payload; answers
// { subscribed, product_id, subscription_end } plus plan, price_id, status, cancel_at_period_end, provider.
import { json, withHttp } from '../_shared/http.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';
import { answerFor } from '../_shared/subscription-state.ts';

Deno.serve(
  withHttp(['POST', 'GET'], async (req) => {
    const { store, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const rows = await provider.refresh(caller, await store.subscriptionsOf(caller.id));
    return json(answerFor(caller.role, rows, new Date()));
  }),
);
