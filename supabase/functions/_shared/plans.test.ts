import assert from 'node:assert/strict';
import { HttpError } from './http.ts';
import { assertPlanFitsRole, planFromBody, SANDBOX_PRICES } from './plans.ts';
import { resolveReturnUrl } from './return-urls.ts';

const LIVE = { client: 'price_client_live', designer: 'price_designer_live' };

function refusal(fn: () => unknown): { status: number; code?: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error('did not throw');
}

Deno.test('priceId or plan picks the plan and the price charged', () => {
  assert.deepEqual(planFromBody({ priceId: 'price_designer_live' }, LIVE), { plan: 'designer', priceId: 'price_designer_live' });
  assert.deepEqual(planFromBody({ plan: 'client' }, LIVE), { plan: 'client', priceId: 'price_client_live' });
  // Sandbox: the configured Stripe ids are accepted as aliases, the sandbox price is what is "charged".
  assert.deepEqual(planFromBody({ priceId: 'price_client_live' }, SANDBOX_PRICES, [LIVE]), {
    plan: 'client',
    priceId: 'price_sandbox_client',
  });
});

Deno.test('unknown, malformed, missing or doubled plan input is a 400', () => {
  for (const body of [{ priceId: 'price_other' }, { priceId: 7 }, { priceId: '' }, {}, { plan: 'gold' }, { plan: 'client', priceId: 'price_client_live' }]) {
    assert.equal(refusal(() => planFromBody(body, LIVE)).status, 400, JSON.stringify(body));
  }
  // The sandbox ids are not accepted once real prices are configured.
  assert.equal(refusal(() => planFromBody({ priceId: 'price_sandbox_client' }, LIVE)).code, 'invalid_price');
});

Deno.test('a plan whose price is not configured is a 503, not a 500 or a wrong price', () => {
  assert.deepEqual(refusal(() => planFromBody({ plan: 'designer' }, { client: 'price_client_live' })), { status: 503, code: 'not_configured' });
});

Deno.test('customers buy the client plan, designers the designer plan', () => {
  assertPlanFitsRole('customer', 'client');
  assertPlanFitsRole('designer', 'designer');
  assert.deepEqual(refusal(() => assertPlanFitsRole('customer', 'designer')), { status: 409, code: 'plan_role_mismatch' });
  assert.deepEqual(refusal(() => assertPlanFitsRole('designer', 'client')), { status: 409, code: 'plan_role_mismatch' });
});

const ORIGINS = { allowedOrigins: ['https://goodspace.app', 'http://localhost:5173'], siteOrigin: 'https://goodspace.app' };

Deno.test('return URLs: on an allowed origin, else the request origin or the site, with the default path', () => {
  assert.equal(
    resolveReturnUrl('http://localhost:5173/payment-success?x=1', 'successUrl', '/payment-success', { ...ORIGINS, requestOrigin: null }).href,
    'http://localhost:5173/payment-success?x=1',
  );
  assert.equal(resolveReturnUrl(undefined, 'successUrl', '/payment-success', { ...ORIGINS, requestOrigin: 'http://localhost:5173' }).href, 'http://localhost:5173/payment-success');
  assert.equal(resolveReturnUrl(undefined, 'successUrl', '/payment-success', { ...ORIGINS, requestOrigin: 'https://evil.example' }).href, 'https://goodspace.app/payment-success');
});

Deno.test('return URLs elsewhere are refused (no open redirect)', () => {
  for (const bad of ['https://evil.example/', 'https://goodspace.app.evil.example/', '//evil.example/x', '/pricing', 'javascript:alert(1)', 'https://user:pw@goodspace.app/', 5]) {
    assert.equal(refusal(() => resolveReturnUrl(bad, 'successUrl', '/', { ...ORIGINS, requestOrigin: null })).code, 'invalid_return_url', String(bad));
  }
});
