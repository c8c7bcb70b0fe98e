import assert from 'node:assert/strict';
import { HttpError } from './http.ts';
import { effectiveStatus, orderRefusal, sellerAccountView, type SellerAccountRow } from './market-store.ts';

Deno.test("the database's refusals to open an order become the caller's errors, with its message", () => {
  const cases: [string, string, number, string][] = [
    ['P0002', 'Piece not found', 404, 'not_found'],
    ['42501', 'You cannot buy your own piece', 403, 'own_piece'],
    ['55000', 'This piece is no longer available', 409, 'not_available'],
    ['55000', 'This seller cannot take payments yet', 409, 'not_available'],
  ];
  for (const [code, message, status, errorCode] of cases) {
    const err = orderRefusal({ code, message });
    assert.ok(err instanceof HttpError);
    assert.deepEqual([err.status, err.message, err.code], [status, message, errorCode]);
  }
  // Anything else is not the caller's doing: it stays a 500 without the database's words.
  assert.equal(orderRefusal({ code: '23505', message: 'duplicate key' }), null);
  assert.equal(orderRefusal({ message: 'connection reset' }), null);
});

Deno.test('a pending order past its checkout expiry reads as expired', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  assert.equal(effectiveStatus({ status: 'pending', checkout_expires_at: '2026-12-01T11:59:59Z' }, now), 'expired');
  assert.equal(effectiveStatus({ status: 'pending', checkout_expires_at: '2026-12-01T12:30:00Z' }, now), 'pending');
  assert.equal(effectiveStatus({ status: 'paid', checkout_expires_at: '2026-12-01T11:00:00Z' }, now), 'paid');
});

Deno.test("the seller sees their account's state, not its ids", () => {
  const row: SellerAccountRow = {
    user_id: 'u',
    provider: 'stripe',
    account_id: 'acct_1',
    charges_enabled: true,
    payouts_enabled: false,
    details_submitted: true,
    transfers_active: true,
    requirements_due: ['external_account'],
    disabled_reason: null,
    can_be_paid: false,
    created_at: 'x',
    updated_at: 'y',
  };
  assert.deepEqual(sellerAccountView(row), {
    provider: 'stripe',
    can_be_paid: false,
    charges_enabled: true,
    payouts_enabled: false,
    details_submitted: true,
    requirements_due: ['external_account'],
    disabled_reason: null,
  });
  assert.equal(sellerAccountView(null), null);
});
