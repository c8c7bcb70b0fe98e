import assert from 'node:assert/strict';
import { HttpError } from '../_shared/http.ts';
import { parseModerateAccount } from './request.ts';

// The body moderate-account accepts; the function itself runs against the local stack in
// tests/database/moderate-account.test.ts.

const ID = '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f';

Deno.test('a suspension with a subject is read as given, the reason trimmed', () => {
  assert.deepEqual(
    parseModerateAccount({
      user_id: ID,
      action: 'suspend',
      reason: '  Scam listings  ',
      subject_kind: 'piece',
      subject_id: ID,
    }),
    { userId: ID, action: 'suspend', reason: 'Scam listings', subjectKind: 'piece', subjectId: ID },
  );
});

Deno.test('a reinstatement needs no subject', () => {
  assert.deepEqual(parseModerateAccount({ user_id: ID, action: 'reinstate', reason: 'Appeal accepted' }), {
    userId: ID,
    action: 'reinstate',
    reason: 'Appeal accepted',
    subjectKind: null,
    subjectId: null,
  });
});

for (const [what, body, message] of [
  ['no user', { action: 'suspend', reason: 'x' }, 'user_id must be the id of an account'],
  ['an unknown action', { user_id: ID, action: 'ban', reason: 'x' }, "action must be 'suspend' or 'reinstate'"],
  ['a blank reason', { user_id: ID, action: 'suspend', reason: '   ' }, 'Give a reason for this action'],
  [
    'half a subject',
    { user_id: ID, action: 'suspend', reason: 'x', subject_kind: 'piece' },
    'Give both subject_kind and subject_id, or neither',
  ],
  ['an unknown field', { user_id: ID, action: 'suspend', reason: 'x', extra: 1 }, 'Unknown field: extra'],
] as const) {
  Deno.test(`${what} is a 400 with a sentence`, () => {
    let refused: unknown;
    try {
      parseModerateAccount(body as Record<string, unknown>);
    } catch (err) {
      refused = err;
    }
    assert.ok(refused instanceof HttpError);
    assert.deepEqual([refused.status, refused.message], [400, message]);
  });
}
