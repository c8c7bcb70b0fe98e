import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { type RefusalCodes, refusalOf } from './rpc-errors.ts';

// The design fee's rows through the service role and the service-role-only functions of
// migrations/20261203000200_milestones.sql, which hold every rule (who, which state, how much). The functions
// carry out their answers (docs/payments.md, "Design fee milestones").

export type MilestoneStatus =
  'not_funded' | 'funded' | 'submitted' | 'changes_requested' | 'released' | 'refunded' | 'disputed';

export interface MilestoneRow {
  id: string;
  project_id: string;
  customer_id: string | null;
  designer_id: string | null;
  position: number;
  title: string;
  amount: number | string;
  status: MilestoneStatus;
  provider: 'stripe' | 'sandbox' | null;
  payment_intent_id: string | null;
  charge_id: string | null;
  released_amount: number | string;
  refunded_amount: number | string;
  frozen_at: string | null;
  [column: string]: unknown;
}

export interface MilestonePaymentRow {
  id: string;
  milestone_id: string;
  project_id: string;
  kind: 'charge' | 'refund' | 'transfer';
  amount: number | string;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'expired';
  reason: string;
  provider: 'stripe' | 'sandbox';
  provider_id: string | null;
  checkout_session_id: string | null;
  checkout_expires_at: string | null;
  note: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface FundingOpened {
  payment_id: string;
  milestone_id: string;
  project_id: string;
  amount: number | string;
  title: string;
  project_title: string;
  designer_name: string | null;
}

/** 'funded' counted now; 'duplicate' counted before; 'refund' the milestone was already funded (give it back); 'mismatch' not this row's. */
export type FundedOutcome = 'funded' | 'duplicate' | 'refund' | 'mismatch';

/** A pending refund or transfer the database says can be carried out (milestone_pending_settlements). */
export interface Settlement {
  id: string;
  kind: 'refund' | 'transfer';
  amount: number | string;
  provider: 'stripe' | 'sandbox';
  reason: string;
  milestone_id: string;
  project_id: string;
  payment_intent_id: string | null;
  charge_id: string | null;
  /** The designer's seller account when it can be paid, else null (the transfer waits). */
  destination: string | null;
}

// Shared with the orders' store (market-store.ts): a refusal's status and code per SQLSTATE.
export { type RefusalCodes, refusalOf } from './rpc-errors.ts';

/** The usual refusals of the milestone functions (contract: 404 not_found, 409 wrong_state, 400 invalid_amount). */
export const MILESTONE_REFUSALS: RefusalCodes = {
  P0002: [404, 'not_found'],
  '55000': [409, 'wrong_state'],
  '23514': [400, 'invalid_amount'],
  '22023': [400, 'invalid_amount'],
};

/** A money amount as the database takes it: the decimal text, so no cent is lost to floating point. */
export function amountText(amount: number | string): string {
  return typeof amount === 'number' ? amount.toFixed(2) : amount;
}

export class MilestoneStore {
  constructor(private readonly db: SupabaseClient) {}

  private async rpc<T>(fn: string, args: Record<string, unknown>, codes: RefusalCodes = {}): Promise<T> {
    const { data, error } = await this.db.rpc(fn, args);
    if (error) {
      const refusal = refusalOf(error, codes);
      if (refusal) throw refusal;
      throw new Error(`${fn} failed: ${error.code ?? ''} ${error.message}`);
    }
    return data as T;
  }

  /** A pending funding charge at the milestone's amount, or the database's refusal. */
  openFunding(customerId: string, milestoneId: string, provider: 'stripe' | 'sandbox'): Promise<FundingOpened> {
    return this.rpc(
      'milestone_fund_open',
      { p_customer: customerId, p_milestone_id: milestoneId, p_provider: provider },
      { P0002: [404, 'not_found'], '42501': [403, 'not_customer'], '55000': [409, 'not_fundable'] },
    );
  }

  async setCheckout(paymentId: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.rpc('milestone_payment_set_checkout', {
      p_payment_id: paymentId,
      p_session_id: sessionId,
      p_expires_at: expiresAt.toISOString(),
    });
  }

  markFunded(
    paymentId: string,
    paid: { paymentIntentId: string; chargeId: string | null; amountCents: number; currency: string },
  ): Promise<{ outcome: FundedOutcome; milestone: MilestoneRow | null; refund: MilestonePaymentRow | null }> {
    return this.rpc('milestone_mark_funded', {
      p_payment_id: paymentId,
      p_payment_intent_id: paid.paymentIntentId,
      p_charge_id: paid.chargeId,
      p_amount_cents: paid.amountCents,
      p_currency: paid.currency,
    });
  }

  async expire(paymentId: string): Promise<void> {
    await this.rpc('milestone_payment_expire', { p_payment_id: paymentId });
  }

  release(
    customerId: string,
    milestoneId: string,
  ): Promise<{ milestone: MilestoneRow; transfer: MilestonePaymentRow | null }> {
    return this.rpc(
      'milestone_release',
      { p_customer: customerId, p_milestone_id: milestoneId },
      { ...MILESTONE_REFUSALS, '42501': [403, 'not_customer'] },
    );
  }

