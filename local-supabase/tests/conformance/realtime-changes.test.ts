import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening, realtimeClient, sleep, sql, waitFor } from '../../src/testing/index.ts';
import { joinPayload, RawSocket } from './realtime-support.ts';

// postgres_changes through supabase-js: events, filters, the publication, shapes and typed values
// (supabase.com/docs/guides/realtime/postgres-changes; realtime.apply_rls, realtime.cast = to_jsonb).

let client: SupabaseClient;

beforeAll(async () => {
  await sql(`
    create table if not exists public.rt_items (
      id bigint generated always as identity primary key,
      label text, qty int, price numeric(10,2), flag boolean, meta jsonb, doc json, tags text[], nums int[],
      created_at timestamptz, day date, at timestamp, uid uuid, big bigint, f8 float8, blob text
    );
    grant select on public.rt_items to anon, authenticated;
    create table if not exists public.rt_hidden (id bigint generated always as identity primary key, label text);
    grant select on public.rt_hidden to anon, authenticated;
    create table if not exists public.rt_full (id bigint generated always as identity primary key, label text, qty int);
    alter table public.rt_full replica identity full;
    grant select on public.rt_full to anon, authenticated;
    do $$ begin
      if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'rt_items') then
        alter publication supabase_realtime add table public.rt_items, public.rt_full;
      end if;
    end $$;
  `);
  client = realtimeClient();
});

afterAll(async () => {
  await client.removeAllChannels();
});

async function insert(label: string, blob: string | null = null): Promise<number> {
  const rows = await sql<{ id: string }>('insert into public.rt_items (label, blob) values ($1, $2) returning id', [
    label,
    blob,
  ]);
  return Number(rows[0]!.id);
}

describe('events', () => {
  let all: Listening;
  let inserts: Listening;
  let updates: Listening;
  let deletes: Listening;

  beforeAll(async () => {
    [all, inserts, updates, deletes] = await Promise.all([
      listen(client, 'items-all', [{ event: '*', table: 'rt_items' }]),
      listen(client, 'items-ins', [{ event: 'INSERT', table: 'rt_items' }]),
      listen(client, 'items-upd', [{ event: 'UPDATE', table: 'rt_items' }]),
      listen(client, 'items-del', [{ event: 'DELETE', table: 'rt_items' }]),
    ]);
  });

  it('delivers INSERT, UPDATE and DELETE to "*" and each only to its own event', async () => {
    const id = await insert('ev-1');
    await sql(`update public.rt_items set label = 'ev-1b' where id = $1`, [id]);
    await sql(`delete from public.rt_items where id = $1`, [id]);
    await waitFor(
      () =>
        all.changes.filter((c) => String((c.new as { id?: number }).id ?? (c.old as { id?: number }).id) === String(id))
          .length === 3,
    );
    const mine = all.changes.filter((c) => ((c.new as { id?: number }).id ?? (c.old as { id?: number }).id) === id);
    expect(mine.map((c) => c.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    await waitFor(() => deletes.changes.some((c) => (c.old as { id: number }).id === id));
    expect(inserts.changes.filter((c) => (c.new as { id: number }).id === id).map((c) => c.eventType)).toEqual([
      'INSERT',
    ]);
    expect(updates.changes.filter((c) => (c.new as { id: number }).id === id).map((c) => c.eventType)).toEqual([
      'UPDATE',
    ]);
    expect(deletes.changes.filter((c) => (c.old as { id: number }).id === id).map((c) => c.eventType)).toEqual([
      'DELETE',
    ]);
  });

  it('shapes INSERT, UPDATE and DELETE as hosted does (old_record is the primary key by default)', async () => {
    const id = await insert('shape');
    await sql(`update public.rt_items set label = 'shape2' where id = $1`, [id]);
    await sql(`delete from public.rt_items where id = $1`, [id]);
    await waitFor(
      () =>
        all.changes.filter((c) => ((c.new as { id?: number }).id ?? (c.old as { id?: number }).id) === id).length === 3,
    );
    const [ins, upd, del] = all.changes.filter(
      (c) => ((c.new as { id?: number }).id ?? (c.old as { id?: number }).id) === id,
    );
    expect(ins).toMatchObject({ schema: 'public', table: 'rt_items', eventType: 'INSERT', errors: null, old: {} });
    expect(ins!.commit_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id, label: 'shape2' }, old: { id } });
    expect(Object.keys(upd!.old)).toEqual(['id']);
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id } });
    expect(Object.keys(del!.old)).toEqual(['id']);
  });

  it('sends nothing for a table outside the publication', async () => {
    const hidden = await listen(client, 'hidden-star', [{ event: '*', schema: '*' }]);
    await sql(`insert into public.rt_hidden (label) values ('nobody sees me')`);
    const id = await insert('marker-after-hidden');
    await waitFor(() => hidden.changes.some((c) => (c.new as { id?: number }).id === id));
    expect(hidden.changes.some((c) => c.table === 'rt_hidden')).toBe(false);
    await client.removeChannel(hidden.channel);
  });

  it('delivers a 20 KB row whole', async () => {
    const blob = 'x'.repeat(20 * 1024);
    const id = await insert('big', blob);
    await waitFor(() => inserts.changes.some((c) => (c.new as { id: number }).id === id));
    const change = inserts.changes.find((c) => (c.new as { id: number }).id === id)!;
    expect((change.new as { blob: string }).blob).toBe(blob);
    expect(change.errors).toBeNull();
  });
});

