import { describe, expect, it } from 'vitest';
import { closest, fromPgError, pgErrorStatus } from './errors.ts';
import { ident } from './build-sql.ts';

describe('pgErrorStatus (PostgREST v14.12)', () => {
  const status = (code: string, authed = true, message = 'x') => pgErrorStatus({ code, message }, authed);
  it('maps SQLSTATEs as PostgREST does', () => {
    expect(status('42501', false)).toBe(401);
    expect(status('42501', true)).toBe(403);
    expect(status('23505')).toBe(409);
    expect(status('23503')).toBe(409);
    expect(status('23514')).toBe(400);
    expect(status('22P02')).toBe(400);
    expect(status('21000', true, 'DELETE requires a WHERE clause')).toBe(400);
    expect(status('21000')).toBe(500);
    expect(status('25006')).toBe(405);
    expect(status('42883')).toBe(404);
    expect(status('42P01')).toBe(404);
    expect(status('P0001')).toBe(400);
    expect(status('P0002')).toBe(500);
    expect(status('PT418')).toBe(418);
    expect(status('08006')).toBe(503);
    expect(status('57014')).toBe(500);
    expect(status('28000')).toBe(403);
    expect(status('53300')).toBe(503);
  });

  it('adds WWW-Authenticate to 401s and reads RAISE SQLSTATE PGRST errors', () => {
    expect(fromPgError({ code: '42501', message: 'permission denied' }, false).headers).toEqual({
      'WWW-Authenticate': 'Bearer',
    });
    const custom = fromPgError(
      {
        code: 'PGRST',
        message: '{"code":"123","message":"nope","hint":"h"}',
        detail: '{"status":402,"headers":{"X-A":"b"}}',
      },
      true,
    );
    expect(custom.status).toBe(402);
    expect(custom.body()).toEqual({ code: '123', details: null, hint: 'h', message: 'nope' });
    expect(fromPgError({ code: 'PGRST', message: 'not json' }, true).code).toBe('PGRST121');
  });
});

describe('identifiers and hints', () => {
  it('quotes identifiers so no name can break out of them', () => {
    expect(ident('plain')).toBe('"plain"');
    expect(ident('a"; drop table x; --')).toBe('"a""; drop table x; --"');
    expect(() => ident('nul\0')).toThrow();
  });

  it('suggests only close names', () => {
    expect(closest('bookz', ['books', 'authors'])).toBe('books');
    expect(closest('zzz_nothing', ['books', 'authors'])).toBeNull();
  });
});
