import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { anonClient, nodeOptions, stackConfig } from './clients.ts';

// Realtime through supabase-js, for tests of postgres_changes feeds: subscribe, then wait for what arrives.

/**
 * Polls until `cond` holds. The limit only catches a hang: a busy machine delays delivery, it does not lose it.
 */
export async function waitFor(cond: () => boolean, what = 'condition', timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

export interface Listening {
  channel: RealtimeChannel;
  changes: Change[];
  system: Record<string, unknown>[];
}

/**
 * Subscribes through supabase-js and resolves once the server confirmed the postgres_changes subscription
 * (the `system` "Subscribed to PostgreSQL" push), so rows written afterwards must arrive.
 */
export async function listen(
  client: SupabaseClient,
  name: string,
  bindings: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; schema?: string; table?: string; filter?: string }[],
): Promise<Listening> {
  const changes: Change[] = [];
  const system: Record<string, unknown>[] = [];
  let channel = client.channel(name);
  for (const b of bindings) {
    channel = channel.on('postgres_changes' as never, { schema: 'public', ...b } as never, (p: Change) =>
      changes.push(p),
    );
  }
  channel = channel.on('system', {}, (p: Record<string, unknown>) => system.push(p));
  let status = '';
  channel.subscribe((s) => {
    status = s;
  });
  await waitFor(() => status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR', `channel ${name} to join`);
  if (status !== 'SUBSCRIBED') throw new Error(`channel ${name}: ${status}`);
  await waitFor(() => system.length > 0, `channel ${name} to be subscribed to PostgreSQL`);
  return { channel, changes, system };
}

/** A supabase-js client whose realtime connection carries `token` (or the publishable key). */
export function realtimeClient(token?: string, apiUrl?: string, anonKey?: string): SupabaseClient {
  const client = apiUrl ? anonClientFor(apiUrl, anonKey ?? stackConfig.publishableKey) : anonClient();
  if (token) void client.realtime.setAuth(token);
  return client;
}

/**
 * A supabase-js client whose Realtime joins and HTTP broadcasts always carry `token`, for private channels. It uses
 * supabase-js' `accessToken` option (so `client.auth` is not available): realtime-js re-reads the token on
 * reconnects and heartbeats, and a token given once to setAuth (realtimeClient) falls back to the signed-out
 * anon key there, making later joins anonymous. Resolves once the first join will carry the token.
 */
export async function realtimeClientAs(token: string, apiUrl = stackConfig.apiUrl, anonKey = stackConfig.publishableKey) {
  const client = createClient(apiUrl, anonKey, { ...nodeOptions, accessToken: async () => token });
  await client.realtime.setAuth(token);
  return client;
}

function anonClientFor(apiUrl: string, anonKey: string): SupabaseClient {
  return createClient(apiUrl, anonKey, nodeOptions);
}
