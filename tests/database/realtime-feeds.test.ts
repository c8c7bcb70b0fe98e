import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listen,
  type Listening,
  realtimeClient,
  signUserJwt,
  sleep,
  waitFor,
} from '@good-space/local-supabase/testing';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/** The live feeds the screens use (docs/schema.md): only the people allowed to read a row receive its change. */
let c: pg.Client;
let w: World;
const open: Listening[] = [];
beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
});
afterAll(async () => {
  for (const l of open) await l.channel.unsubscribe();
  await destroyWorld(c, w);
  await c.end();
});

async function subscribe(who: string, name: string, binding: Parameters<typeof listen>[2][number]): Promise<Listening> {
  const l = await listen(realtimeClient(await signUserJwt(who)), `${name}-${who.slice(0, 8)}`, [binding]);
  open.push(l);
  return l;
}

describe('realtime feeds', () => {
  it('nudges: the designer filtered by designer_id sees new nudges; another designer sees nothing', async () => {
    const mine = await subscribe(w.otherDesigner, 'nudges', {
      event: '*',
      table: 'designer_nudges',
      filter: `designer_id=eq.${w.otherDesigner}`,
    });
    // INSERT and UPDATE are RLS-checked per subscriber. DELETE is not (hosted sends every subscriber the key of
    // any deleted row), and other test files delete their users' nudges meanwhile, so the snoop watches writes only.
    const snoop = await subscribe(w.assigned, 'nudges-all', { event: 'INSERT', table: 'designer_nudges' });
    const snoopUpdates = await subscribe(w.assigned, 'nudges-all-updates', {
      event: 'UPDATE',
      table: 'designer_nudges',
    });
    await c.query(`insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3)`, [
      w.owner,
      w.otherDesigner,
      w.pendingProject,
    ]);
    await waitFor(() => mine.changes.length > 0, 'the nudge');
    expect(mine.changes[0]).toMatchObject({
      eventType: 'INSERT',
      new: { designer_id: w.otherDesigner, status: 'pending' },
    });
    await sleep(500);
    // The RLS property itself: the snoop receives no nudge it is not a party to (other test files may nudge it
    // meanwhile — those it may read).
    const notMine = (changes: typeof snoop.changes) =>
      changes.filter((ch) => {
        const row = ch.new as { designer_id?: string; client_id?: string };
        return row.designer_id !== w.assigned && row.client_id !== w.assigned;
      });
    expect(notMine(snoop.changes)).toEqual([]);
    expect(notMine(snoopUpdates.changes)).toEqual([]);
  });

  it('messages and items reach the participants only; item deletions carry the project id', async () => {
    const designerMsgs = await subscribe(w.assigned, 'messages', {
      event: 'INSERT',
      table: 'messages',
      filter: `project_id=eq.${w.activeProject}`,
    });
    const strangerMsgs = await subscribe(w.otherCustomer, 'messages', { event: 'INSERT', table: 'messages' });
    const ownerItems = await subscribe(w.owner, 'items', {
      event: '*',
      table: 'project_items',
      filter: `project_id=eq.${w.activeProject}`,
    });
    await c.query(`insert into public.messages (project_id, sender_id, content) values ($1, $2, 'Live hello')`, [
      w.activeProject,
      w.owner,
    ]);
    await c.query(`delete from public.project_items where id = $1`, [w.item]);
    await waitFor(() => designerMsgs.changes.length > 0 && ownerItems.changes.length > 0, 'message and item changes');
    expect(designerMsgs.changes[0]).toMatchObject({ eventType: 'INSERT', new: { content: 'Live hello' } });
    expect(ownerItems.changes[0]).toMatchObject({ eventType: 'DELETE', old: { id: w.item } });
    await sleep(500);
    expect(strangerMsgs.changes).toEqual([]);
  });
});
