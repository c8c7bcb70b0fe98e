import WebSocket from 'ws';
import { stackConfig, waitFor } from '../../src/testing/index.ts';

/** The realtime-*.test.ts suites' own helpers: a raw Phoenix socket, beside the testing entry's supabase-js ones. */

export function wsUrl(apiUrl = stackConfig.apiUrl, opts: { apikey?: string; vsn?: string } = {}): string {
  const u = new URL('/realtime/v1/websocket', apiUrl.replace(/^http/, 'ws'));
  u.searchParams.set('apikey', opts.apikey ?? stackConfig.anonKey);
  if (opts.vsn !== '') u.searchParams.set('vsn', opts.vsn ?? '2.0.0');
  return u.toString();
}

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
