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
  close(): Promise<void>;
}

export function subscriptionObject(opts: { id: string; customer: string; price: string; status?: string; periodEnd?: number; userId?: string; plan?: string }): Record<string, unknown> {
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
  let customers = 0;
  let sessions = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        customers += 1;
        reply(200, { id: `cus_fake${customers}`, object: 'customer', email: form.email ?? null });
      } else if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        sessions += 1;
        reply(200, { id: `cs_fake${sessions}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/cs_fake${sessions}` });
      } else if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        reply(200, { id: 'bps_fake1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/bps_fake1' });
      } else if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
        const data = [...subscriptions.values()].filter((s) => s.customer === form.customer);
        reply(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      } else if (req.method === 'GET' && sub && subscriptions.has(sub[1]!)) {
        reply(200, subscriptions.get(sub[1]!));
      } else {
        reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `fake Stripe: no ${req.method} ${url.pathname}` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe-Signature header as Stripe computes it: HMAC-SHA256 of "timestamp.payload" with the endpoint secret. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
