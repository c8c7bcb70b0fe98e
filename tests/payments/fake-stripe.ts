import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for api.stripe.com for the Stripe-mode integration test: the functions' real `stripe` SDK
// is pointed here with STRIPE_API_BASE (the SDK's host/port/protocol settings). It records every request
// and answers with the objects the functions read. The only test double of the payments code.

export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  base: string;
  requests: StripeRequest[];
  subscriptions: Map<string, Record<string, unknown>>;
  /** Connected accounts: made by POST /v1/accounts, read by GET /v1/accounts/:id; tests change their state. */
  accounts: Map<string, Record<string, unknown>>;
  /** Refunds made by POST /v1/refunds, listed by GET /v1/refunds?payment_intent=. */
  refunds: Record<string, unknown>[];
  /** Checkout Sessions made by POST /v1/checkout/sessions, read by GET /v1/checkout/sessions/:id. */
  checkoutSessions: Map<string, Record<string, unknown>>;
  /** Payment intents made when a session is paid, read by GET /v1/payment_intents/:id. */
  paymentIntents: Map<string, Record<string, unknown>>;
  /**
   * The buyer pays a session on Stripe's page: it completes, paid, with a payment intent of the session's amount,
   * currency and destination, unless `forged` says otherwise (a payment that does not match its order).
   * Answers the session as Stripe now holds it.
   */
  payCheckout(
    sessionId: string,
    paymentIntentId: string,
    forged?: { amount?: number; currency?: string; destination?: string | null },
  ): Record<string, unknown>;
  close(): Promise<void>;
}

/** A connected account as Stripe answers it: just created (nothing submitted, nothing enabled) unless payable. */
export function accountObject(opts: {
  id: string;
  email?: string | null;
  payable?: boolean;
  currentlyDue?: string[];
  metadata?: Record<string, string>;
}): Record<string, unknown> {
  const payable = opts.payable ?? false;
  return {
    id: opts.id,
    object: 'account',
    type: 'express',
    email: opts.email ?? null,
    charges_enabled: payable,
    payouts_enabled: payable,
    details_submitted: payable,
    capabilities: { transfers: payable ? 'active' : 'inactive' },
    requirements: {
      currently_due: opts.currentlyDue ?? (payable ? [] : ['external_account', 'individual.dob.day']),
      past_due: [],
      disabled_reason: payable ? null : 'requirements.past_due',
    },
    metadata: opts.metadata ?? {},
  };
}

