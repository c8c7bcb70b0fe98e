import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../src/testing/index.ts';
import { RawSocket } from './realtime-support.ts';

// Hostile frames must cost the one socket that sends them, never the rest of the stack: Realtime closes a socket
// whose frame is over max_frame_size (5,000,000 bytes) with 1009, and a frame nested too deep to parse cheaply is
// dropped as malformed while the socket and everything else keep answering.

const open: RawSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
async function socket(): Promise<RawSocket> {
  const s = await RawSocket.open();
  open.push(s);
  return s;
}

/** A Phoenix v2 frame whose payload is `depth` nested arrays. */
function nestedFrame(ref: string, depth: number): string {
  return `[null,"${ref}","phoenix","heartbeat",${'['.repeat(depth)}${']'.repeat(depth)}]`;
}

describe('realtime frame limits', () => {
  it('closes a socket that sends a frame over 5,000,000 bytes with 1009, and others keep working', async () => {
    const big = await socket();
    const other = await socket();
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.ws.send(nestedFrame('big', 3_900_000)); // 7.8 MB
    expect(await closed).toBe(1009);
    other.send([null, 'hb-after-big', 'phoenix', 'heartbeat', {}]);
    await other.expect('phoenix', 'phx_reply', 'hb-after-big');
  });

  it('drops a deeply nested frame under the size limit without stalling the stack', async () => {
    const s = await socket();
    const frame = nestedFrame('deep', 2_400_000); // 4.8 MB, 2.4 million levels
    const started = performance.now();
    s.ws.send(frame);
    s.send([null, 'hb-after-deep', 'phoenix', 'heartbeat', {}]);
    await s.expect('phoenix', 'phx_reply', 'hb-after-deep');
    const health = await api('/auth/v1/health');
    const elapsed = performance.now() - started;
    expect(health.status).toBe(200);
    expect(s.ws.readyState).toBe(s.ws.OPEN);
    // The deep frame got no reply: it was dropped as malformed, not answered as a heartbeat.
    expect(s.frames.filter((f) => (f as unknown[])[1] === 'deep')).toEqual([]);
    // Parsing it took the single thread 1.5-3 s on these machines; refusing it by its depth takes milliseconds.
    // The bound leaves room for a busy machine and still catches a parse.
    expect(elapsed).toBeLessThan(1000);
  });
});
