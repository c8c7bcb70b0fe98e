import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  API_URL,
  createUser,
  serviceClient,
  signedInClient,
  sql,
  stackConfig,
} from '@good-space/local-supabase/testing';

// The payment functions with no Stripe keys (the local default): the sandbox provider end to end, through
// the local stack's gateway and supabase-js, as the app calls them. docs/decisions/0010-payments-sandbox.md.

const APP = 'http://localhost:5173';

interface Answer {
  subscribed: boolean;
  plan: string;
  product_id: string | null;
  price_id: string | null;
  subscription_end: string | null;
  status: string | null;
  provider: string | null;
}

async function member(role: 'customer' | 'designer'): Promise<{ id: string; client: SupabaseClient }> {
  const user = await createUser({ metadata: { full_name: `Pay ${role}`, username: `pay-${role}`, role } });
  return { id: user.id, client: await signedInClient(user.email, user.password) };
}

/** The function's `{ error, code }` body and status from a supabase-js error. */
async function failure(error: unknown): Promise<{ status: number; body: { error: string; code?: string } }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as { error: string; code?: string } };
}

function sessionOf(url: string): string {
  return new URL(url).searchParams.get('session')!;
}

describe('sandbox checkout, subscription and portal', () => {
  let customer: { id: string; client: SupabaseClient };

  beforeAll(async () => {
    customer = await member('customer');
  });

  it('starts unsubscribed', async () => {
    const { data, error } = await customer.client.functions.invoke<Answer>('check-subscription');
    expect(error).toBeNull();
    expect(data).toMatchObject({ subscribed: false, plan: 'client', product_id: null, subscription_end: null });
  });

  it('checkout → sandbox page → confirm activates the plan; the portal cancels it', async () => {
    const { data: checkout, error } = await customer.client.functions.invoke<{ url: string; provider: string }>(
      'create-checkout',
      { body: { priceId: 'price_sandbox_client' } },
    );
    expect(error).toBeNull();
    expect(checkout!.provider).toBe('sandbox');
    const page = new URL(checkout!.url);
    expect(`${page.origin}${page.pathname}`).toBe(`${APP}/sandbox/checkout`);
    const session = sessionOf(checkout!.url);

    // The page reads its session, which says plainly that it is a sandbox.
    const { data: view, error: getError } = await customer.client.functions.invoke('sandbox-checkout', {
      body: { action: 'get', session },
    });
    expect(getError).toBeNull();
    expect(view).toMatchObject({
      sandbox: true,
      session: {
        id: session,
        kind: 'checkout',
        plan: 'client',
        price_id: 'price_sandbox_client',
        status: 'open',
        amount: 99,
        currency: 'usd',
        interval: 'month',
        return_url: `${APP}/payment-success`,
        cancel_url: `${APP}/pricing`,
      },
    });
    expect((view as { notice: string }).notice).toMatch(/sandbox/i);
    expect((view as { notice: string }).notice).toMatch(/no real payment/i);

    const { data: confirmed, error: confirmError } = await customer.client.functions.invoke<{ url: string }>(
      'sandbox-checkout',
      {
        body: { action: 'confirm', session },
      },
    );
    expect(confirmError).toBeNull();
    expect(confirmed).toEqual({ url: `${APP}/payment-success` });

    const { data: status } = await customer.client.functions.invoke<Answer>('check-subscription');
    expect(status).toMatchObject({
      subscribed: true,
      plan: 'client',
      product_id: 'prod_sandbox_client',
      price_id: 'price_sandbox_client',
      status: 'active',
      provider: 'sandbox',
    });
    const end = new Date(status!.subscription_end!).getTime();
    expect(end).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    // The same table row-level security reads: the customer may now create a project (docs/product.md, Projects).
    const [row] = await sql<{ status: string; provider: string }>(
      `select status, provider from public.subscriptions where user_id = $1 and plan = 'client'`,
      [customer.id],
    );
    expect(row).toEqual({ status: 'active', provider: 'sandbox' });

    // Confirming again (a reload) changes nothing and returns to the same place; buying twice is refused.
    const again = await customer.client.functions.invoke<{ url: string }>('sandbox-checkout', {
      body: { action: 'confirm', session },
    });
    expect(again.data).toEqual({ url: `${APP}/payment-success` });
    const twice = await customer.client.functions.invoke('create-checkout', { body: { plan: 'client' } });
    expect(await failure(twice.error)).toEqual({
      status: 409,
      body: { error: 'You already have an active client membership', code: 'already_subscribed' },
    });

    const { data: portal, error: portalError } = await customer.client.functions.invoke<{ url: string }>(
      'customer-portal',
    );
    expect(portalError).toBeNull();
    expect(portal!.url.startsWith(`${APP}/sandbox/portal?session=`)).toBe(true);
    const portalSession = sessionOf(portal!.url);
    const { data: portalView } = await customer.client.functions.invoke('sandbox-checkout', {
      body: { action: 'get', session: portalSession },
    });
    expect(portalView).toMatchObject({
      sandbox: true,
      session: {
        kind: 'portal',
        status: 'open',
        return_url: `${APP}/settings`,
        subscriptions: [{ plan: 'client', status: 'active', provider: 'sandbox' }],
      },
    });
    // A portal session takes no checkout action.
    const wrong = await customer.client.functions.invoke('sandbox-checkout', {
      body: { action: 'confirm', session: portalSession },
    });
    expect((await failure(wrong.error)).status).toBe(400);

    const { data: cancelled, error: cancelError } = await customer.client.functions.invoke<{ url: string }>(
      'sandbox-checkout',
      {
        body: { action: 'cancel-subscription', session: portalSession },
      },
    );
    expect(cancelError).toBeNull();
    expect(cancelled).toEqual({ url: `${APP}/settings` });
    const { data: after } = await customer.client.functions.invoke<Answer>('check-subscription');
    expect(after).toMatchObject({
      subscribed: false,
      plan: 'client',
      product_id: null,
      subscription_end: null,
      status: 'canceled',
    });
  });

  it('cancelling on the checkout page returns to the cancel URL and activates nothing', async () => {
    const other = await member('customer');
    const { data } = await other.client.functions.invoke<{ url: string }>('create-checkout', {
      body: {
        plan: 'client',
        successUrl: 'http://127.0.0.1:5173/payment-success?from=nudge',
        cancelUrl: 'http://127.0.0.1:5173/designers',
      },
    });
    expect(data!.url.startsWith('http://127.0.0.1:5173/sandbox/checkout?session=')).toBe(true);
    const session = sessionOf(data!.url);
    const res = await other.client.functions.invoke<{ url: string }>('sandbox-checkout', {
      body: { action: 'cancel', session },
    });
    expect(res.data).toEqual({ url: 'http://127.0.0.1:5173/designers' });
    const late = await other.client.functions.invoke('sandbox-checkout', { body: { action: 'confirm', session } });
    expect(await failure(late.error)).toEqual({
      status: 409,
      body: { error: 'This sandbox session is already finished', code: 'closed' },
    });
    expect((await other.client.functions.invoke<Answer>('check-subscription')).data!.subscribed).toBe(false);
  });

  it('a designer buys the designer plan; the other plan is refused for their account type', async () => {
    const designer = await member('designer');
    const mismatch = await designer.client.functions.invoke('create-checkout', {
      body: { priceId: 'price_sandbox_client' },
    });
    const refused = await failure(mismatch.error);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('plan_role_mismatch');
    const { data } = await designer.client.functions.invoke<{ url: string }>('create-checkout', {
      body: { priceId: 'price_sandbox_designer' },
    });
    await designer.client.functions.invoke('sandbox-checkout', {
      body: { action: 'confirm', session: sessionOf(data!.url) },
    });
    const { data: status } = await designer.client.functions.invoke<Answer>('check-subscription');
    expect(status).toMatchObject({ subscribed: true, plan: 'designer', product_id: 'prod_sandbox_designer' });
  });

  it('nobody but the session owner can see or confirm a sandbox session', async () => {
    const { data } = await customer.client.functions.invoke<{ url: string }>('customer-portal');
    const intruder = await member('customer');
    for (const action of ['get', 'cancel-subscription']) {
      const res = await intruder.client.functions.invoke('sandbox-checkout', {
        body: { action, session: sessionOf(data!.url) },
      });
      expect(await failure(res.error)).toEqual({
        status: 404,
        body: { error: 'Sandbox session not found', code: 'not_found' },
      });
    }
  });

  it('an expired checkout session cannot be confirmed', async () => {
    const late = await member('customer');
    const { data } = await late.client.functions.invoke<{ url: string }>('create-checkout', {
      body: { plan: 'client' },
    });
    const session = sessionOf(data!.url);
    await sql(`update private.sandbox_sessions set expires_at = now() - interval '1 minute' where id = $1`, [session]);
    const res = await late.client.functions.invoke('sandbox-checkout', { body: { action: 'confirm', session } });
    expect((await failure(res.error)).status).toBe(410);
    expect((await late.client.functions.invoke<Answer>('check-subscription')).data!.subscribed).toBe(false);
  });
});

