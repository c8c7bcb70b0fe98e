import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening, realtimeClient, signUserJwt, waitFor } from '@good-space/local-supabase/testing';
import { asActor, connect, user } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * The designer dashboard's feed (src/features/bids/hooks/use-designer-bids-realtime.ts): project_bids filtered by
 * designer_id. When the customer accepts another designer's bid, the designer whose bid lost hears of their own
 * bid becoming rejected, live, and of nobody else's.
 */
let c: pg.Client;
let w: World;
let rivalBid: string;
const open: Listening[] = [];
beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
  // w.assigned has bid on the pending project (w.bid); w.otherDesigner bids too, and will win.
  rivalBid = (
    await c.query<{ id: string }>(
      `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 700, 'Rival plan') returning id`,
      [w.pendingProject, w.otherDesigner],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  for (const l of open) await l.channel.unsubscribe();
  await destroyWorld(c, w);
  await c.end();
});

async function subscribe(who: string): Promise<Listening> {
  const l = await listen(realtimeClient(await signUserJwt(who)), `designer-bids:${who}`, [
    { event: '*', table: 'project_bids', filter: `designer_id=eq.${who}` },
  ]);
  open.push(l);
  return l;
}

describe("a designer's bids feed", () => {
  it('tells the loser their bid was rejected and the winner theirs was accepted, each only their own', async () => {
    const loser = await subscribe(w.assigned);
    const winner = await subscribe(w.otherDesigner);
    const accepted = await asActor(c, user(w.owner), 'select id from public.accept_bid($1)', [rivalBid]);
    expect(accepted.ok).toBe(true);
    // The bids' own inserts (just before the subscription) may still be on their way: wait for the updates.
    const update = (l: Listening) => l.changes.find((ch) => ch.eventType === 'UPDATE');
    await waitFor(() => Boolean(update(loser) && update(winner)), 'both bid updates');
    expect(update(loser)).toMatchObject({ new: { id: w.bid, status: 'rejected' } });
    expect(update(winner)).toMatchObject({ new: { id: rivalBid, status: 'accepted' } });
    // An end marker per feed instead of a pause: changes arrive in commit order, so once each designer has heard
    // of a later edit of their own bid, anything the acceptance could have sent them has arrived too.
    await c.query(`update public.project_bids set proposal = proposal || '.' where id = any($1)`, [[w.bid, rivalBid]]);
    const marked = (l: Listening, id: string) =>
      l.changes.some(
        (ch) =>
          ch.eventType === 'UPDATE' &&
          (ch.new as { id: string; proposal: string }).id === id &&
          (ch.new as { proposal: string }).proposal.endsWith('.'),
      );
    await waitFor(() => marked(loser, w.bid) && marked(winner, rivalBid), 'the end markers');
    expect(loser.changes.every((ch) => (ch.new as { designer_id?: string }).designer_id === w.assigned)).toBe(true);
    expect(winner.changes.every((ch) => (ch.new as { designer_id?: string }).designer_id === w.otherDesigner)).toBe(
      true,
    );
  });
});
