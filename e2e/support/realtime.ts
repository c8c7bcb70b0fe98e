import type { SupabaseClient } from '@supabase/supabase-js';

/** How a join of a Realtime channel ended, as supabase-js reports it to `subscribe`'s callback. */
export type JoinOutcome =
  { status: 'SUBSCRIBED' } | { status: 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED'; message: string };

/**
 * Joins the private channel `topic` (`project:<id>`, `piece-chat:<id>`) as `client`'s user, configured as the app
 * joins it (docs/working-together.md: broadcast without self, with acks; presence keyed by the user's id), and
 * resolves with the join's outcome: hosted Realtime refuses a join that no `realtime.messages` select policy allows
 * ("Unauthorized: You do not have permissions to read from this Channel topic: <topic>"). The channel is left again
 * either way, so a journey can ask twice.
 */
export async function joinPrivateChannel(client: SupabaseClient, topic: string, userId: string): Promise<JoinOutcome> {
  // The join carries the user's access token: set it now rather than rely on the auth event having reached Realtime.
  await client.realtime.setAuth();
  const channel = client.channel(topic, {
    config: { private: true, broadcast: { self: false, ack: true }, presence: { key: userId } },
  });
  try {
    return await new Promise<JoinOutcome>((resolve) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve({ status });
        else resolve({ status, message: error?.message ?? '' });
      });
    });
  } finally {
    await client.removeChannel(channel);
  }
}
