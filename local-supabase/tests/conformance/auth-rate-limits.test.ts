import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedStack, type IsolatedStack } from '../../src/isolated-stack.ts';
import { uniqueEmail } from '../../src/testing/index.ts';

// Auth's rate limits as supabase/auth answers them, at hosted's own numbers (not the test stacks' relaxed ones):
// the project's e-mail budget ([auth.rate_limit] email_sent per hour, internal/api/mail.go sendEmail), the
// per-user interval between mails ([auth.email] max_frequency), and the per-IP token buckets
// (internal/api/apilimiter: a burst of 30 whatever sign_in_sign_ups says, one bucket per endpoint). Every
// refusal is 429 in GoTrue's error shape.

const CONFIG = `project_id = "auth-rate-limits"
[auth]
site_url = "http://localhost:5173"
[auth.email]
enable_confirmations = true
max_frequency = "60s"
[auth.rate_limit]
email_sent = 2
sign_in_sign_ups = 5
`;
const PASSWORD = 'Passw0rd-Good';

let project: string;
let isolated: IsolatedStack;

beforeAll(async () => {
  project = mkdtempSync(path.join(tmpdir(), 'auth-rate-limits-'));
  mkdirSync(path.join(project, 'supabase'), { recursive: true });
  writeFileSync(path.join(project, 'supabase', 'config.toml'), CONFIG);
  isolated = await startIsolatedStack({
    name: 'test-auth-rate-limits',
    env: { SUPABASE_WORKDIR: project, LOCAL_SUPABASE_SERVICES: 'auth' },
    testMode: false,
  });
}, 120_000);

afterAll(async () => {
  await isolated?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

function post(route: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${isolated.config.apiUrl}/auth/v1${route}`, {
    method: 'POST',
    headers: { apikey: isolated.config.anonKey, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
const VERSIONED = { 'X-Supabase-Api-Version': '2024-01-01' };

describe('Auth rate limits (hosted numbers)', () => {
  it('a user asking again within max_frequency: 429 over_email_send_rate_limit with the seconds left', async () => {
    const email = uniqueEmail('often');
    expect((await post('/signup', { email, password: PASSWORD })).status).toBe(200);
    const again = await post('/resend', { type: 'signup', email }, VERSIONED);
    expect(again.status).toBe(429);
    expect(again.headers.get('x-sb-error-code')).toBe('over_email_send_rate_limit');
    const body = (await again.json()) as { code: string; message: string };
    expect(body.code).toBe('over_email_send_rate_limit');
    expect(body.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
  });

  it('the project’s e-mail budget: email_sent mails an hour over every endpoint, then 429 in both error shapes', async () => {
    // One mail went out above; one more is allowed this hour.
    expect((await post('/signup', { email: uniqueEmail('second'), password: PASSWORD })).status).toBe(200);
    const legacy = await post('/signup', { email: uniqueEmail('third'), password: PASSWORD });
    expect(legacy.status).toBe(429);
    expect(legacy.headers.get('x-sb-error-code')).toBe('over_email_send_rate_limit');
    expect(await legacy.json()).toEqual({
      code: 429,
      error_code: 'over_email_send_rate_limit',
      msg: 'email rate limit exceeded',
    });
    const versioned = await post('/signup', { email: uniqueEmail('fourth'), password: PASSWORD }, VERSIONED);
    expect(versioned.status).toBe(429);
    expect(await versioned.json()).toEqual({
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
  });

  it('per IP: a burst of 30 whatever sign_in_sign_ups says, then 429 over_request_rate_limit; other endpoints keep theirs', async () => {
    const headers = { ...VERSIONED, 'X-Forwarded-For': '198.51.100.7' };
    const answers: number[] = [];
    // Unknown addresses: 200 {} and no mail, so only the request limit is spent.
    for (let i = 0; i < 31; i++)
      answers.push((await post('/recover', { email: uniqueEmail('ghost') }, headers)).status);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    const refused = await post('/recover', { email: uniqueEmail('ghost') }, headers);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // /resend and /otp count in buckets of their own (api.go: limiterOpts.Resend, limiterOpts.Otp).
    expect((await post('/resend', { type: 'signup', email: uniqueEmail('ghost') }, headers)).status).not.toBe(429);
    expect((await post('/otp', { email: uniqueEmail('ghost'), create_user: false }, headers)).status).not.toBe(429);
  });
});
