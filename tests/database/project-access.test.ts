import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs } from '@good-space/local-supabase/testing';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * rpc project_access (20261122004000_project_access.sql) through the API, as the project page calls it after its
 * read found no row: 'missing' for no such project, 'denied' for one the caller may not see, 'allowed' for one
 * they may; nothing else about the project, and nothing at all for anonymous callers.
 */
let c: pg.Client;
let w: World;
beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
});
afterAll(async () => {
  await destroyWorld(c, w);
  await c.end();
});

const as = clientAs;
async function access(userId: string, projectId: string) {
  const { data, error } = await (await as(userId)).rpc('project_access', { project_id: projectId });
  expect(error).toBeNull();
  return data;
}
/** What the page's own read returns (RLS). */
async function visible(userId: string, projectId: string) {
  const { data, error } = await (await as(userId)).from('projects').select('id').eq('id', projectId);
  expect(error).toBeNull();
  return (data ?? []).length === 1;
}

describe('project_access', () => {
  it("answers 'missing' for an id no project has", async () => {
    expect(await access(w.otherCustomer, randomUUID())).toBe('missing');
    expect(await access(w.owner, randomUUID())).toBe('missing');
  });

  it("answers 'denied' exactly where RLS hides an existing project", async () => {
    const cases: [string, string][] = [
      [w.otherCustomer, w.pendingProject],
      [w.otherCustomer, w.activeProject],
      [w.otherCustomer, w.completedProject],
      [w.otherDesigner, w.activeProject],
      [w.otherDesigner, w.completedProject],
    ];
    for (const [userId, projectId] of cases) {
      expect(await visible(userId, projectId)).toBe(false);
      expect(await access(userId, projectId)).toBe('denied');
    }
  });

  it("answers 'allowed' where the read would show the row (owner, assigned designer, open to designers)", async () => {
    const cases: [string, string][] = [
      [w.owner, w.pendingProject],
      [w.owner, w.activeProject],
      [w.assigned, w.activeProject],
      [w.assigned, w.completedProject],
      [w.otherDesigner, w.pendingProject],
    ];
    for (const [userId, projectId] of cases) {
      expect(await visible(userId, projectId)).toBe(true);
      expect(await access(userId, projectId)).toBe('allowed');
    }
  });

  it('is refused to anonymous callers and rejects a malformed id', async () => {
    const anon = await anonClient().rpc('project_access', { project_id: w.activeProject });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
    const bad = await (await as(w.owner)).rpc('project_access', { project_id: 'not-a-uuid' });
    expect(bad.error?.code).toBe('22P02');
  });

  it('is a fixed-search_path SECURITY DEFINER function executable by authenticated only', async () => {
    const r = await c.query(
      `select p.prosecdef, p.proconfig, has_function_privilege('authenticated', p.oid, 'execute') as authed,
              has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('public', p.oid, 'execute') as pub
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'project_access'`,
    );
    expect(r.rows).toEqual([{ prosecdef: true, proconfig: ['search_path=""'], authed: true, anon: false, pub: false }]);
  });
});
