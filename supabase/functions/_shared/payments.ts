import { BillingStore } from './billing-store.ts';
import { loadPaymentsConfig, type PaymentsConfig } from './config.ts';
import { HttpError } from './http.ts';
import { MarketStore } from './market-store.ts';
import { MilestoneStore } from './milestone-store.ts';
import type { MarketProvider, MilestoneProvider, PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { createStripeClient, StripeProvider } from './stripe-provider.ts';
import { serviceClient } from './supabase.ts';

export interface Payments {
  config: PaymentsConfig;
  store: BillingStore;
  /** Orders and sellers' accounts (docs/decisions/0029-paying-sellers.md). */
  market: MarketStore;
  /** The design fee's milestones and their money ledger (docs/payments.md, "Design fee milestones"). */
  milestones: MilestoneStore;
  /**
   * Memberships, the market and the design fee, from the same provider: one configuration never mixes Stripe and
   * the sandbox.
   */
  provider: PaymentProvider & MarketProvider & MilestoneProvider;
}

/** The configuration, the stores and the provider it selects: Stripe with keys, the sandbox without. */
export function payments(config: PaymentsConfig = loadPaymentsConfig()): Payments {
  if (!config.stripe && !config.sandboxAllowed) {
    console.error('payments: no STRIPE_SECRET_KEY, and the sandbox is off here (not local, PAYMENTS_SANDBOX not "on")');
    throw new HttpError(503, 'Payments are not configured', 'not_configured');
  }
  const db = serviceClient();
  const store = new BillingStore(db);
  const provider = config.stripe
    ? new StripeProvider(createStripeClient(config.stripe), store, config.prices)
    : new SandboxProvider(store);
  return { config, store, market: new MarketStore(db), milestones: new MilestoneStore(db), provider };
}
