import assert from 'node:assert/strict';
import {
  signUnsubscribeToken,
  unsubscribeSecret,
  unsubscribeSecrets,
  verifyUnsubscribeToken,
  verifyUnsubscribeTokenWithAny,
} from './unsubscribe-token.ts';

const USER = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

Deno.test('a signed token names its user and kind, and only with the same secret', async () => {
  const token = await signUnsubscribeToken('s3cret', USER, 'nudge_received');
  assert.match(token, new RegExp(`^${USER}\\.nudge_received\\.[A-Za-z0-9_-]{43}$`));
  assert.deepEqual(await verifyUnsubscribeToken('s3cret', token), { userId: USER, kind: 'nudge_received' });
  assert.equal(await verifyUnsubscribeToken('another', token), null);
});

Deno.test('changing the user, the kind or the signature breaks the token', async () => {
  const token = await signUnsubscribeToken('s3cret', USER, 'nudge_received');
  const [, , sig] = token.split('.');
  assert.equal(await verifyUnsubscribeToken('s3cret', `${OTHER}.nudge_received.${sig}`), null);
  assert.equal(await verifyUnsubscribeToken('s3cret', `${USER}.message_received.${sig}`), null);
  const flipped = sig!.slice(0, -1) + (sig!.endsWith('A') ? 'B' : 'A');
  assert.equal(await verifyUnsubscribeToken('s3cret', `${USER}.nudge_received.${flipped}`), null);
});

Deno.test('malformed tokens are refused, not thrown', async () => {
  for (const bad of [
    '',
    'x',
    `${USER}.nudge_received`,
    `${USER}.not_a_kind.abc`,
    `nope.nudge_received.abc`,
    `${USER}.nudge_received.!!!`,
    `${USER}.nudge_received.abc.def`,
  ]) {
    assert.equal(await verifyUnsubscribeToken('s3cret', bad), null, bad);
  }
});

Deno.test('the secret: UNSUBSCRIBE_SECRET, else the service-role key, else the default secret key', () => {
  const env = (vars: Record<string, string>) => (n: string) => vars[n];
  assert.equal(unsubscribeSecret(env({ UNSUBSCRIBE_SECRET: 'a', SUPABASE_SERVICE_ROLE_KEY: 'b' })), 'a');
  assert.equal(unsubscribeSecret(env({ SUPABASE_SERVICE_ROLE_KEY: 'b' })), 'b');
  assert.equal(unsubscribeSecret(env({ SUPABASE_SECRET_KEYS: '{"default":"c"}' })), 'c');
  assert.throws(() => unsubscribeSecret(env({})), /UNSUBSCRIBE_SECRET is not set/);
});

Deno.test('a link signed with the legacy service-role key stays valid once the project also has a secret key or its own secret', async () => {
  const env = (vars: Record<string, string>) => (n: string) => vars[n];
  // Mailed while the functions held only the legacy key.
  const mailed = await signUnsubscribeToken(unsubscribeSecret(env({ SUPABASE_SERVICE_ROLE_KEY: 'legacy' })), USER, 'nudge_received');
  const later = env({
    UNSUBSCRIBE_SECRET: 'own',
    SUPABASE_SERVICE_ROLE_KEY: 'legacy',
    SUPABASE_SECRET_KEYS: '{"default":"sb_secret_x"}',
  });
  assert.deepEqual(unsubscribeSecrets(later), ['own', 'legacy', 'sb_secret_x']);
  assert.deepEqual(await verifyUnsubscribeTokenWithAny(unsubscribeSecrets(later), mailed), {
    userId: USER,
    kind: 'nudge_received',
  });
  // A link signed with a key the project no longer has is not valid.
  assert.equal(await verifyUnsubscribeTokenWithAny(['own', 'sb_secret_x'], mailed), null);
});
