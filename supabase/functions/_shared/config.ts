import type { Plan } from './plans.ts';
import { SANDBOX_PRICES } from './plans.ts';

/** Reads one environment variable; injected so the configuration rules are testable without Deno.env. */
export type EnvReader = (name: string) => string | undefined;

export const denoEnv: EnvReader = (name) => Deno.env.get(name);

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  /**
   * The signing secret of the Connect webhook endpoint (events of the sellers' connected accounts, such as
   * account.updated, come to their own endpoint with their own secret). Null when not set.
   */
  connectWebhookSecret: string | null;
  /** Only for tests: the SDK talks to this base (a local fake Stripe) instead of api.stripe.com. */
  apiBase: URL | null;
}

export interface PaymentsConfig {
  provider: 'stripe' | 'sandbox';
  stripe: StripeSettings | null;
  /** The price charged per plan. Stripe: STRIPE_PRICE_CLIENT / STRIPE_PRICE_DESIGNER; sandbox: fixed ids. */
  prices: Partial<Record<Plan, string>>;
  /** Further price ids accepted for the same plans (the configured Stripe ids, in sandbox mode). */
  priceAliases: Partial<Record<Plan, string>>[];
  /** Origins the app runs on: return URLs must be on one of them (no open redirect). */
  allowedOrigins: string[];
  /** Where return URLs point when the request names none: SITE_URL, else the first allowed origin. */
  siteOrigin: string;
  /**
   * Whether the sandbox may run: on a local stack (SUPABASE_URL on loopback) or with PAYMENTS_SANDBOX=on. A
   * hosted project that merely forgot its Stripe keys must not hand out free memberships.
   */
  sandboxAllowed: boolean;
}

function isLoopback(url: string | null): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost');
  } catch {
    return false;
  }
}

/**
 * The Vite dev server and preview on both loopback names: the list when neither SITE_URL nor ALLOWED_ORIGINS is
 * set. The local stack normally sets both (supabase/config.toml [edge_runtime.secrets], ADR 0016).
 */
export const LOCAL_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];

function nonEmpty(env: EnvReader, name: string): string | null {
  const v = env(name)?.trim();
  return v ? v : null;
}

function originOf(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be absolute URLs (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be http(s) URLs`);
  return url.origin;
}

/**
 * The payments configuration from the function's secrets. Stripe keys present → the Stripe provider, and
 * the sandbox can never be used; no keys → the sandbox provider.
 */
export function loadPaymentsConfig(env: EnvReader = denoEnv): PaymentsConfig {
  const secretKey = nonEmpty(env, 'STRIPE_SECRET_KEY');
  const configuredPrices: Partial<Record<Plan, string>> = {};
  const client = nonEmpty(env, 'STRIPE_PRICE_CLIENT');
  const designer = nonEmpty(env, 'STRIPE_PRICE_DESIGNER');
  if (client) configuredPrices.client = client;
  if (designer) configuredPrices.designer = designer;

  const site = nonEmpty(env, 'SITE_URL');
  const listed = (nonEmpty(env, 'ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => originOf(s, 'ALLOWED_ORIGINS'));
  const siteOrigin = site ? originOf(site, 'SITE_URL') : null;
  const allowed = [...new Set([...(siteOrigin ? [siteOrigin] : []), ...listed])];
  const allowedOrigins = allowed.length > 0 ? allowed : LOCAL_ORIGINS;

  const apiBase = nonEmpty(env, 'STRIPE_API_BASE');
  return {
    provider: secretKey ? 'stripe' : 'sandbox',
    stripe: secretKey
      ? {
          secretKey,
          webhookSecret: nonEmpty(env, 'STRIPE_WEBHOOK_SECRET'),
          connectWebhookSecret: nonEmpty(env, 'STRIPE_CONNECT_WEBHOOK_SECRET'),
          apiBase: apiBase ? new URL(apiBase) : null,
        }
      : null,
    prices: secretKey ? configuredPrices : { ...SANDBOX_PRICES },
    priceAliases: secretKey ? [] : [configuredPrices],
    allowedOrigins,
    siteOrigin: siteOrigin ?? allowedOrigins[0]!,
    sandboxAllowed: nonEmpty(env, 'PAYMENTS_SANDBOX') === 'on' || isLoopback(nonEmpty(env, 'SUPABASE_URL')),
  };
}
