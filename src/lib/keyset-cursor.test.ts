import { describe, expect, it } from 'vitest';
import { afterCursor, nextCursor } from '@/lib/keyset-cursor';

describe('nextCursor', () => {
  const rows = [
    { created_at: '2026-11-22T10:00:01+00:00', id: 'c', title: 'x' },
    { created_at: '2026-11-22T10:00:00.5+00:00', id: 'b', title: 'y' },
  ];

  it("is the last row's key after a full page, and nothing after a short one", () => {
    expect(nextCursor(rows, 2)).toEqual({ created_at: '2026-11-22T10:00:00.5+00:00', id: 'b' });
    expect(nextCursor(rows, 3)).toBeUndefined();
    expect(nextCursor([], 0)).toBeUndefined();
  });

  it('keys on another column when the list is ordered by it', () => {
    const completed = [{ completed_at: '2026-11-20T09:00:00+00:00', id: 'p1' }];
    expect(nextCursor(completed, 1, 'completed_at')).toEqual({ completed_at: '2026-11-20T09:00:00+00:00', id: 'p1' });
  });
});

describe('afterCursor', () => {
  it('is the rows older than the cursor, or of its instant with a smaller id, the timestamp quoted', () => {
    expect(afterCursor({ created_at: '2026-11-22T10:00:00.5+00:00', id: 'a' })).toBe(
      'created_at.lt."2026-11-22T10:00:00.5+00:00",id.lt.a',
    );
  });
});
