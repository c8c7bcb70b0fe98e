// Test support for `deno test` (never imported by a function): a local stand-in for api.stripe.com that the
// real `npm:stripe` SDK talks to through its host/port/protocol settings. It records each request and
// answers with the objects the payment code reads. The only test double of the payments code.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body, flat as Stripe encodes it (`line_items[0][price]`). */
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeStripe {
  base: URL;
  requests: RecordedRequest[];
  /** Subscriptions GET /v1/subscriptions/:id answers with. */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Connected accounts: created by POST /v1/accounts, read by GET /v1/accounts/:id; tests change their state. */
  accounts: Map<string, Record<string, unknown>>;
  /** Refunds made, by POST /v1/refunds (listed by GET /v1/refunds?payment_intent=). */
  refunds: Record<string, unknown>[];
  close(): Promise<void>;
}

export function fakeSubscription(opts: {
  id: string;
  customer: string;
  price: string;
  status?: string;
  periodEnd?: number;
  metadata?: Record<string, string>;
}): Record<string, unknown> {
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

/** A connected account as Stripe answers it; by default just created (nothing submitted, nothing enabled). */
export function fakeAccount(opts: {
  id: string;
  email?: string | null;
  payable?: boolean;
  currentlyDue?: string[];
  disabledReason?: string | null;
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
      currently_due: opts.currentlyDue ?? (payable ? [] : ['external_account', 'individual.dob.day', 'tos_acceptance.date']),
      past_due: [],
      disabled_reason: opts.disabledReason === undefined ? (payable ? null : 'requirements.past_due') : opts.disabledReason,
    },
    metadata: opts.metadata ?? {},
  };
}

export function startFakeStripe(): FakeStripe {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  // Stripe answers a repeated idempotency key with the first answer, creating nothing new.
  const replays = new Map<string, unknown>();
  let customers = 0;
  let sessions = 0;
  let links = 0;
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const text = req.method === 'GET' ? url.search.slice(1) : await req.text();
    const form = Object.fromEntries(new URLSearchParams(text));
    requests.push({
      method: req.method,
      path: url.pathname,
      form,
      idempotencyKey: req.headers.get('Idempotency-Key'),
      authorization: req.headers.get('Authorization'),
    });
    const reply = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Request-Id': `req_${requests.length}` } });
    const key = req.headers.get('Idempotency-Key');
    if (req.method === 'POST' && key && replays.has(key)) return reply(replays.get(key));
    const created = (body: unknown) => {
      if (key) replays.set(key, body);
      return reply(body);
    };
    const now = Math.floor(Date.now() / 1000);
    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      const account = fakeAccount({ id: `acct_fake${accounts.size + 1}`, email: form.email ?? null, metadata: metadataOf(form) });
      accounts.set(account.id as string, account);
      return created(account);
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && account) {
      const found = accounts.get(account[1]!);
      if (found) return reply(found);
      return reply({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' } }, 404);
    }
    const loginLink = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(url.pathname);
    if (req.method === 'POST' && loginLink) {
      return reply({ object: 'login_link', created: now, url: `https://connect.stripe.test/express/${loginLink[1]}/login` });
    }
    if (req.method === 'POST' && url.pathname === '/v1/account_links') {
      links += 1;
      return reply({ object: 'account_link', created: now, expires_at: now + 300, url: `https://connect.stripe.test/setup/e/${form.account}/link_fake${links}` });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const refund = {
        id: `re_fake${refunds.length + 1}`,
        object: 'refund',
        amount: 0,
        payment_intent: form.payment_intent,
        status: 'succeeded',
        metadata: metadataOf(form),
      };
      refunds.push(refund);
      return created(refund);
    }
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === form.payment_intent).reverse();
      return reply({ object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      customers += 1;
      return created({ id: `cus_fake${customers}`, object: 'customer', email: form.email ?? null, metadata: {} });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (form['line_items[0][price]'] === 'price_missing') {
        return reply({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such price' } }, 400);
      }
      sessions += 1;
      return created({
        id: `cs_fake${sessions}`,
        object: 'checkout.session',
        mode: form.mode,
        expires_at: form.expires_at ? Number(form.expires_at) : now + 86400,
        metadata: metadataOf(form),
        url: `https://checkout.stripe.test/c/pay/cs_fake${sessions}`,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return reply({ id: 'bps_fake1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/bps_fake1' });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sub) {
      const found = subscriptions.get(sub[1]!);
      if (found) return reply(found);
      return reply({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } }, 404);
    }
    return reply({ error: { type: 'invalid_request_error', message: `fake Stripe: unhandled ${req.method} ${url.pathname}` } }, 404);
  });
  const { port } = server.addr as Deno.NetAddr;
  return { base: new URL(`http://127.0.0.1:${port}`), requests, subscriptions, accounts, refunds, close: () => server.shutdown() };
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
