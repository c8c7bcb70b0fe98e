import { HttpResponse } from 'msw';

/**
 * The `check-subscription` function's answer (supabase/functions/check-subscription): the membership of the plan
 * of the caller's role, its end and Stripe ids when active.
 */
export function subscriptionStatus(plan: 'client' | 'designer', subscribed: boolean, end = '2026-12-25T00:00:00.000Z') {
  return HttpResponse.json({
    subscribed,
    plan,
    product_id: subscribed ? `prod_${plan}` : null,
    price_id: subscribed ? `price_${plan}` : null,
    subscription_end: subscribed ? end : null,
    status: subscribed ? 'active' : null,
    cancel_at_period_end: false,
    provider: subscribed ? 'stripe' : null,
  });
}
