import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_URL, stackConfig } from '../../src/testing/index.ts';

// Hosted Edge Functions serve WebSockets (Deno.upgradeWebSocket); the platform applies the same
// routing and verify_jwt to the upgrade request. supabase.com/docs/guides/functions/websockets

const WS = `${API_URL.replace(/^http/, 'ws')}/functions/v1`;

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) =>
      reject(
        Object.assign(new Error(`HTTP ${res.statusCode}`), {
          status: res.statusCode,
          code: res.headers['sb-error-code'],
        }),
      ),
    );
    ws.once('error', reject);
  });
}

describe('WebSocket functions', () => {
  it('upgrades through the gateway and echoes', async () => {
    const ws = await open(`${WS}/ws-echo/room?x=1`);
    const reply = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    ws.send('hello');
    expect(await reply).toBe('/ws-echo/room: hello');
    ws.close();
  });

  it('refuses the upgrade as it refuses requests: unknown function, verify_jwt', async () => {
    await expect(open(`${WS}/no-such-function`)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(open(`${WS}/echo`)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED_NO_AUTH_HEADER' });
    // With a valid JWT the upgrade reaches a function that does not speak WebSocket, which answers itself.
    await expect(open(`${WS}/echo`, { Authorization: `Bearer ${stackConfig.anonKey}` })).rejects.toMatchObject({
      status: 200,
    });
  });
});
