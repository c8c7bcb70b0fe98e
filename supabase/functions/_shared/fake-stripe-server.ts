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

export function startFakeStripe(): FakeStripe {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let customers = 0;
  let sessions = 0;
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
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      customers += 1;
      return reply({ id: `cus_fake${customers}`, object: 'customer', email: form.email ?? null, metadata: {} });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (form['line_items[0][price]'] === 'price_missing') {
        return reply({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such price' } }, 400);
      }
      sessions += 1;
      return reply({ id: `cs_fake${sessions}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/cs_fake${sessions}` });
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
  return { base: new URL(`http://127.0.0.1:${port}`), requests, subscriptions, close: () => server.shutdown() };
}
