import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';

// X-Forwarded-For is believed only from a configured proxy (LOCAL_SUPABASE_TRUSTED_PROXIES), as Kong believes it
// only from its trusted_ips: from anyone else the gateway puts the connection's own address there, so a client
// cannot pick the address that auth's rate limits and sessions see. This stack trusts 127.0.0.2 and not 127.0.0.1
// (both reach the loopback server; Linux routes all of 127.0.0.0/8 to it).

let iso: IsolatedStack;

beforeAll(async () => {
  iso = await startIsolatedStack({
    name: 'trusted-proxies',
    testMode: false,
    env: { LOCAL_SUPABASE_TRUSTED_PROXIES: '127.0.0.2', LOCAL_SUPABASE_SERVICES: 'auth' },
  });
});
afterAll(async () => {
  await iso?.stop();
});

function post(
  from: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = http.request(
      {
        host: iso.config.host,
        port: iso.config.apiPort,
        localAddress: from,
        method: 'POST',
        path,
        headers: {
          apikey: iso.config.publishableKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
          'Content-Length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        let out = '';
        res.on('data', (d: Buffer) => (out += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(out) as Record<string, unknown> }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('trusted proxies', () => {
  it('records the forwarded address only when a trusted proxy sends it', async () => {
    const email = `proxy-${Date.now()}@goodspace.dev`;
    const password = 'Passw0rd-Proxy';
    const created = await post(
      '127.0.0.1',
      '/auth/v1/admin/users',
      { email, password, email_confirm: true },
      { Authorization: `Bearer ${iso.config.serviceRoleKey}` },
    );
    expect(created.status).toBe(200);
    const signIn = async (from: string) => {
      const res = await post(
        from,
        '/auth/v1/token?grant_type=password',
        { email, password },
        { 'X-Forwarded-For': '203.0.113.9' },
      );
      expect(res.status).toBe(200);
      const token = res.body.access_token as string;
      const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string;
      const rows = await iso.stack.db.admin.query<{ ip: string }>(
        'select host(ip) as ip from auth.sessions where id = $1',
        [sessionId],
      );
      return rows.rows[0]!.ip;
    };
    expect(await signIn('127.0.0.1')).toBe('127.0.0.1');
    expect(await signIn('127.0.0.2')).toBe('203.0.113.9');
  });

  it('keeps one rate-limit budget per connection address whatever X-Forwarded-For a client sends', async () => {
    let limited: { status: number; body: Record<string, unknown> } | null = null;
    for (let i = 0; i < 500 && !limited; i++) {
      const res = await post(
        '127.0.0.1',
        '/auth/v1/token?grant_type=password',
        { email: 'nobody@goodspace.dev', password: 'x' },
        { 'X-Forwarded-For': `198.51.100.${i % 250}, 10.0.0.${i % 250}` },
      );
      if (res.status === 429) limited = res;
    }
    expect(limited).toEqual({
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
    });
    // Behind the trusted proxy, each forwarded client has its own budget.
    const forwarded = await post(
      '127.0.0.2',
      '/auth/v1/token?grant_type=password',
      { email: 'nobody@goodspace.dev', password: 'x' },
      { 'X-Forwarded-For': '192.0.2.44' },
    );
    expect(forwarded.status).toBe(400);
  });
});
