import { createHmac } from 'node:crypto';

// Test support, never imported by a function: the one local stand-in for api.stripe.com. The real Stripe SDK is
// pointed at it through its host/port/protocol settings (STRIPE_API_BASE; docs/architecture.md, Tests): the
// functions' deno tests (supabase/functions/_shared/*.test.ts) and the Node integration tests (tests/payments/)
// both start it. It records each request and answers with Stripe's own object shapes and errors, so it is the
// only test double of the payments code. Portable TypeScript: the fake is a web-standard `Request -> Response`
// handler, served by Deno.serve under Deno and by node:http (a few lines of adapter below) under Node.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body (or a GET's query), flat as Stripe encodes it (`line_items[0][price]`). */
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

type StripeObject = Record<string, unknown>;

export interface FakeStripe {
  /** Where the fake listens: the SDK's API base (`http://127.0.0.1:<port>`). */
  base: URL;
  requests: RecordedRequest[];
  /** Subscriptions, read by GET /v1/subscriptions/:id and listed by GET /v1/subscriptions?customer=. */
  subscriptions: Map<string, StripeObject>;
  /** Connected accounts: made by POST /v1/accounts, read by GET /v1/accounts/:id; tests change their state. */
  accounts: Map<string, StripeObject>;
  /** Refunds made by POST /v1/refunds, listed by GET /v1/refunds?payment_intent=. */
  refunds: StripeObject[];
  /** Checkout Sessions made by POST /v1/checkout/sessions, read by GET /v1/checkout/sessions/:id. */
  checkoutSessions: Map<string, StripeObject>;
  /** Payment intents made when a session is paid, read by GET /v1/payment_intents/:id. */
  paymentIntents: Map<string, StripeObject>;
  /**
   * The charge behind each paid payment intent (its `latest_charge`): refunds count against its `amount_refunded`,
   * transfers name it as `source_transaction` and may not take more than is left of it.
   */
  charges: Map<string, StripeObject>;
  /** Transfers to connected accounts made by POST /v1/transfers, with their source_transaction and transfer_group. */
  transfers: StripeObject[];
  /** Chargebacks opened by `disputeCharge`. */
  disputes: Map<string, StripeObject>;
  /** The card's bank disputes the charge of a payment intent: the dispute object a charge.dispute.created event carries. */
  disputeCharge(paymentIntentId: string, reason?: string): StripeObject;
  /** The bank decides: the dispute object a charge.dispute.closed event carries. */
  closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): StripeObject;
  /**
   * Stripe refuses the next request of this method and path (a 400 invalid_request_error, which the SDK does not
   * retry), as it would an account closed on its side or a parameter it no longer takes: the caller's failure path.
   */
  refuseNext(method: string, path: string, error?: { code?: string; message?: string }): void;
  /**
   * The buyer pays a session on Stripe's page: it completes, paid, with a payment intent of the session's amount,
   * currency and destination, unless `forged` says otherwise (a payment that does not match its order).
   * Answers the session as Stripe now holds it.
   */
  payCheckout(
    sessionId: string,
    paymentIntentId: string,
    forged?: { amount?: number; currency?: string; destination?: string | null },
  ): StripeObject;
  close(): Promise<void>;
}

/** A subscription as Stripe answers it: one item of the price, its period ending in 30 days unless told. */
export function subscriptionObject(opts: {
  id: string;
  customer: string;
  price: string;
  status?: string;
  periodEnd?: number;
  metadata?: Record<string, string>;
}): StripeObject {
  return {
    id: opts.id,
    object: 'subscription',
    customer: opts.customer,
    status: opts.status ?? 'active',
    cancel_at_period_end: false,
    metadata: opts.metadata ?? {},
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

/** A connected account as Stripe answers it: just created (nothing submitted, nothing enabled) unless payable. */
export function accountObject(opts: {
  id: string;
  email?: string | null;
  payable?: boolean;
  currentlyDue?: string[];
  disabledReason?: string | null;
  metadata?: Record<string, string>;
}): StripeObject {
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
      disabled_reason:
        opts.disabledReason === undefined ? (payable ? null : 'requirements.past_due') : opts.disabledReason,
    },
    metadata: opts.metadata ?? {},
  };
}