  openRefund(
    designerId: string,
    milestoneId: string,
    amount: string,
    reason: 'designer_refund' | 'cancel_agreed',
  ): Promise<{ milestone: MilestoneRow; refund: MilestonePaymentRow }> {
    return this.rpc(
      'milestone_refund_open',
      { p_designer: designerId, p_milestone_id: milestoneId, p_amount: amount, p_reason: reason },
      { ...MILESTONE_REFUSALS, '42501': [403, 'not_designer'] },
    );
  }

  succeeded(paymentId: string, providerId: string): Promise<MilestonePaymentRow> {
    return this.rpc('milestone_payment_succeeded', { p_payment_id: paymentId, p_provider_id: providerId });
  }

  async note(paymentId: string, note: string): Promise<void> {
    await this.rpc('milestone_payment_note', { p_payment_id: paymentId, p_note: note.slice(0, 500) });
  }

  async pendingSettlements(limit = 50): Promise<Settlement[]> {
    return (await this.rpc<Settlement[] | null>('milestone_pending_settlements', { p_limit: limit })) ?? [];
  }

  /** Releases the due milestones and sends the due reminders; how many were released (and reminded, if told). */
  async autoRelease(): Promise<{ released: number; reminded: number | null }> {
    const answer = await this.rpc<number | { released?: number; reminded?: number } | null>(
      'milestones_auto_release',
      {},
    );
    if (typeof answer === 'number') return { released: answer, reminded: null };
    return { released: answer?.released ?? 0, reminded: answer?.reminded ?? null };
  }

  /** How many reminders went out since `since` (milestones_auto_release answers only its releases). */
  async remindedSince(since: Date): Promise<number> {
    const iso = since.toISOString();
    const { count, error } = await this.db
      .from('project_milestones')
      .select('id', { count: 'exact', head: true })
      .or(`reminded_3d_at.gte.${iso},reminded_1d_at.gte.${iso}`);
    if (error) throw new Error(`counting reminders failed: ${error.message}`);
    return count ?? 0;
  }

  chargebackOpened(
    paymentIntentId: string,
    disputeId: string,
    reason: string,
  ): Promise<{ outcome: 'frozen' | 'duplicate' | 'unknown' }> {
    return this.rpc('milestone_chargeback_opened', {
      p_payment_intent_id: paymentIntentId,
      p_dispute_id: disputeId,
      p_reason: reason,
    });
  }

  chargebackClosed(disputeId: string, won: boolean): Promise<{ outcome?: string }> {
    return this.rpc('milestone_chargeback_closed', { p_dispute_id: disputeId, p_won: won });
  }

  /** A ledger row with its milestone, or null when there is none. */
  async forPayment(paymentId: string): Promise<{
    payment: MilestonePaymentRow;
    milestone: MilestoneRow;
    project_title: string;
    designer_name: string | null;
  } | null> {
    const { data, error } = await this.db.rpc('milestone_for_payment', { p_payment_id: paymentId });
    if (error) {
      if (error.code === 'P0002') return null;
      throw new Error(`milestone_for_payment failed: ${error.code ?? ''} ${error.message}`);
    }
    const found = data as {
      payment: MilestonePaymentRow | null;
      milestone: MilestoneRow | null;
      project_title: string;
      designer_name?: string | null;
    } | null;
    if (!found?.payment || !found.milestone) return null;
    return {
      payment: found.payment,
      milestone: found.milestone,
      project_title: found.project_title,
      // The database names the designer as everywhere else (milestone_for_payment); else the profile's name.
      designer_name: found.designer_name ?? (await this.nameOf(found.milestone.designer_id)),
    };
  }

  async milestone(id: string): Promise<MilestoneRow | null> {
    const { data, error } = await this.db.from('project_milestones').select('*').eq('id', id).maybeSingle();
    if (error) throw new Error(`reading milestone failed: ${error.message}`);
    return (data as MilestoneRow | null) ?? null;
  }

  /** The designer's seller account id when it can be paid through `provider`, else null. */
  async payableAccount(designerId: string | null, provider: 'stripe' | 'sandbox'): Promise<string | null> {
    if (!designerId) return null;
    const { data, error } = await this.db
      .from('seller_accounts')
      .select('account_id, provider, can_be_paid')
      .eq('user_id', designerId)
      .maybeSingle();
    if (error) throw new Error(`reading the seller account failed: ${error.message}`);
    const row = data as { account_id: string; provider: string; can_be_paid: boolean } | null;
    return row && row.can_be_paid && row.provider === provider ? row.account_id : null;
  }

  /** A profile's name (the sandbox page names the designer). */
  async nameOf(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const { data, error } = await this.db.from('profiles').select('full_name').eq('id', userId).maybeSingle();
    if (error) throw new Error(`reading the profile failed: ${error.message}`);
    return (data as { full_name: string | null } | null)?.full_name ?? null;
  }
}
