import { describe, expect, it } from 'vitest';
import { isUuid } from '@/lib/uuid';

describe('isUuid', () => {
  it('accepts a UUID in either case', () => {
    expect(isUuid('3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b')).toBe(true);
    expect(isUuid('3F2B8C1E-9A4D-4E2F-8B1A-0C9D8E7F6A5B')).toBe(true);
  });

  it('refuses anything else, a UUID inside a longer text included', () => {
    expect(isUuid('')).toBe(false);
    expect(isUuid('not-a-project')).toBe(false);
    expect(isUuid('3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5')).toBe(false);
    expect(isUuid(' 3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b')).toBe(false);
    expect(isUuid('3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b/x')).toBe(false);
  });
});