describe('filters', () => {
  it('applies eq, neq, lt, lte, gt, gte and in with the column type', async () => {
    const ops: [string, string][] = [
      ['eq', 'qty=eq.5'],
      ['neq', 'qty=neq.5'],
      ['lt', 'qty=lt.5'],
      ['lte', 'qty=lte.5'],
      ['gt', 'qty=gt.5'],
      ['gte', 'qty=gte.5'],
      ['in', 'qty=in.(4,6)'],
      ['text', 'label=eq.filter-7'],
      ['not', 'qty=not.in.(4,5,6)'],
    ];
    const listening = await Promise.all(
      ops.map(([name, filter]) => listen(client, `filter-${name}`, [{ event: 'INSERT', table: 'rt_items', filter }])),
    );
    const ids: Record<number, number> = {};
    for (const q of [4, 5, 6, 7]) {
      ids[q] = Number(
        (
          await sql<{ id: string }>(`insert into public.rt_items (label, qty) values ($1, $2) returning id`, [
            `filter-${q}`,
            q,
          ])
        )[0]!.id,
      );
    }
    // A last row every filter lets through (or not) marks the end: delivery is in commit order.
    const endId = Number(
      (
        await sql<{ id: string }>(`insert into public.rt_items (label, qty) values ('filter-end', 100) returning id`)
      )[0]!.id,
    );
    await waitFor(() => listening[1]!.changes.some((c) => (c.new as { id: number }).id === endId));
    await sleep(100);
    const got = (i: number) =>
      listening[i]!.changes.map((c) => c.new as { id: number; qty: number })
        .filter((r) => Object.values(ids).includes(r.id))
        .map((r) => r.qty);
    expect(got(0)).toEqual([5]);
    expect(got(1)).toEqual([4, 6, 7]);
    expect(got(2)).toEqual([4]);
    expect(got(3)).toEqual([4, 5]);
    expect(got(4)).toEqual([6, 7]);
    expect(got(5)).toEqual([5, 6, 7]);
    expect(got(6)).toEqual([4, 6]);
    expect(got(7)).toEqual([7]);
    expect(got(8)).toEqual([7]);
    for (const l of listening) await client.removeChannel(l.channel);
  });

  it('filters DELETE on the old identity (the primary key unless REPLICA IDENTITY FULL)', async () => {
    const id = await insert('del-filter');
    const byId = await listen(client, 'del-by-id', [{ event: 'DELETE', table: 'rt_items', filter: `id=eq.${id}` }]);
    const byLabel = await listen(client, 'del-by-label', [
      { event: 'DELETE', table: 'rt_items', filter: 'label=eq.del-filter' },
    ]);
    await sql(`delete from public.rt_items where id = $1`, [id]);
    await waitFor(() => byId.changes.length === 1);
    await sleep(150);
    expect(byLabel.changes).toHaveLength(0);
    await client.removeChannel(byId.channel);
    await client.removeChannel(byLabel.channel);
  });
});