/** `metadata[k]=v` fields of a form body as an object. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export function subscriptionObject(opts: {
  id: string;
  customer: string;
  price: string;
  status?: string;
  periodEnd?: number;
  userId?: string;
  plan?: string;
}): Record<string, unknown> {
  return {
    id: opts.id,
    object: 'subscription',
    customer: opts.customer,
    status: opts.status ?? 'active',
    cancel_at_period_end: false,
    metadata: opts.userId ? { user_id: opts.userId, plan: opts.plan ?? 'client' } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${opts.id}`,
          object: 'subscription_item',
          current_period_end: opts.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86400,
          price: { id: opts.price, object: 'price', product: `prod_for_${opts.price}` },
        },
      ],
    },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  const paymentIntents = new Map<string, Record<string, unknown>>();
  // What each session was made with (its line item and destination), for the payment intent paying it.
  const sessionForms = new Map<string, Record<string, string>>();
  // Stripe answers a repeated idempotency key with its first answer, creating nothing new.
  const replays = new Map<string, unknown>();
  let customers = 0;
  let sessions = 0;
  let links = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        form,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      const key = req.headers['idempotency-key'] as string | undefined;
      if (req.method === 'POST' && key && replays.has(key)) return reply(200, replays.get(key));
      const created = (body: unknown) => {
        if (key) replays.set(key, body);
        reply(200, body);
      };
      const now = Math.floor(Date.now() / 1000);
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      const account = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
      const loginLink = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(url.pathname);
      const checkoutSession = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      const paymentIntent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        customers += 1;
        created({ id: `cus_fake${customers}`, object: 'customer', email: form.email ?? null });
      } else if (
        req.method === 'POST' &&
        url.pathname === '/v1/checkout/sessions' &&
        form['payment_intent_data[transfer_data][destination]'] &&
        !accounts.has(form['payment_intent_data[transfer_data][destination]'])
      ) {
        // As Stripe: a destination charge to an account the platform does not have is refused.
        const destination = form['payment_intent_data[transfer_data][destination]'];
        reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_intent_data[transfer_data][destination]',
            message: `No such destination: '${destination}'`,
          },
        });
      } else if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        sessions += 1;
        const session = {
          id: `cs_fake${sessions}`,
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0),
          currency: form['line_items[0][price_data][currency]'] ?? null,
          expires_at: form.expires_at ? Number(form.expires_at) : now + 86400,
          metadata: metadataOf(form),
          url: `https://checkout.stripe.test/c/pay/cs_fake${sessions}`,
        };
        checkoutSessions.set(session.id, session);
        sessionForms.set(session.id, form);
        created(session);
      } else if (req.method === 'GET' && checkoutSession && checkoutSessions.has(checkoutSession[1]!)) {
        reply(200, checkoutSessions.get(checkoutSession[1]!));
      } else if (req.method === 'GET' && paymentIntent && paymentIntents.has(paymentIntent[1]!)) {
        reply(200, paymentIntents.get(paymentIntent[1]!));
      } else if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        reply(200, {
          id: 'bps_fake1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/session/bps_fake1',
        });
      } else if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
        const data = [...subscriptions.values()].filter((s) => s.customer === form.customer);
        reply(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      } else if (req.method === 'GET' && sub && subscriptions.has(sub[1]!)) {
        reply(200, subscriptions.get(sub[1]!));
      } else if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        const made = accountObject({
          id: `acct_fake${accounts.size + 1}`,
          email: form.email ?? null,
          metadata: metadataOf(form),
        });
        accounts.set(made.id as string, made);
        created(made);
      } else if (req.method === 'GET' && account && accounts.has(account[1]!)) {
        reply(200, accounts.get(account[1]!));
      } else if (req.method === 'POST' && loginLink && accounts.has(loginLink[1]!)) {
        reply(200, {
          object: 'login_link',
          created: now,
          url: `https://connect.stripe.test/express/${loginLink[1]}/login`,
        });
      } else if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        links += 1;
        reply(200, {
          object: 'account_link',
          created: now,
          expires_at: now + 300,
          url: `https://connect.stripe.test/setup/e/${form.account}/link_fake${links}`,
        });
      } else if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const refund = {
          id: `re_fake${refunds.length + 1}`,
          object: 'refund',
          payment_intent: form.payment_intent,
          status: 'succeeded',
          metadata: metadataOf(form),
        };
        refunds.push(refund);
        created(refund);
      } else if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const data = refunds.filter((r) => r.payment_intent === form.payment_intent).reverse();
        reply(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      } else {
        reply(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `fake Stripe: no ${req.method} ${url.pathname}`,
          },
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    accounts,
    refunds,
    checkoutSessions,
    paymentIntents,
    payCheckout(sessionId, paymentIntentId, forged = {}) {
      const session = checkoutSessions.get(sessionId);
      const form = sessionForms.get(sessionId);
      if (!session || !form) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
      const amount = forged.amount ?? (session.amount_total as number);
      const destination =
        'destination' in forged
          ? forged.destination
          : (form['payment_intent_data[transfer_data][destination]'] ?? null);
      paymentIntents.set(paymentIntentId, {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: forged.currency ?? session.currency,
        status: 'succeeded',
        transfer_data: destination ? { destination } : null,
        metadata: metadataOf(
          Object.fromEntries(
            Object.entries(form)
              .filter(([k]) => k.startsWith('payment_intent_data[metadata]'))
              .map(([k, v]) => [k.replace('payment_intent_data[', '').replace(/^metadata\]/, 'metadata'), v]),
          ),
        ),
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntentId,
        url: null,
      });
      return { ...session };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe-Signature header as Stripe computes it: HMAC-SHA256 of "timestamp.payload" with the endpoint secret. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
