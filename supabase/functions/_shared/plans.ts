import { HttpError } from './http.ts';

export type Plan = 'client' | 'designer';
export type Role = 'customer' | 'designer';

export const PLANS: readonly Plan[] = ['client', 'designer'];

/** What each membership is and costs (docs/product.md, Who it is for) (shown on the sandbox page; Stripe's price is the truth there). */
export const PLAN_DETAILS: Record<Plan, { name: string; amountCents: number; currency: 'usd'; interval: 'month' }> = {
  client: { name: 'Client membership', amountCents: 99, currency: 'usd', interval: 'month' },
  designer: { name: 'Designer membership', amountCents: 999, currency: 'usd', interval: 'month' },
};

/** The plan each account type needs: row-level security checks exactly this plan for that role. */
export const PLAN_FOR_ROLE: Record<Role, Plan> = { customer: 'client', designer: 'designer' };

/** Price identifiers of the sandbox provider (no Stripe keys configured). */
export const SANDBOX_PRICES: Record<Plan, string> = {
  client: 'price_sandbox_client',
  designer: 'price_sandbox_designer',
};

export function isPlan(value: unknown): value is Plan {
  return value === 'client' || value === 'designer';
}

export function isRole(value: unknown): value is Role {
  return value === 'customer' || value === 'designer';
}

/** The plan a price identifier stands for, among the accepted ones, or null. */
export function planForPrice(priceId: string, accepted: readonly Partial<Record<Plan, string>>[]): Plan | null {
  for (const prices of accepted) {
    for (const plan of PLANS) if (prices[plan] && prices[plan] === priceId) return plan;
  }
  return null;
}

/**
 * Reads `{ priceId }` (what the app sends) or `{ plan }` from a create-checkout body. `prices` are the price ids charged
 * per plan; `aliases` are further ids accepted for the same plans. Bad input is a 400 with a code.
 */
export function planFromBody(
  body: Record<string, unknown>,
  prices: Partial<Record<Plan, string>>,
  aliases: readonly Partial<Record<Plan, string>>[] = [],
): { plan: Plan; priceId: string } {
  const { priceId, plan } = body;
  if (priceId !== undefined && plan !== undefined) {
    throw new HttpError(400, 'Send either priceId or plan, not both', 'invalid_request');
  }
  if (priceId !== undefined) {
    if (typeof priceId !== 'string' || priceId.length === 0 || priceId.length > 200) {
      throw new HttpError(400, 'priceId must be a non-empty string', 'invalid_price');
    }
    const found = planForPrice(priceId, [prices, ...aliases]);
    if (!found) throw new HttpError(400, `Unknown priceId: ${priceId}`, 'invalid_price');
    const charged = prices[found];
    if (!charged) throw new HttpError(503, 'Payments are not configured for this plan', 'not_configured');
    return { plan: found, priceId: charged };
  }
  if (plan !== undefined) {
    if (!isPlan(plan)) throw new HttpError(400, 'plan must be "client" or "designer"', 'invalid_plan');
    const charged = prices[plan];
    if (!charged) throw new HttpError(503, 'Payments are not configured for this plan', 'not_configured');
    return { plan, priceId: charged };
  }
  throw new HttpError(400, 'priceId is required', 'invalid_price');
}

/**
 * A customer buys the client plan and a designer the designer plan. A mismatch is refused: the other plan
 * unlocks nothing for this account (the policies check the role's plan), so charging for it would be a
 * mistake; switching the account type first is the way to get it.
 */
export function assertPlanFitsRole(role: Role, plan: Plan): void {
  if (PLAN_FOR_ROLE[role] === plan) return;
  const needed = plan === 'client' ? 'customer (client)' : 'designer';
  throw new HttpError(
    409,
    `The ${plan} plan is for ${needed} accounts. Change your account type in Settings to subscribe to it.`,
    'plan_role_mismatch',
  );
}