describe('values', () => {
  it('types record values as hosted (to_jsonb) and realtime-js hands them over', async () => {
    const sock = await RawSocket.open();
    try {
      sock.send([
        '1',
        '1',
        'realtime:typed',
        'phx_join',
        joinPayload([{ event: 'INSERT', schema: 'public', table: 'rt_items', filter: 'label=eq.typed' }]),
      ]);
      await sock.expect('realtime:typed', 'system');
      await sql(`
        insert into public.rt_items (label, qty, price, flag, meta, doc, tags, nums, created_at, day, at, uid, big, f8)
        values ('typed', 3, 12.50, true, '{"b": [1, {"c": null}], "a": "x"}', '{"z": 1, "y": 2}', '{a,"b c",NULL}', '{{1,2},{3,4}}',
                '2026-01-02 03:04:05.678901+00', '2026-01-02', '2026-01-02 03:04:05', 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
                9007199254740993, 1.5e-7)`);
      const frame = await sock.expect('realtime:typed', 'postgres_changes');
      const raw = sock.raw.find((t) => t.includes('"realtime:typed","postgres_changes"'))!;
      const data = (
        frame[4] as { data: { record: Record<string, unknown>; columns: { name: string; type: string }[] } }
      ).data;
      expect(data.record).toMatchObject({
        label: 'typed',
        qty: 3,
        price: 12.5,
        flag: true,
        meta: { a: 'x', b: [1, { c: null }] },
        doc: { y: 2, z: 1 },
        tags: ['a', 'b c', null],
        nums: [
          [1, 2],
          [3, 4],
        ],
        created_at: '2026-01-02T03:04:05.678901+00:00',
        day: '2026-01-02',
        at: '2026-01-02T03:04:05',
        uid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        f8: 0.00000015,
        blob: null,
      });
      // Numbers keep Postgres' digits on the wire (jsonb numeric): scale, and integers beyond 2^53.
      expect(raw).toContain('"price":12.50');
      expect(raw).toContain('"big":9007199254740993');
      expect(raw).toContain('"f8":0.00000015');
      expect(data.columns).toEqual([
        { name: 'id', type: 'int8' },
        { name: 'label', type: 'text' },
        { name: 'qty', type: 'int4' },
        { name: 'price', type: 'numeric' },
        { name: 'flag', type: 'bool' },
        { name: 'meta', type: 'jsonb' },
        { name: 'doc', type: 'json' },
        { name: 'tags', type: '_text' },
        { name: 'nums', type: '_int4' },
        { name: 'created_at', type: 'timestamptz' },
        { name: 'day', type: 'date' },
        { name: 'at', type: 'timestamp' },
        { name: 'uid', type: 'uuid' },
        { name: 'big', type: 'int8' },
        { name: 'f8', type: 'float8' },
        { name: 'blob', type: 'text' },
      ]);
    } finally {
      sock.close();
    }
  });
});

describe('replica identity full', () => {
  it('sends the whole old row for UPDATE and DELETE on a table without RLS', async () => {
    const l = await listen(client, 'full', [{ event: '*', table: 'rt_full' }]);
    const id = Number(
      (await sql<{ id: string }>(`insert into public.rt_full (label, qty) values ('f', 1) returning id`))[0]!.id,
    );
    await sql(`update public.rt_full set qty = 2 where id = $1`, [id]);
    await sql(`delete from public.rt_full where id = $1`, [id]);
    await waitFor(() => l.changes.length === 3);
    expect(l.changes[1]).toMatchObject({
      eventType: 'UPDATE',
      new: { id, label: 'f', qty: 2 },
      old: { id, label: 'f', qty: 1 },
    });
    expect(l.changes[2]).toMatchObject({ eventType: 'DELETE', old: { id, label: 'f', qty: 2 } });
    await client.removeChannel(l.channel);
  });
});
