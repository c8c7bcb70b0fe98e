import assert from 'node:assert/strict';
import { LOCAL_ORIGINS, loadPaymentsConfig } from './config.ts';

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test('no Stripe key: the sandbox with its own price ids and the local app origins', () => {
  const config = loadPaymentsConfig(envOf({ SUPABASE_URL: 'http://127.0.0.1:54321' }));
  assert.equal(config.sandboxAllowed, true);
  assert.equal(config.provider, 'sandbox');
  assert.equal(config.stripe, null);
  assert.deepEqual(config.prices, { client: 'price_sandbox_client', designer: 'price_sandbox_designer' });
  assert.deepEqual(config.allowedOrigins, LOCAL_ORIGINS);
  assert.equal(config.siteOrigin, 'http://localhost:5173');
});

Deno.test('a Stripe key: Stripe with the configured prices; the sandbox ids are gone', () => {
  const config = loadPaymentsConfig(
    envOf({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_CLIENT: 'price_c',
      STRIPE_PRICE_DESIGNER: 'price_d',
      SITE_URL: 'https://goodspace.app/',
      ALLOWED_ORIGINS: 'https://www.goodspace.app, https://goodspace.app',
    }),
  );
  assert.equal(config.provider, 'stripe');
  assert.deepEqual(config.stripe, { secretKey: 'sk_live_x', webhookSecret: 'whsec_x', connectWebhookSecret: null, apiBase: null });
  assert.deepEqual(config.prices, { client: 'price_c', designer: 'price_d' });
  assert.deepEqual(config.priceAliases, []);
  assert.deepEqual(config.allowedOrigins, ['https://goodspace.app', 'https://www.goodspace.app']);
  assert.equal(config.siteOrigin, 'https://goodspace.app');
});

Deno.test('an app on another port (npm start with APP_PORT): only its origins, the defaults no longer', () => {
  const config = loadPaymentsConfig(
    envOf({ SUPABASE_URL: 'http://127.0.0.1:54321', SITE_URL: 'http://localhost:45173', ALLOWED_ORIGINS: 'http://127.0.0.1:45173' }),
  );
  assert.deepEqual(config.allowedOrigins, ['http://localhost:45173', 'http://127.0.0.1:45173']);
  assert.equal(config.siteOrigin, 'http://localhost:45173');
});

Deno.test('blank values count as unset; a malformed origin fails loudly', () => {
  assert.equal(loadPaymentsConfig(envOf({ STRIPE_SECRET_KEY: '  ' })).provider, 'sandbox');
  assert.throws(() => loadPaymentsConfig(envOf({ SITE_URL: 'goodspace.app' })), /SITE_URL/);
  assert.throws(() => loadPaymentsConfig(envOf({ ALLOWED_ORIGINS: 'ftp://x.example' })), /ALLOWED_ORIGINS/);
});

Deno.test('the sandbox runs only on a local stack or when switched on explicitly', () => {
  assert.equal(loadPaymentsConfig(envOf({ SUPABASE_URL: 'https://abc.supabase.co' })).sandboxAllowed, false);
  assert.equal(loadPaymentsConfig(envOf({})).sandboxAllowed, false);
  assert.equal(loadPaymentsConfig(envOf({ SUPABASE_URL: 'http://localhost:54321' })).sandboxAllowed, true);
  assert.equal(loadPaymentsConfig(envOf({ SUPABASE_URL: 'https://abc.supabase.co', PAYMENTS_SANDBOX: 'on' })).sandboxAllowed, true);
});

Deno.test('the Connect endpoint has its own signing secret, read when set', () => {
  const config = loadPaymentsConfig(
    envOf({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_a', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' }),
  );
  assert.equal(config.stripe?.connectWebhookSecret, 'whsec_connect');
  assert.equal(loadPaymentsConfig(envOf({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_CONNECT_WEBHOOK_SECRET: ' ' })).stripe?.connectWebhookSecret, null);
});
