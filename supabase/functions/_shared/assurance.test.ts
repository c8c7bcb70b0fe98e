import assert from 'node:assert/strict';
import {
  ACCOUNT_SUSPENDED,
  callerReadRefusal,
  requireAssurance,
  SECOND_FACTOR_NEEDED,
  tokenAal,
} from './assurance.ts';
import { HttpError } from './http.ts';

/** An unsigned JWT-shaped token with these claims (the signature is Auth's business, checked before). */
function token(claims: Record<string, unknown>): string {
  const part = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'ES256' })}.${part(claims)}.sig`;
}

const verified = { factors: [{ status: 'verified' }] };

function refusal(fn: () => unknown): { status: number; code?: string; message: string } | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
}

Deno.test('tokenAal reads the claim of a base64url payload, null when absent or unreadable', () => {
  assert.equal(tokenAal(token({ aal: 'aal2', sub: 'ü~?>' })), 'aal2');
  assert.equal(tokenAal(token({ sub: 'x' })), null);
  assert.equal(tokenAal('not-a-jwt'), null);
  assert.equal(tokenAal('a.%%%.c'), null);
});

Deno.test('a user with a verified factor is refused with 403 insufficient_aal unless the token is aal2', () => {
  const expected = { status: 403, code: 'insufficient_aal', message: SECOND_FACTOR_NEEDED };
  assert.deepEqual(
    refusal(() => requireAssurance(verified, token({ aal: 'aal1' }))),
    expected,
  );
  assert.deepEqual(
    refusal(() => requireAssurance(verified, token({}))),
    expected,
  );
  assert.equal(
    refusal(() => requireAssurance(verified, token({ aal: 'aal2' }))),
    null,
  );
});

Deno.test('a user without a verified factor (none, or only an unverified one) is let through at aal1', () => {
  assert.equal(
    refusal(() => requireAssurance({}, token({ aal: 'aal1' }))),
    null,
  );
  assert.equal(
    refusal(() => requireAssurance({ factors: null }, token({ aal: 'aal1' }))),
    null,
  );
  assert.equal(
    refusal(() => requireAssurance({ factors: [{ status: 'unverified' }] }, token({ aal: 'aal1' }))),
    null,
  );
});

Deno.test("the database's refusals of the caller's own read pass on as the functions' 403s, other errors do not", () => {
  const aal = callerReadRefusal({ code: 'insufficient_aal' });
  assert.deepEqual(aal && { status: aal.status, code: aal.code, message: aal.message }, {
    status: 403,
    code: 'insufficient_aal',
    message: SECOND_FACTOR_NEEDED,
  });
  const suspended = callerReadRefusal({ code: 'account_suspended' });
  assert.deepEqual(suspended && { status: suspended.status, code: suspended.code, message: suspended.message }, {
    status: 403,
    code: 'account_suspended',
    message: ACCOUNT_SUSPENDED,
  });
  assert.equal(callerReadRefusal({ code: '42501' }), null);
  assert.equal(callerReadRefusal({ code: 'PGRST301' }), null);
  assert.equal(callerReadRefusal({}), null);
});
