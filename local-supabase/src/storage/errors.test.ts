import { describe, expect, it } from 'vitest';
import { ERRORS, fromPgError } from './errors.ts';

describe('storage error shapes (hosted src/internal/errors)', () => {
  it('puts the real status in the body as a string and answers HTTP 400', () => {
    const e = ERRORS.NoSuchKey();
    expect(e.httpStatus).toBe(400);
    expect(e.body()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' });
  });

  it('keeps 5xx and the range error as real statuses', () => {
    expect(ERRORS.InternalError().httpStatus).toBe(500);
    expect(ERRORS.InvalidRange().httpStatus).toBe(416);
  });

  it('maps PostgreSQL errors as DBError.fromDBError does', () => {
    expect(
      fromPgError({ code: '42501', message: 'new row violates row-level security policy for table "objects"' }).body(),
    ).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
      code: 'AccessDenied',
    });
    expect(fromPgError({ code: '23505', message: 'dup' }).body()).toMatchObject({
      statusCode: '409',
      error: 'Duplicate',
    });
    expect(fromPgError({ code: 'XX000', message: 'boom' }).body()).toMatchObject({
      statusCode: '500',
      message: 'database error, code: XX000',
    });
  });
});
