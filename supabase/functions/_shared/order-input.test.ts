import assert from 'node:assert/strict';
import { HttpError } from './http.ts';
import { refusalRefuseOrder } from './market-store.ts';
import { parseReason, parseRefusal } from './order-input.ts';
import { refusalOf } from './rpc-errors.ts';

// What refuse-order and decide-order-problem accept before the database checks it again, and how the database's
// refusals reach the caller (docs/payments.md, "Good Stuff orders and seller payouts").

const ORDER = '8a4b6c1e-0000-4000-8000-00000000c001';

function refusedWith(code: string) {
  return (err: unknown) => err instanceof HttpError && err.status === 400 && err.code === code;
}

Deno.test("a refusal at pickup: a reason of 1 to 1000 characters, at most 6 photos in the order's own folder", () => {
  assert.deepEqual(parseRefusal(ORDER, '  The leg is cracked  ', undefined), {
    reason: 'The leg is cracked',
    photos: [],
  });
  assert.deepEqual(parseRefusal(ORDER, 'Cracked', [`${ORDER}/a.webp`, `${ORDER}/b.webp`]), {
    reason: 'Cracked',
    photos: [`${ORDER}/a.webp`, `${ORDER}/b.webp`],
  });
  assert.deepEqual(parseRefusal(ORDER, 'Cracked', null).photos, []);
  for (const bad of ['', '   ', 'x'.repeat(1001), 42, null, undefined]) {
    assert.throws(() => parseRefusal(ORDER, bad, []), refusedWith('invalid_reason'), String(bad));
  }
  const other = '8a4b6c1e-0000-4000-8000-00000000c002';
  for (const bad of [
    'a.webp',
    [`${other}/a.webp`],
    ['a.webp'],
    [`${ORDER}/`],
    [`${ORDER}/../${other}/a.webp`],
    [1],
    Array.from({ length: 7 }, (_, i) => `${ORDER}/${i}.webp`),
  ]) {
    assert.throws(() => parseRefusal(ORDER, 'Cracked', bad), refusedWith('invalid_photos'), JSON.stringify(bad));
  }
});

Deno.test("an operator's reason is 1 to 1000 characters, trimmed", () => {
  assert.equal(parseReason(' Half was fair ', 'm'), 'Half was fair');
  assert.throws(() => parseReason('', 'Say why'), refusedWith('invalid_reason'));
  assert.throws(() => parseReason({ text: 'x' }, 'Say why'), refusedWith('invalid_reason'));
});

Deno.test("the database's refusals of an order step keep its sentence, with the contract's status and code", () => {
  const hit = (err: HttpError | null) => err && [err.status, err.code, err.message];
  assert.deepEqual(hit(refusalRefuseOrder({ code: '42501', message: 'Only the buyer refuses' })), [
    403,
    'not_buyer',
    'Only the buyer refuses',
  ]);
  assert.deepEqual(hit(refusalRefuseOrder({ code: 'P0002', message: 'Order not found' })), [
    404,
    'not_found',
    'Order not found',
  ]);
  const frozen = "A chargeback froze this order's payment until the bank decides.";
  assert.deepEqual(hit(refusalRefuseOrder({ code: '55000', message: frozen })), [409, 'wrong_state', frozen]);
  assert.deepEqual(hit(refusalRefuseOrder({ code: '23514', message: 'A photo is missing' }))?.slice(0, 2), [
    400,
    'invalid_photos',
  ]);
  assert.deepEqual(hit(refusalRefuseOrder({ code: '23514', message: 'Give a reason' }))?.slice(0, 2), [
    400,
    'invalid_reason',
  ]);
  // Anything else is the function failing: a 500 without the database's words.
  assert.equal(refusalRefuseOrder({ code: '40001', message: 'serialization failure' }), null);
  assert.equal(refusalOf({ message: 'connection reset' }, { P0002: [404, 'not_found'] }), null);
});
