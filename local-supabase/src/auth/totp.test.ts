import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  totpCode,
  validateTotp,
} from './totp.ts';

const SHA1_KEY = Buffer.from('12345678901234567890');

describe('HOTP (RFC 4226 appendix D)', () => {
  it('matches the ten published values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(SHA1_KEY, i))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238 appendix B)', () => {
  const step = (t: number) => Math.floor(t / 30);
  it.each([
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ])('t=%i', (t, sha1, sha256, sha512) => {
    expect(hotp(SHA1_KEY, step(t), 8, 'sha1')).toBe(sha1);
    expect(hotp(Buffer.from('12345678901234567890123456789012'), step(t), 8, 'sha256')).toBe(sha256);
    expect(
      hotp(Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'), step(t), 8, 'sha512'),
    ).toBe(sha512);
  });
  it('uses 6 digits from a base32 secret, as authenticator apps do', () => {
    const secret = base32Encode(SHA1_KEY);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, 59_000)).toBe('287082');
  });
});

describe('validateTotp', () => {
  const secret = base32Encode(SHA1_KEY);
  const now = 1_111_111_111_000;
  it('accepts the current step and one step either side (skew 1), nothing further', () => {
    expect(validateTotp(totpCode(secret, now), secret, now)).toBe(true);
    expect(validateTotp(totpCode(secret, now - 30_000), secret, now)).toBe(true);
    expect(validateTotp(totpCode(secret, now + 30_000), secret, now)).toBe(true);
    expect(validateTotp(totpCode(secret, now - 60_000), secret, now)).toBe(false);
    expect(validateTotp(totpCode(secret, now + 60_000), secret, now)).toBe(false);
  });
  it('refuses codes that are not exactly six digits', () => {
    const code = totpCode(secret, now);
    for (const bad of ['', code.slice(1), `${code}0`, ' 12345', 'abcdef', `${code.slice(0, 5)}x`])
      expect(validateTotp(bad, secret, now)).toBe(false);
  });
});

describe('secrets and URIs', () => {
  it('generates 20-byte secrets in unpadded base32 that round-trip', () => {
    const s = newTotpSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(s)).toHaveLength(20);
    expect(base32Encode(base32Decode(s))).toBe(s);
  });
  it('builds the otpauth URI as pquerna/otp (sorted keys, path escaping)', () => {
    expect(otpauthUri('localhost:5173', 'a@b.dev', 'ABC')).toBe(
      'otpauth://totp/localhost:5173:a@b.dev?algorithm=SHA1&digits=6&issuer=localhost:5173&period=30&secret=ABC',
    );
    expect(otpauthUri('Good Space', 'a b@c.dev', 'ABC')).toBe(
      'otpauth://totp/Good%20Space:a%20b@c.dev?algorithm=SHA1&digits=6&issuer=Good%20Space&period=30&secret=ABC',
    );
  });
  it('draws the QR code as goqrsvg does: 3-unit modules inside a 4-module quiet zone', () => {
    const svg = qrCodeSvg('otpauth://totp/x:y?secret=ABC');
    expect(svg.startsWith('<?xml version="1.0"?>')).toBe(true);
    const size = Number(/width="(\d+)"/.exec(svg)![1]);
    const modules = (size - 24) / 3;
    expect(Number.isInteger(modules) && modules >= 21).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(modules * modules);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });
});
