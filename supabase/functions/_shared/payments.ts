import { BillingStore } from './billing-store.ts';
import { loadPaymentsConfig, type PaymentsConfig } from './config.ts';
import { HttpError } from './http.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox-provider.ts';
import { createStripeClient, StripeProvider } from './stripe-provider.ts';
import { serviceClient } from './supabase.ts';

export interface Payments {
  config: PaymentsConfig;
  store: BillingStore;
  provider: PaymentProvider;
}

/** The configuration, the store and the provider it selects: Stripe with keys, the sandbox without. */
export function payments(config: PaymentsConfig = loadPaymentsConfig()): Payments {
  if (!config.stripe && !config.sandboxAllowed) {
    console.error('payments: no STRIPE_SECRET_KEY, and the sandbox is off here (not local, PAYMENTS_SANDBOX not "on")');
    throw new HttpError(503, 'Payments are not configured', 'not_configured');
  }
  const store = new BillingStore(serviceClient());
  const provider: PaymentProvider = config.stripe
    ? new StripeProvider(createStripeClient(config.stripe), store, config.prices)
    : new SandboxProvider(store);
  return { config, store, provider };
}
