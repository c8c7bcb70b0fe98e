import assert from 'node:assert/strict';
import { isServiceCall, requireServiceRole } from './service-role.ts';
import { HttpError } from './http.ts';

// The minute jobs' functions answer only the project's service keys (docs/security.md, "Which key goes where").
Deno.test('a service key is recognised in apikey or as the Bearer token; anything else is refused', () => {
  Deno.env.set('SUPABASE_SECRET_KEYS', JSON.stringify({ default: 'sb_secret_test_key' }));
  Deno.env.set('SUPABASE_SERVICE_ROLE_KEY', 'legacy.service.jwt');
  const call = (headers: Record<string, string>) => new Request('http://functions.local/x', { headers });
  assert.equal(isServiceCall(call({ apikey: 'sb_secret_test_key' })), true);
  assert.equal(isServiceCall(call({ Authorization: 'Bearer legacy.service.jwt' })), true);
  assert.equal(isServiceCall(call({ apikey: 'sb_secret_test_kez' })), false);
  assert.equal(isServiceCall(call({ apikey: 'sb_secret_test_key_longer' })), false);
  assert.equal(isServiceCall(call({ Authorization: 'Bearer user.jwt.token' })), false);
  assert.throws(
    () => requireServiceRole(call({}), 'No'),
    (e) => e instanceof HttpError && e.status === 401,
  );
  assert.throws(
    () => requireServiceRole(call({ apikey: 'sb_publishable_x' }), 'No'),
    (e) => e instanceof HttpError && e.status === 403,
  );
});
