import { describe, expect, it } from 'vitest';
import { sql } from '../../src/testing/index.ts';

// Hosted projects enable pg_net and pg_cron with `create extension` (Supabase's docs do it in migrations). The stack
// provides both as its own schemas; creating the extensions must work here as there, and change nothing they do.

const refusal = async (text: string) => {
  try {
    await sql(text);
  } catch (err) {
    const e = err as { code?: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error(`expected ${text} to fail`);
};

const installed = async (name: string) =>
  (
    await sql<{ extversion: string; schema: string }>(
      `select e.extversion, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = $1`,
      [name],
    )
  )[0] ?? null;

describe('create extension pg_net / pg_cron', () => {
  it('pg_net: created as the docs write it, at the version hosted offers; once only; dropped; net.* keeps working', async () => {
    await sql('drop extension if exists pg_net');
    await sql('create extension if not exists pg_net with schema extensions');
    expect(await installed('pg_net')).toEqual({ extversion: '0.20.4', schema: 'extensions' });
    await sql('create extension if not exists pg_net with schema extensions');
    expect(await refusal('create extension pg_net')).toEqual({
      code: '42710',
      message: 'extension "pg_net" already exists',
    });
    const [queued] = await sql<{ id: string }>(`select net.http_get('http://127.0.0.1:9/') as id`);
    expect(Number(queued!.id)).toBeGreaterThan(0);
    await sql('drop extension pg_net');
    expect(await installed('pg_net')).toBeNull();
    expect((await sql(`select to_regproc('net.http_post') is not null as present`))[0]).toEqual({ present: true });
  });

  it('pg_cron: only in pg_catalog, as its control file says; cron.schedule keeps working', async () => {
    await sql('drop extension if exists pg_cron');
    expect(await refusal('create extension pg_cron with schema extensions')).toEqual({
      code: '0A000',
      message: 'extension "pg_cron" must be installed in schema "pg_catalog"',
    });
    await sql('create extension pg_cron with schema pg_catalog');
    expect(await installed('pg_cron')).toEqual({ extversion: '1.6', schema: 'pg_catalog' });
    const [job] = await sql<{ id: string }>(`select cron.schedule('extensions-test', '0 3 * * *', 'select 1') as id`);
    expect(Number(job!.id)).toBeGreaterThan(0);
    await sql(`select cron.unschedule('extensions-test')`);
    await sql('drop extension pg_cron');
    expect(await installed('pg_cron')).toBeNull();
  });
});