/** A Stripe-Signature header as Stripe computes it: HMAC-SHA256 of "timestamp.payload" with the endpoint secret. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Stripe's error body: `{ error: { type, code, param, message } }`. */
function stripeError(
  status: number,
  error: { code?: string; param?: string; message: string },
  headers: Record<string, string>,
): Response {
  return Response.json({ error: { type: 'invalid_request_error', ...error } }, { status, headers });
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

type State = Omit<FakeStripe, 'base' | 'close'>;

/**
 * The fake's state and its web-standard handler, without a server (the runtimes' servers are below). `ids` goes
 * into the ids it makes (`cs_<ids>1`, `re_<ids>1`…): two fakes serving tests that share one database (test files run
 * in parallel) must not make the same ids, which the database stores under unique constraints.
 */
function fakeStripeHandler(ids: string): { state: State; handle(req: Request): Promise<Response> } {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const checkoutSessions = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const transfers: StripeObject[] = [];
  const disputes = new Map<string, StripeObject>();
  // What each session was made with (its line item and destination), for the payment intent paying it.
  const sessionForms = new Map<string, Record<string, string>>();
  // Stripe answers a repeated idempotency key with its first answer, creating nothing new.
  const replays = new Map<string, unknown>();
  // Requests a test asked to be refused once (refuseNext), by "METHOD path".
  const refusals = new Map<string, { code?: string; message?: string }>();
  let customers = 0;
  let sessions = 0;
  let links = 0;

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const text = req.method === 'GET' ? url.search.slice(1) : await req.text();
    const form = Object.fromEntries(new URLSearchParams(text));
    const key = req.headers.get('Idempotency-Key');
    requests.push({
      method: req.method,
      path: url.pathname,
      form,
      idempotencyKey: key,
      authorization: req.headers.get('Authorization'),
    });
    const headers = { 'Request-Id': `req_${requests.length}` };
    const reply = (body: unknown) => Response.json(body, { status: 200, headers });
    const missing = (what: string, id: string, param = 'id') =>
      stripeError(404, { code: 'resource_missing', param, message: `No such ${what}: '${id}'` }, headers);
    const refusal = refusals.get(`${req.method} ${url.pathname}`);
    if (refusal) {
      refusals.delete(`${req.method} ${url.pathname}`);
      return stripeError(
        400,
        {
          code: refusal.code ?? 'account_invalid',
          message: refusal.message ?? 'fake Stripe: refused as the test asked',
        },
        headers,
      );
    }
    if (req.method === 'POST' && key && replays.has(key)) return reply(replays.get(key));
    const created = (body: unknown) => {
      if (key) replays.set(key, body);
      return reply(body);
    };
    const now = Math.floor(Date.now() / 1000);
    const path = url.pathname;
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    const loginLink = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    const checkoutSession = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    const paymentIntent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);

    if (req.method === 'POST' && path === '/v1/customers') {
      customers += 1;
      return created({
        id: `cus_${ids}${customers}`,
        object: 'customer',
        email: form.email ?? null,
        metadata: metadataOf(form),
      });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      // As Stripe: a price the account does not have, or a destination charge to an account the platform does not
      // have, is refused (the tests' unknown price is `price_missing`).
      const price = form['line_items[0][price]'];
      if (price === 'price_missing') {
        return stripeError(
          400,
          { code: 'resource_missing', param: 'line_items[0][price]', message: `No such price: '${price}'` },
          headers,
        );
      }
      const destination = form['payment_intent_data[transfer_data][destination]'];
      if (destination && !accounts.has(destination)) {
        return stripeError(
          400,
          {
            code: 'resource_missing',
            param: 'payment_intent_data[transfer_data][destination]',
            message: `No such destination: '${destination}'`,
          },
          headers,
        );
      }
      sessions += 1;
      const session = {
        id: `cs_${ids}${sessions}`,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0),
        currency: form['line_items[0][price_data][currency]'] ?? null,
        expires_at: form.expires_at ? Number(form.expires_at) : now + 86400,
        metadata: metadataOf(form),
        url: `https://checkout.stripe.test/c/pay/cs_${ids}${sessions}`,
      };
      checkoutSessions.set(session.id, session);
      sessionForms.set(session.id, form);
      return created(session);
    }
    if (req.method === 'GET' && checkoutSession) {
      const found = checkoutSessions.get(checkoutSession[1]!);
      return found ? reply(found) : missing('checkout.session', checkoutSession[1]!);
    }
    if (req.method === 'GET' && paymentIntent) {
      const found = paymentIntents.get(paymentIntent[1]!);
      return found ? reply(found) : missing('payment_intent', paymentIntent[1]!);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return reply({
        id: 'bps_fake1',
        object: 'billing_portal.session',
        url: 'https://billing.stripe.test/p/session/bps_fake1',
      });
    }
    if (req.method === 'GET' && path === '/v1/subscriptions') {
      const data = [...subscriptions.values()].filter((s) => s.customer === form.customer);
      return reply({ object: 'list', data, has_more: false, url: '/v1/subscriptions' });
    }
    if (req.method === 'GET' && sub) {
      const found = subscriptions.get(sub[1]!);
      return found ? reply(found) : missing('subscription', sub[1]!);
    }
    if (req.method === 'POST' && path === '/v1/accounts') {
      const made = accountObject({
        id: `acct_${ids}${accounts.size + 1}`,
        email: form.email ?? null,
        metadata: metadataOf(form),
      });
      accounts.set(made.id as string, made);
      return created(made);
    }
    if (req.method === 'GET' && account) {
      const found = accounts.get(account[1]!);
      return found ? reply(found) : missing('account', account[1]!, 'account');
    }
    if (req.method === 'POST' && loginLink) {
      if (!accounts.has(loginLink[1]!)) return missing('account', loginLink[1]!, 'account');
      return reply({
        object: 'login_link',
        created: now,
        url: `https://connect.stripe.test/express/${loginLink[1]}/login`,
      });
    }
    if (req.method === 'POST' && path === '/v1/account_links') {
      links += 1;
      return reply({
        object: 'account_link',
        created: now,
        expires_at: now + 300,
        url: `https://connect.stripe.test/setup/e/${form.account}/link_fake${links}`,
      });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      // A refund without an amount refunds what is left of the payment; as Stripe, never more than is left.
      const intent = paymentIntents.get(form.payment_intent ?? '');
      const charge = intent ? charges.get(intent.latest_charge as string) : undefined;
      const paid = typeof intent?.amount === 'number' ? intent.amount : 0;
      const left = charge ? (charge.amount as number) - (charge.amount_refunded as number) : paid;
      const amount = form.amount ? Number(form.amount) : left;
      if (charge && (amount <= 0 || amount > left)) {
        return stripeError(
          400,
          {
            code: left <= 0 ? 'charge_already_refunded' : 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          },
          headers,
        );
      }
      const refund = {
        id: `re_${ids}${refunds.length + 1}`,
        object: 'refund',
        amount,
        charge: charge?.id ?? null,
        payment_intent: form.payment_intent,
        status: 'succeeded',
        metadata: metadataOf(form),
      };
      if (charge) {
        charge.amount_refunded = (charge.amount_refunded as number) + amount;
        charge.refunded = charge.amount_refunded === charge.amount;
      }
      refunds.push(refund);
      return created(refund);
    }
    if (req.method === 'POST' && path === '/v1/transfers') {
      // As Stripe: the destination must be one of the platform's connected accounts, and a transfer out of a charge
      // (source_transaction) cannot take more than is left of it after refunds and earlier transfers.
      const destination = form.destination ?? '';
      if (!accounts.has(destination)) {
        return stripeError(
          400,
          { code: 'resource_missing', param: 'destination', message: `No such destination: '${destination}'` },
          headers,
        );
      }
      const amount = Number(form.amount ?? 0);
      const source = form.source_transaction;
      if (source) {
        const charge = charges.get(source);
        if (!charge) return missing('charge', source, 'source_transaction');
        const moved = transfers
          .filter((t) => t.source_transaction === source)
          .reduce((n, t) => n + (t.amount as number), 0);
        const left = (charge.amount as number) - (charge.amount_refunded as number) - moved;
        if (amount > left) {
          return stripeError(
            400,
            {
              code: 'amount_too_large',
              param: 'amount',
              message: `Transfer amount (${amount}) is greater than what is left of ${source} (${left})`,
            },
            headers,
          );
        }
      }
      const transfer = {
        id: `tr_${ids}${transfers.length + 1}`,
        object: 'transfer',
        amount,
        currency: form.currency,
        destination,
        transfer_group: form.transfer_group ?? null,
        source_transaction: source ?? null,
        metadata: metadataOf(form),
        reversed: false,
      };
      transfers.push(transfer);
      return created(transfer);
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === form.payment_intent).reverse();
      return reply({ object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    return stripeError(404, { code: 'resource_missing', message: `fake Stripe: no ${req.method} ${path}` }, headers);
  }

  function payCheckout(
    sessionId: string,
    paymentIntentId: string,
    forged: { amount?: number; currency?: string; destination?: string | null } = {},
  ): StripeObject {
    const session = checkoutSessions.get(sessionId);
    const form = sessionForms.get(sessionId);
    if (!session || !form) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    const amount = forged.amount ?? (session.amount_total as number);
    const destination =
      'destination' in forged ? forged.destination : (form['payment_intent_data[transfer_data][destination]'] ?? null);
    const chargeId = `ch_${paymentIntentId.replace(/^pi_/, '')}`;
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      currency: forged.currency ?? session.currency,
      payment_intent: paymentIntentId,
      transfer_group: form['payment_intent_data[transfer_group]'] ?? null,
    });
    paymentIntents.set(paymentIntentId, {
      id: paymentIntentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: forged.currency ?? session.currency,
      status: 'succeeded',
      latest_charge: chargeId,
      transfer_group: form['payment_intent_data[transfer_group]'] ?? null,
      transfer_data: destination ? { destination } : null,
      metadata: metadataOf(
        Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('payment_intent_data[metadata]'))
            .map(([k, v]) => [k.replace('payment_intent_data[', '').replace(/^metadata\]/, 'metadata'), v]),
        ),
      ),
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntentId, url: null });
    return { ...session };
  }

  function disputeCharge(paymentIntentId: string, reason = 'fraudulent'): StripeObject {
    const intent = paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`fake Stripe: no payment intent ${paymentIntentId}`);
    const dispute = {
      id: `dp_${ids}${disputes.size + 1}`,
      object: 'dispute',
      amount: intent.amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: paymentIntentId,
      reason,
      status: 'needs_response',
    };
    disputes.set(dispute.id, dispute);
    return { ...dispute };
  }

  function closeDispute(disputeId: string, status: 'won' | 'lost' | 'warning_closed'): StripeObject {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`fake Stripe: no dispute ${disputeId}`);
    dispute.status = status;
    return { ...dispute };
  }

  function refuseNext(method: string, path: string, error: { code?: string; message?: string } = {}): void {
    refusals.set(`${method} ${path}`, error);
  }

  return {
    state: {
      requests,
      subscriptions,
      accounts,
      refunds,
      checkoutSessions,
      paymentIntents,
      charges,
      transfers,
      disputes,
      payCheckout,
      disputeCharge,
      closeDispute,
      refuseNext,
    },
    handle,
  };
}

