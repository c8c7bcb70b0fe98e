import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening, realtimeClient, signUserJwt, sleep, sql, waitFor } from '../../src/testing/index.ts';

// Row-level security on postgres_changes, as hosted enforces it (realtime.apply_rls): INSERT/UPDATE only for
// subscribers who may select the row as their role and claims; DELETE unchecked and reduced to the primary
// key; columns the role may not select left out.

const alice = randomUUID();
const bob = randomUUID();
const clients: SupabaseClient[] = [];

function clientFor(token?: string): SupabaseClient {
  const c = realtimeClient(token);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  await sql(`
    create table if not exists public.rt_notes (
      id bigint generated always as identity primary key,
      owner uuid not null,
      body text,
      secret text
    );
    alter table public.rt_notes enable row level security;
    alter table public.rt_notes replica identity full;
    grant select (id, owner, body) on public.rt_notes to authenticated;
    drop policy if exists "own notes" on public.rt_notes;
    create policy "own notes" on public.rt_notes for select to authenticated using (owner = auth.uid());
    do $$ begin
      if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'rt_notes') then
        alter publication supabase_realtime add table public.rt_notes;
      end if;
    end $$;
  `);
});

afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
});

async function note(owner: string, body: string): Promise<number> {
  return Number(
    (
      await sql<{ id: string }>('insert into public.rt_notes (owner, body, secret) values ($1, $2, $3) returning id', [
        owner,
        body,
        's3cret',
      ])
    )[0]!.id,
  );
}

describe('RLS', () => {
  let a: Listening;
  let b: Listening;
  let anon: Listening;

  beforeAll(async () => {
    [a, b, anon] = await Promise.all([
      listen(clientFor(await signUserJwt(alice)), 'notes-alice', [{ event: '*', table: 'rt_notes' }]),
      listen(clientFor(await signUserJwt(bob)), 'notes-bob', [{ event: '*', table: 'rt_notes' }]),
      listen(clientFor(), 'notes-anon', [{ event: '*', table: 'rt_notes' }]),
    ]);
  });

  it('delivers INSERT and UPDATE only to the user the row belongs to', async () => {
    const na = await note(alice, 'for alice');
    const nb = await note(bob, 'for bob');
    await sql(`update public.rt_notes set body = 'alice edited' where id = $1`, [na]);
    await sql(`update public.rt_notes set body = 'bob edited' where id = $1`, [nb]);
    await waitFor(() => a.changes.length >= 2 && b.changes.length >= 2);
    await sleep(150);
    expect(a.changes.map((c) => [c.eventType, (c.new as { id: number }).id])).toEqual([
      ['INSERT', na],
      ['UPDATE', na],
    ]);
    expect(b.changes.map((c) => [c.eventType, (c.new as { id: number }).id])).toEqual([
      ['INSERT', nb],
      ['UPDATE', nb],
    ]);
    // anon may not select the primary key at all: hosted sends that role an "Error 401" event without data.
    const anonEvents = anon.changes.filter((c) => c.eventType !== 'DELETE');
    expect(anonEvents.length).toBeGreaterThan(0);
    for (const c of anonEvents) {
      expect(c.errors).toEqual(['Error 401: Unauthorized']);
      expect(c.new).toEqual({});
    }
  });

  it('leaves out columns the role may not select', async () => {
    const id = await note(alice, 'columns');
    await waitFor(() => a.changes.some((c) => (c.new as { id: number }).id === id));
    const change = a.changes.find((c) => (c.new as { id: number }).id === id)!;
    expect(change.new).toEqual({ id, owner: alice, body: 'columns' });
  });

  it('sends DELETE to every subscriber with only the primary key, even with REPLICA IDENTITY FULL', async () => {
    const id = await note(bob, 'to delete');
    await sql('delete from public.rt_notes where id = $1', [id]);
    await waitFor(() =>
      [a, b].every((l) => l.changes.some((c) => c.eventType === 'DELETE' && (c.old as { id: number }).id === id)),
    );
    for (const l of [a, b]) {
      const del = l.changes.find((c) => c.eventType === 'DELETE' && (c.old as { id: number }).id === id)!;
      expect(del.old).toEqual({ id });
    }
  });

  it('follows a refreshed access token (setAuth) to the new user', async () => {
    const carol = randomUUID();
    const dave = randomUUID();
    const c = clientFor(await signUserJwt(carol));
    const l = await listen(c, 'notes-switch', [{ event: 'INSERT', table: 'rt_notes' }]);
    const first = await note(carol, 'carol 1');
    await waitFor(() => l.changes.some((x) => (x.new as { id: number }).id === first));
    await c.realtime.setAuth(await signUserJwt(dave));
    await waitFor(() => l.system.length >= 2, 're-subscription after access_token');
    const second = await note(carol, 'carol 2');
    const third = await note(dave, 'dave 1');
    await waitFor(() => l.changes.some((x) => (x.new as { id: number }).id === third));
    expect(l.changes.map((x) => (x.new as { id: number }).id)).toEqual([first, third]);
    expect(second).toBeGreaterThan(first);
  });

  it('hides a row only from the subscriber whose policy check fails', async () => {
    const failing = randomUUID();
    await sql(`
      create table if not exists public.rt_fragile (id bigint generated always as identity primary key, owner uuid not null);
      alter table public.rt_fragile enable row level security;
      grant select on public.rt_fragile to authenticated;
      drop policy if exists "fragile" on public.rt_fragile;
      create policy "fragile" on public.rt_fragile for select to authenticated
        using (1 / (case when auth.uid() = '${failing}' then 0 else 1 end) = 1);
      do $$ begin
        if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'rt_fragile') then
          alter publication supabase_realtime add table public.rt_fragile;
        end if;
      end $$;
    `);
    const [ok, broken] = await Promise.all([
      listen(clientFor(await signUserJwt(randomUUID())), 'fragile-ok', [{ event: 'INSERT', table: 'rt_fragile' }]),
      listen(clientFor(await signUserJwt(failing)), 'fragile-broken', [{ event: 'INSERT', table: 'rt_fragile' }]),
    ]);
    await sql('insert into public.rt_fragile (owner) values ($1)', [alice]);
    await waitFor(() => ok.changes.length === 1);
    await sleep(150);
    expect(broken.changes).toEqual([]);
  });

  it('loses nothing in a burst of commits (each checked once it is visible)', async () => {
    const l = await listen(clientFor(await signUserJwt(alice)), 'notes-burst', [
      { event: 'INSERT', table: 'rt_notes' },
    ]);
    // Four writers at once: the WAL sender may hand over a commit before it is visible to new snapshots.
    await Promise.all(
      [1, 2, 3, 4].map((w) =>
        sql(
          `do $$ begin for i in 1..30 loop insert into public.rt_notes (owner, body) values ('${alice}', 'burst ${w}-' || i); commit; end loop; end $$`,
        ),
      ),
    );
    await waitFor(() => l.changes.length === 120, 'all 120 changes');
    expect(new Set(l.changes.map((c) => (c.new as { body: string }).body)).size).toBe(120);
  });
});