describe('refusals', () => {
  it('without a session: the specified messages, 401', async () => {
    const anon = anonClient();
    expect(
      await failure(
        (await anon.functions.invoke('create-checkout', { body: { priceId: 'price_sandbox_client' } })).error,
      ),
    ).toEqual({
      status: 401,
      body: { error: 'Must be logged in to subscribe', code: 'not_logged_in' },
    });
    for (const name of ['customer-portal', 'check-subscription', 'sandbox-checkout']) {
      expect(await failure((await anon.functions.invoke(name, { body: {} })).error), name).toEqual({
        status: 401,
        body: { error: 'Must be logged in', code: 'not_logged_in' },
      });
    }
    // The legacy anon key as Bearer passes the platform's check but is no user either.
    const legacy = await anonClient('legacy').functions.invoke('create-checkout', { body: { plan: 'client' } });
    expect((await failure(legacy.error)).body.error).toBe('Must be logged in to subscribe');
  });

  it('bad input is a 400 with a code, never a 500', async () => {
    const { client } = await member('customer');
    const cases: [unknown, string][] = [
      [{ priceId: 'price_not_ours' }, 'invalid_price'],
      [{ priceId: 42 }, 'invalid_price'],
      [{}, 'invalid_price'],
      [{ plan: 'gold' }, 'invalid_plan'],
      [{ plan: 'client', successUrl: 'https://evil.example/phish' }, 'invalid_return_url'],
      [{ plan: 'client', cancelUrl: 'javascript:alert(1)' }, 'invalid_return_url'],
      [{ plan: 'client', successUrl: '/relative' }, 'invalid_return_url'],
      [[1, 2], 'invalid_json'],
    ];
    for (const [body, code] of cases) {
      const res = await failure(
        (await client.functions.invoke('create-checkout', { body: body as Record<string, unknown> })).error,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    const token = (await client.auth.getSession()).data.session!.access_token;
    const raw = await fetch(`${API_URL}/functions/v1/create-checkout`, {
      method: 'POST',
      headers: {
        apikey: stackConfig.publishableKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: '{not json',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'Request body must be JSON', code: 'invalid_json' });
    const portal = await failure(
      (await client.functions.invoke('customer-portal', { body: { returnUrl: 'https://evil.example/' } })).error,
    );
    expect(portal).toEqual({
      status: 400,
      body: { error: 'returnUrl is not on an allowed origin', code: 'invalid_return_url' },
    });
    for (const body of [
      { action: 'pay', session: crypto.randomUUID() },
      { action: 'get', session: 'nope' },
      { action: 'get' },
    ]) {
      const res = await failure((await client.functions.invoke('sandbox-checkout', { body })).error);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await failure(
      (await client.functions.invoke('sandbox-checkout', { body: { action: 'get', session: crypto.randomUUID() } }))
        .error,
    );
    expect(missing.status).toBe(404);
  });

  it('the stripe webhook refuses to work without Stripe configured', async () => {
    const res = await fetch(`${API_URL}/functions/v1/stripe-webhook`, {
      method: 'POST',
      body: '{}',
      headers: { 'Stripe-Signature': 't=1,v1=x' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ error: 'Stripe webhooks are not configured', code: 'not_configured' });
  });

  it("the tables behind payments are out of the clients' reach", async () => {
    const { client } = await member('customer');
    const { error } = await client.rpc('sandbox_session_act', {
      p_session_id: crypto.randomUUID(),
      p_user_id: crypto.randomUUID(),
      p_action: 'confirm',
    });
    expect(error).not.toBeNull();
    const { error: claim } = await anonClient().rpc('stripe_event_claim', { p_event_id: 'evt_x', p_type: 'x' });
    expect(claim).not.toBeNull();
    const { error: service } = await serviceClient().rpc('billing_customer_get', { p_user_id: crypto.randomUUID() });
    expect(service).toBeNull();
  });
});

describe('CORS, answered by the functions themselves', () => {
  for (const name of [
    'create-checkout',
    'customer-portal',
    'check-subscription',
    'sandbox-checkout',
    'stripe-webhook',
  ]) {
    it(`${name}: preflight and error responses carry CORS headers`, async () => {
      const pre = await fetch(`${API_URL}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: {
          Origin: APP,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
        },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toContain('x-client-info');
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
      await pre.body?.cancel();
      const err = await fetch(`${API_URL}/functions/v1/${name}`, {
        method: 'PUT',
        headers: { apikey: stackConfig.publishableKey, Origin: APP },
      });
      expect(err.status).toBe(405);
      expect(err.headers.get('access-control-allow-origin')).toBe('*');
      await err.body?.cancel();
    });
  }
});