/** Deno's server, typed structurally: this file is type-checked by Node's TypeScript too. */
type DenoServe = {
  serve(
    options: { hostname: string; port: number; onListen(): void },
    handler: (req: Request) => Promise<Response>,
  ): { addr: { port: number }; shutdown(): Promise<void> };
};

/**
 * Starts the fake on a free port of 127.0.0.1: with Deno.serve under Deno, node:http under Node. `ids` is the word
 * in the ids it makes ('fake': `cs_fake1`); give each test file that shares the database with another its own.
 */
export async function startFakeStripe(options: { ids?: string } = {}): Promise<FakeStripe> {
  const { state, handle } = fakeStripeHandler(options.ids ?? 'fake');
  const deno = (globalThis as { Deno?: DenoServe }).Deno;
  if (deno) {
    const server = deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, handle);
    return { ...state, base: new URL(`http://127.0.0.1:${server.addr.port}`), close: () => server.shutdown() };
  }
  const http = await import('node:http');
  // The adapter: a node:http request becomes a web Request, the handler's Response goes back through `res`.
  const server = http.createServer((req, res) => {
    // Stripe's request bodies are form-encoded text.
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(new URL(req.url ?? '/', 'http://127.0.0.1'), {
        method: req.method,
        headers,
        body: hasBody ? body : undefined,
      });
      void handle(request).then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake Stripe: no port');
  return {
    ...state,
    base: new URL(`http://127.0.0.1:${address.port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
