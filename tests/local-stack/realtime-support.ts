import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import { anonClient, nodeOptions, stackConfig } from '../support/clients.ts';

/** Helpers shared by the realtime-*.test.ts suites: a raw Phoenix socket and supabase-js channel plumbing. */

export function wsUrl(apiUrl = stackConfig.apiUrl, opts: { apikey?: string; vsn?: string } = {}): string {
  const u = new URL('/realtime/v1/websocket', apiUrl.replace(/^http/, 'ws'));
  u.searchParams.set('apikey', opts.apikey ?? stackConfig.anonKey);
  if (opts.vsn !== '') u.searchParams.set('vsn', opts.vsn ?? '2.0.0');
  return u.toString();
}

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

/** A raw Phoenix client: every frame received is kept (parsed) so tests can wait for a specific one. */
export class RawSocket {
  readonly frames: unknown[] = [];
  readonly raw: string[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      this.frames.push(JSON.parse(text));
    });
  }

  static async open(url = wsUrl()): Promise<RawSocket> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return new RawSocket(ws);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async next<T = unknown>(match: (f: T) => boolean, timeoutMs = 60_000): Promise<T> {
    let found: T | undefined;
    await waitFor(
      () => {
        found = this.frames.find((f) => match(f as T)) as T | undefined;
        return found !== undefined;
      },
      'a matching frame',
      timeoutMs,
    );
    return found!;
  }

  /** v2 frame matcher by topic/event (and ref when given). */
  async expect(
    topic: string,
    event: string,
    ref?: string,
  ): Promise<[unknown, unknown, string, string, Record<string, unknown>]> {
    return this.next<[unknown, unknown, string, string, Record<string, unknown>]>(
      (f) => Array.isArray(f) && f[2] === topic && f[3] === event && (ref === undefined || f[1] === ref),
    );
  }

  close(): void {
    this.ws.close();
  }
}

export function joinPayload(postgresChanges: Record<string, unknown>[], accessToken?: string): Record<string, unknown> {
  return {
    config: {
      broadcast: { ack: false, self: false },
      presence: { key: '', enabled: false },
      postgres_changes: postgresChanges,
      private: false,
    },
    ...(accessToken ? { access_token: accessToken } : {}),
  };
}

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

/** A supabase-js client whose realtime connection carries `token` (or the anon key). */
export function realtimeClient(token?: string, apiUrl?: string, anonKey?: string): SupabaseClient {
  const client = apiUrl ? anonClientFor(apiUrl, anonKey!) : anonClient();
  if (token) void client.realtime.setAuth(token);
  return client;
}

function anonClientFor(apiUrl: string, anonKey: string): SupabaseClient {
  return createClient(apiUrl, anonKey, nodeOptions);
}
