import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { AuthError, errorResponse, weakPassword } from './errors.ts';
import { parseParams } from './params.ts';
import { isUndeliverableAddress, passwordStrengthError, validateEmail } from './password.ts';
import { globToRegExp, isRedirectUrlValid } from './redirects.ts';
import { parseDuration, requiredCharactersFor, type AuthSettings } from './settings.ts';
import { goTime } from './store.ts';
import { tokenHash } from './mail.ts';

const req = (version?: string) =>
  ({ headers: version ? { 'x-supabase-api-version': version } : {} }) as unknown as IncomingMessage;

const settings = {
  siteUrl: 'http://localhost:5173',
  additionalRedirectUrls: ['http://localhost:5173/**', 'https://*.goodspace.app/auth/*'],
  minPasswordLength: 8,
  requiredCharacters: requiredCharactersFor('lower_upper_letters_digits'),
} as AuthSettings;

describe('errorResponse', () => {
  it('uses {code, message} and echoes the header for 2024-01-01 and later dates', () => {
    const out = errorResponse(
      req('2025-06-01'),
      new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
    );
    expect(out.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(out.headers).toMatchObject({
      'X-Supabase-Api-Version': '2024-01-01',
      'x-sb-error-code': 'invalid_credentials',
    });
  });
  it('uses the legacy shape without or with an older or invalid header', () => {
    for (const v of [undefined, '2023-12-31', 'garbage']) {
      const out = errorResponse(req(v), new AuthError(400, 'invalid_credentials', 'Invalid login credentials'));
      expect(out.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      expect(out.headers['X-Supabase-Api-Version']).toBeUndefined();
    }
  });
  it('shapes weak_password and OAuth errors as GoTrue does', () => {
    expect(errorResponse(req('2024-01-01'), weakPassword('m', ['length'])).body).toEqual({
      code: 'weak_password',
      message: 'm',
      weak_password: { reasons: ['length'] },
    });
    expect(errorResponse(req(), weakPassword('m', ['length'])).body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'm',
      weak_password: { reasons: ['length'] },
    });
    expect(errorResponse(req('2024-01-01'), new AuthError(400, 'invalid_request', 'd', 'oauth')).body).toEqual({
      error: 'invalid_request',
      error_description: 'd',
    });
  });
});

describe('password policy', () => {
  it('lists every failing reason in hosted order', () => {
    expect(passwordStrengthError(settings, 'abc')).toMatchObject({ status: 422, reasons: ['length', 'characters'] });
    expect(passwordStrengthError(settings, 'Abcdefg1')).toBeNull();
    expect(passwordStrengthError(settings, 'x'.repeat(73))).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('e-mail checks', () => {
  it('validates the format and lower-cases', () => {
    expect(validateEmail('Ada@GoodSpace.dev')).toBe('ada@goodspace.dev');
    expect(() => validateEmail('nope')).toThrow('Unable to validate email address: invalid format');
    expect(() => validateEmail('')).toThrow('An email address is required');
  });
  it('knows the addresses hosted refuses to mail', () => {
    expect(isUndeliverableAddress('a@example.com')).toBe(true);
    expect(isUndeliverableAddress('a@shop.test')).toBe(true);
    expect(isUndeliverableAddress('test@gmail.com')).toBe(true);
    expect(isUndeliverableAddress('a@goodspace.dev')).toBe(false);
  });
  it('hashes tokens as hex SHA-224 of address + OTP', () => {
    expect(tokenHash('a@b.c', '123456')).toMatch(/^[0-9a-f]{56}$/);
  });
});

describe('redirect allow list', () => {
  it('globs with . and / as separators', () => {
    expect(globToRegExp('https://*.goodspace.app/auth/*').test('https://pr-1.goodspace.app/auth/cb')).toBe(true);
    expect(globToRegExp('https://*.goodspace.app/auth/*').test('https://a.b.goodspace.app/auth/cb')).toBe(false);
    expect(globToRegExp('http://localhost:5173/**').test('http://localhost:5173/a/b?c=d')).toBe(true);
  });
  it('accepts site_url hosts (any localhost port), loopback IPs and listed globs only', () => {
    expect(isRedirectUrlValid(settings, 'http://localhost:3000/x')).toBe(true);
    expect(isRedirectUrlValid(settings, 'http://127.0.0.1:9999/x')).toBe(true);
    expect(isRedirectUrlValid(settings, 'https://evil.example.org/')).toBe(false);
    expect(isRedirectUrlValid(settings, 'https://pr-2.goodspace.app/auth/done')).toBe(true);
    expect(isRedirectUrlValid(settings, '')).toBe(false);
  });
});

describe('parseParams', () => {
  it('ignores unknown keys, skips nulls and names wrong types', () => {
    expect(
      parseParams(Buffer.from('{"email":"a","x":1,"data":null}'), 'P', { email: 'string', data: 'object' }),
    ).toEqual({ email: 'a' });
    expect(() => parseParams(Buffer.from('{"data":"s"}'), 'P', { data: 'object' })).toThrow(
      'json: cannot unmarshal string into Go struct field P.data of type map[string]interface {}',
    );
    expect(() => parseParams(Buffer.from(''), 'P', {})).toThrow('unexpected end of JSON input');
    expect(() => parseParams(Buffer.from('[]'), 'P', {})).toThrow('cannot unmarshal array into Go value of type api.P');
  });
});

describe('helpers', () => {
  it('formats Postgres timestamps as Go RFC 3339', () => {
    expect(goTime('2026-01-02 03:04:05.123400+00')).toBe('2026-01-02T03:04:05.1234Z');
    expect(goTime('2026-01-02 03:04:05+00')).toBe('2026-01-02T03:04:05Z');
    expect(goTime(null)).toBeNull();
  });
  it('parses Go-style durations', () => {
    expect(parseDuration('60s', 0)).toBe(60);
    expect(parseDuration('1m30s', 0)).toBe(90);
    expect(parseDuration('bad', 7)).toBe(7);
  });
});
