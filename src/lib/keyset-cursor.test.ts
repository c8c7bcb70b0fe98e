import { describe, expect, it } from 'vitest';
import { afterCursor, keysetPage, keysetPages, nextCursor } from '@/lib/keyset-cursor';

describe('nextCursor', () => {
  it("is the last row's key after a full page, on the column the list is ordered by", () => {
    expect(nextCursor([{ created_at: '2026-11-22T10:00:00+00:00', id: 'a' }], 1)).toEqual({
      created_at: '2026-11-22T10:00:00+00:00',
      id: 'a',
    });
    expect(nextCursor([{ completed_at: '2026-11-20T09:00:00+00:00', id: 'p1' }], 1, 'completed_at')).toEqual({
      completed_at: '2026-11-20T09:00:00+00:00',
      id: 'p1',
    });
    expect(nextCursor([], 1)).toBeUndefined();
  });
});

describe('keysetPages', () => {
  const rows = [
    { created_at: '2026-11-22T10:00:01+00:00', id: 'c', title: 'x' },
    { created_at: '2026-11-22T10:00:00.5+00:00', id: 'b', title: 'y' },
  ];

  it("is the last row's key after a full page, and nothing after a short one", () => {
    expect(keysetPages(2).initialPageParam).toBeNull();
    expect(keysetPages(2).getNextPageParam(rows)).toEqual({ created_at: '2026-11-22T10:00:00.5+00:00', id: 'b' });
    expect(keysetPages(3).getNextPageParam(rows)).toBeUndefined();
    expect(keysetPages(0).getNextPageParam([])).toBeUndefined();
  });

  it("keys on the list's own cursor when it is ordered by something else", () => {
    const completed = [{ completed_at: '2026-11-20T09:00:00+00:00', id: 'p1', title: 'x' }];
    const pages = keysetPages(1, ({ completed_at, id }: (typeof completed)[number]) => ({ completed_at, id }));
    expect(pages.getNextPageParam(completed)).toEqual({ completed_at: '2026-11-20T09:00:00+00:00', id: 'p1' });
  });
});

describe('afterCursor', () => {
  it('is the rows older than the cursor, or of its instant with a smaller id, the timestamp quoted', () => {
    expect(afterCursor({ created_at: '2026-11-22T10:00:00.5+00:00', id: 'a' })).toBe(
      'created_at.lt."2026-11-22T10:00:00.5+00:00",id.lt.a',
    );
  });
});

describe('keysetPage', () => {
  function recorder() {
    const calls: unknown[][] = [];
    const query = {
      lte: (...args: unknown[]) => (calls.push(['lte', ...args]), query),
      or: (...args: unknown[]) => (calls.push(['or', ...args]), query),
      order: (...args: unknown[]) => (calls.push(['order', ...args]), query),
      limit: (...args: unknown[]) => (calls.push(['limit', ...args]), query),
    };
    return { query, calls };
  }

  it('reads the first page newest first, at most a page', () => {
    const { query, calls } = recorder();
    keysetPage(query, null, 20);
    expect(calls).toEqual([
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['limit', 20],
    ]);
  });

  it('reads a later page after the cursor, on the index range up to its instant', () => {
    const { query, calls } = recorder();
    keysetPage(query, { created_at: '2026-11-22T10:00:00+00:00', id: 'a' }, 5);
    expect(calls.slice(0, 2)).toEqual([
      ['lte', 'created_at', '2026-11-22T10:00:00+00:00'],
      ['or', 'created_at.lt."2026-11-22T10:00:00+00:00",id.lt.a'],
    ]);
    expect(calls.at(-1)).toEqual(['limit', 5]);
  });
});
