import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeClientAs, signUserJwt, waitFor } from '@good-space/local-supabase/testing';
import { connect } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * A conversation's private channel as the app opens it (src/features/messages/hooks/use-conversation-presence.ts):
 * `project:<id>` private, presence keyed by the user's id, broadcast without self and with acks. The project's two
 * people see each other present and each other's "typing"; anyone else is refused at the join.
 */
let c: pg.Client;
let w: World;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
});
afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await destroyWorld(c, w);
  await c.end();
});

type Typing = { user_id: string; typing: boolean };

/** Opens the channel as the app does; resolves with its status once subscribed or refused. */
async function open(userId: string, topic: string) {
  const client = await realtimeClientAs(await signUserJwt(userId));
  clients.push(client);
  const typing: Typing[] = [];
  const channel: RealtimeChannel = client.channel(topic, {
    config: { private: true, broadcast: { self: false, ack: true }, presence: { key: userId } },
  });
  channel.on('broadcast', { event: 'typing' }, ({ payload }) => typing.push(payload as Typing));
  channel.on('presence', { event: 'sync' }, () => {});
  const status = await new Promise<{ status: string; message?: string }>((resolve) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve({ status });
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve({ status, message: error?.message });
    }),
  );
  return { channel, typing, status };
}

describe("a conversation's private channel (typing and online)", () => {
  it('lets the project’s customer and designer see each other online and typing; refuses anyone else', async () => {
    const topic = `project:${w.activeProject}`;
    const customer = await open(w.owner, topic);
    const designer = await open(w.assigned, topic);
    expect(customer.status).toEqual({ status: 'SUBSCRIBED' });
    expect(designer.status).toEqual({ status: 'SUBSCRIBED' });

    await customer.channel.track({ user_id: w.owner, online_at: new Date().toISOString() });
    await designer.channel.track({ user_id: w.assigned, online_at: new Date().toISOString() });
    await waitFor(() => w.assigned in customer.channel.presenceState(), 'the designer online for the customer');
    await waitFor(() => w.owner in designer.channel.presenceState(), 'the customer online for the designer');

    const sent = await designer.channel.send({
      type: 'broadcast',
      event: 'typing',
      payload: { user_id: w.assigned, typing: true },
    });
    expect(sent).toBe('ok');
    await waitFor(() => customer.typing.length > 0, 'the designer typing');
    expect(customer.typing).toEqual([{ user_id: w.assigned, typing: true }]);
    // Not to oneself (self: false).
    expect(designer.typing).toEqual([]);

    await designer.channel.untrack();
    await waitFor(() => !(w.assigned in customer.channel.presenceState()), 'the designer gone');

    const stranger = await open(w.otherDesigner, topic);
    expect(stranger.status.status).toBe('CHANNEL_ERROR');
    expect(stranger.status.message).toContain(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
  });
});
