import assert from 'node:assert/strict';
import { HttpError } from './http.ts';
import { httpErrorFromRpc } from './rpc-errors.ts';

Deno.test('database refusals become the HTTP answers people read', () => {
  const cases: [string, number][] = [
    ['42501', 403],
    ['23514', 400],
    ['23505', 409],
    ['55000', 409],
    ['P0002', 404],
    ['PT429', 429],
  ];
  for (const [code, status] of cases) {
    const err = httpErrorFromRpc('x', { code, message: 'A sentence.' });
    assert.ok(err instanceof HttpError);
    assert.deepEqual([err.status, err.message], [status, 'A sentence.']);
  }
});

Deno.test('anything else is the function failing, not the caller', () => {
  const err = httpErrorFromRpc('decide_verification', { code: 'XX000', message: 'internal' });
  assert.equal(err instanceof HttpError, false);
});
