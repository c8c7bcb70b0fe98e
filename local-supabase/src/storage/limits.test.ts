import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.ts';
import {
  isValidBucketName,
  mustBeAllowedMimeType,
  mustBeValidKey,
  parseConfigSize,
  parseFileSizeToBytes,
} from './limits.ts';
import { parseRange } from './serve.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof StorageError ? `${e.statusCode}:${e.code}` : String(e);
  }
};

describe('storage input rules (hosted src/storage/limits.ts)', () => {
  it('parses bucket size limits in decimal units', () => {
    expect(parseFileSizeToBytes('20MB')).toBe(20_000_000);
    expect(parseFileSizeToBytes('1.5kb')).toBe(1500);
    expect(parseFileSizeToBytes('3B')).toBe(3);
    expect(code(() => parseFileSizeToBytes('20 MiB'))).toBe('400:InvalidRequest');
  });

  it('reads config.toml sizes with binary units', () => {
    expect(parseConfigSize('50MiB', 0)).toBe(50 * 1024 * 1024);
    expect(parseConfigSize(undefined, 7)).toBe(7);
  });

  it('validates bucket names and object keys', () => {
    expect(isValidBucketName('avatars')).toBe(true);
    expect(isValidBucketName('a/b')).toBe(false);
    expect(isValidBucketName('x'.repeat(101))).toBe(false);
    expect(code(() => mustBeValidKey('folder/a b(1).png'))).toBeNull();
    expect(code(() => mustBeValidKey('a/../b'))).toBe('400:InvalidKey');
    expect(code(() => mustBeValidKey('bad\u0000'))).toBe('400:InvalidKey');
    expect(code(() => mustBeValidKey(''))).toBe('400:InvalidKey');
  });

  it('matches MIME types exactly or by wildcard, parameters included', () => {
    expect(code(() => mustBeAllowedMimeType('image/png', ['image/*']))).toBeNull();
    expect(code(() => mustBeAllowedMimeType('image/png', ['image/png']))).toBeNull();
    expect(code(() => mustBeAllowedMimeType('text/plain;charset=UTF-8', ['text/plain']))).toBe('415:InvalidMimeType');
    expect(code(() => mustBeAllowedMimeType('nonsense', ['*/*']))).toBe('415:InvalidMimeType');
  });

  it('parses single byte ranges and refuses others with 416', () => {
    expect(parseRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(code(() => parseRange('bytes=10-', 10))).toBe('416:InvalidRange');
    expect(code(() => parseRange('items=0-1', 10))).toBe('416:InvalidRange');
  });
});
