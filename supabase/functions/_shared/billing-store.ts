import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import type { Plan } from './plans.ts';
import { mayReplace, type SubscriptionRow, type SubscriptionWrite } from './subscription-state.ts';

const ROW_COLUMNS =
  'user_id, plan, status, provider, price_id, product_id, current_period_end, cancel_at_period_end, stripe_customer_id, stripe_subscription_id, updated_at';

export interface StoredCustomer {
  stripeCustomerId: string;
  lastCheckoutAt: string | null;
}

export type SandboxAction = 'confirm' | 'cancel' | 'cancel-subscription' | 'close';

export type SandboxActResult =
  | { ok: true; url: string }
  | { ok: false; reason: 'not_found' | 'wrong_kind' | 'expired' | 'closed' };

export interface SandboxSessionView {
  id: string;
  kind: 'checkout' | 'portal';
  plan: Plan | null;
  price_id: string | null;
  status: 'open' | 'completed' | 'canceled' | 'expired';
  return_url: string;
  cancel_url: string | null;
  expires_at: string;
  subscriptions: {
    plan: Plan;
    status: string;
    provider: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  }[];
}

/**
 * The payments tables, through the service role: public.subscriptions directly, the private bookkeeping
 * (customers, webhook event ids, sandbox sessions) through the service-role-only functions of
 * migrations/20261122001000_payments.sql.
 */
export class BillingStore {
  constructor(private readonly db: SupabaseClient) {}

  private async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    const { data, error } = await this.db.rpc(fn, args);
    if (error) throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`);
    return data as T;
  }

  async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    const { data, error } = await this.db.from('subscriptions').select(ROW_COLUMNS).eq('user_id', userId);
    if (error) throw new Error(`reading subscriptions failed: ${error.message}`);
    return (data ?? []) as SubscriptionRow[];
  }

  async customerFor(userId: string): Promise<StoredCustomer | null> {
    const row = await this.rpc<{ stripe_customer_id: string; last_checkout_at: string | null } | null>(
      'billing_customer_get',
      { p_user_id: userId },
    );
    return row ? { stripeCustomerId: row.stripe_customer_id, lastCheckoutAt: row.last_checkout_at } : null;
  }

  /** Stores the user's customer (keeping one already stored) and notes a checkout; returns the stored id. */
  saveCustomer(userId: string, customerId: string): Promise<string> {
    return this.rpc<string>('billing_customer_save', { p_user_id: userId, p_customer_id: customerId });
  }

  ownerOfCustomer(customerId: string): Promise<string | null> {
    return this.rpc<string | null>('billing_customer_owner', { p_customer_id: customerId });
  }

  /** True when this event id was not seen before (and is now recorded). */
  claimEvent(id: string, type: string): Promise<boolean> {
    return this.rpc<boolean>('stripe_event_claim', { p_event_id: id, p_type: type });
  }

  async releaseEvent(id: string): Promise<void> {
    await this.rpc<null>('stripe_event_release', { p_event_id: id });
  }

  /** Writes a Stripe subscription's state to the user's row of that plan, unless a newer one holds it. */
  async applyStripeSubscription(userId: string, plan: Plan, write: SubscriptionWrite, now = new Date()): Promise<boolean> {
    const { data: existing, error } = await this.db
      .from('subscriptions')
      .select(ROW_COLUMNS)
      .eq('user_id', userId)
      .eq('plan', plan)
      .maybeSingle();
    if (error) throw new Error(`reading subscription failed: ${error.message}`);
    if (!mayReplace((existing as SubscriptionRow | null) ?? null, write, now)) return false;
    // A subscription moved to the other plan (a price change in the portal) leaves its old row behind.
    const { error: moveError } = await this.db
      .from('subscriptions')
      .update({ status: 'canceled', stripe_subscription_id: null })
      .eq('stripe_subscription_id', write.stripe_subscription_id)
      .neq('plan', plan);
    if (moveError) throw new Error(`releasing the old plan failed: ${moveError.message}`);
    const { error: upsertError } = await this.db
      .from('subscriptions')
      .upsert({ user_id: userId, plan, provider: 'stripe', ...write }, { onConflict: 'user_id,plan' });
    if (upsertError) throw new Error(`writing subscription failed: ${upsertError.message}`);
    return true;
  }

  openSandboxSession(input: {
    kind: 'checkout' | 'portal';
    userId: string;
    plan: Plan | null;
    priceId: string | null;
    returnUrl: string;
    cancelUrl: string | null;
  }): Promise<string> {
    return this.rpc<string>('sandbox_session_open', {
      p_kind: input.kind,
      p_user_id: input.userId,
      p_plan: input.plan,
      p_price_id: input.priceId,
      p_return_url: input.returnUrl,
      p_cancel_url: input.cancelUrl,
    });
  }

  getSandboxSession(sessionId: string, userId: string): Promise<SandboxSessionView | null> {
    return this.rpc<SandboxSessionView | null>('sandbox_session_get', { p_session_id: sessionId, p_user_id: userId });
  }

  actOnSandboxSession(sessionId: string, userId: string, action: SandboxAction): Promise<SandboxActResult> {
    return this.rpc<SandboxActResult>('sandbox_session_act', {
      p_session_id: sessionId,
      p_user_id: userId,
      p_action: action,
    });
  }
}
