import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, API_URL, serviceClient, sql, stackConfig } from '../../src/testing/index.ts';

// POST /storage/v1/object/list-v2/{bucket} (storage-js listV2) as hosted storage-api answers it
// (supabase/storage src/http/routes/object/listObjectsV2.ts, src/storage/object.ts listObjectsV2 and the
// search_v2 SQL functions): folders and files one level below a prefix, or every object under it, in pages.

const BUCKET = 'st-list-v2';
const FILES = ['docs/a.txt', 'docs/b.txt', 'docs/sub/c.txt', 'top.txt', 'zeta/z.txt'];

beforeAll(async () => {
  await sql(`insert into storage.buckets (id, name, public) values ($1, $1, false) on conflict do nothing`, [BUCKET]);
  const storage = serviceClient().storage.from(BUCKET);
  for (const name of FILES) {
    const { error } = await storage.upload(name, new Blob([name], { type: 'text/plain' }), { upsert: true });
    expect(error).toBeNull();
  }
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('list-v2', () => {
  it('with a delimiter lists the folders and files one level below the prefix, each with its key', async () => {
    const storage = serviceClient().storage.from(BUCKET);
    const root = await storage.listV2({ with_delimiter: true });
    expect(root.error).toBeNull();
    expect(root.data!.hasNext).toBe(false);
    expect(root.data!.nextCursor).toBeUndefined();
    expect(root.data!.folders).toEqual([
      expect.objectContaining({ key: 'docs', name: 'docs/', id: null }),
      expect.objectContaining({ key: 'zeta', name: 'zeta/', id: null }),
    ]);
    expect(root.data!.objects).toEqual([
      expect.objectContaining({ key: 'top.txt', name: 'top.txt', id: expect.any(String) }),
    ]);
    const docs = await storage.listV2({ prefix: 'docs/', with_delimiter: true });
    expect(docs.data!.folders).toEqual([expect.objectContaining({ key: 'sub', name: 'docs/sub/' })]);
    expect(names(docs.data!.objects)).toEqual(['docs/a.txt', 'docs/b.txt']);
    expect(docs.data!.objects[0]).toMatchObject({ key: 'a.txt', metadata: expect.objectContaining({ size: 10 }) });
  });

  it('without a delimiter lists every object under the prefix, deepest included', async () => {
    const { data, error } = await serviceClient().storage.from(BUCKET).listV2({ prefix: 'docs/' });
    expect(error).toBeNull();
    expect(data!.folders).toEqual([]);
    expect(names(data!.objects)).toEqual(['docs/a.txt', 'docs/b.txt', 'docs/sub/c.txt']);
    expect(data!.objects[0]).not.toHaveProperty('key');
  });

  it('pages with a cursor in either order, a folder counting as one entry', async () => {
    const storage = serviceClient().storage.from(BUCKET);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const { data, error } = await storage.listV2({
        with_delimiter: true,
        limit: 2,
        sortBy: { column: 'name', order: 'desc' },
        ...(cursor ? { cursor } : {}),
      });
      expect(error).toBeNull();
      pages++;
      seen.push(...names([...data!.folders, ...data!.objects]));
      if (!data!.hasNext) break;
      cursor = data!.nextCursor;
    }
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(['docs/', 'top.txt', 'zeta/']);
    const flat: string[] = [];
    cursor = undefined;
    for (;;) {
      const { data } = await storage.listV2({
        limit: 2,
        sortBy: { column: 'created_at', order: 'asc' },
        ...(cursor ? { cursor } : {}),
      });
      flat.push(...names(data!.objects));
      if (!data!.hasNext) break;
      cursor = data!.nextCursor;
    }
    expect(flat).toEqual(FILES);
  });

  it('shows a caller only what the SELECT policies let them read', async () => {
    const { data, error } = await anonClient().storage.from(BUCKET).listV2({ with_delimiter: true });
    expect(error).toBeNull();
    expect(data).toEqual({ hasNext: false, folders: [], objects: [] });
  });

  it('refuses a bad limit, sort column or cursor with 400', async () => {
    const post = (body: unknown) =>
      fetch(`${API_URL}/storage/v1/object/list-v2/${BUCKET}`, {
        method: 'POST',
        headers: {
          apikey: stackConfig.serviceRoleKey,
          Authorization: `Bearer ${stackConfig.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const limit = await post({ limit: 0 });
    expect(limit.status).toBe(400);
    expect(((await limit.json()) as { message: string }).message).toBe('body/limit must be >= 1');
    const sort = await post({ sortBy: { column: 'size' } });
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as { message: string }).message).toBe(
      'body/sortBy/column must be equal to one of the allowed values',
    );
    const cursor = await post({ cursor: Buffer.from('nonsense').toString('base64') });
    expect(cursor.status).toBe(400);
    expect(((await cursor.json()) as { message: string }).message).toBe('Invalid Parameter continuation token');
  });
});
