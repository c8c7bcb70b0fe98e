import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { stackConfig } from '../../src/testing/index.ts';

// One keep-alive connection, as browsers and HTTP clients reuse them: a refused or unread request body must leave
// the connection able to carry the next request, or closed; never silent. Raw sockets, because fetch hides
// which connection a request rides on.

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw HTTP/1.1 connection to the gateway that reads answers one at a time, in order. */
class Connection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | null = null;

  constructor() {
    this.socket = net.connect(stackConfig.apiPort, stackConfig.host);
    this.socket.on('data', (d: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, d]);
      this.wake?.();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
    this.socket.on('error', () => undefined);
  }

  /** Writes and resolves once the bytes are handed to the OS (or the connection is gone). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** The next whole answer, or null when the server closed the connection first. */
  async next(): Promise<Answer | null> {
    for (;;) {
      const answer = this.parse();
      if (answer) return answer;
      if (this.closed) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private parse(): Answer | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    let rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        if (lineEnd < 0) return null;
        const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        rest = rest.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    this.buffer = rest;
    return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
  }
}

const open: Connection[] = [];
function connect(): Connection {
  const c = new Connection();
  open.push(c);
  return c;
}
afterEach(() => {
  for (const c of open.splice(0)) c.destroy();
});

const health = `GET /auth/v1/health HTTP/1.1\r\nHost: gateway\r\napikey: ${stackConfig.publishableKey}\r\n\r\n`;

/** After a refusal the connection either answers the next request or is closed: it never hangs. */
async function expectUsableOrClosed(c: Connection): Promise<void> {
  await c.write(health);
  const next = await c.next();
  if (next === null) expect(c.isClosed).toBe(true);
  else expect(next).toMatchObject({ status: 200, body: expect.stringContaining('GoTrue') });
}

describe('connections after refused or unread bodies', () => {
  it('answers a chunked body over the limit with 413, and the connection carries the next request', async () => {
    const c = connect();
    await c.write(
      `POST /auth/v1/signup HTTP/1.1\r\nHost: gateway\r\napikey: ${stackConfig.publishableKey}\r\n` +
        'Content-Type: application/json\r\nX-Supabase-Api-Version: 2024-01-01\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = 'a'.repeat(64 * 1024);
    // 1.25 MiB against auth's 1 MiB limit, then the end of the body.
    for (let i = 0; i < 20; i++) await c.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    await c.write('0\r\n\r\n');
    const refused = await c.next();
    expect(refused?.status).toBe(413);
    expect(JSON.parse(refused!.body)).toMatchObject({ code: 'request_entity_too_large' });
    await c.write(health);
    expect(await c.next()).toMatchObject({ status: 200, body: expect.stringContaining('GoTrue') });
  });

  it('answers a declared over-limit body with 413 and stays usable or closes', async () => {
    const c = connect();
    const size = 2 * 1024 * 1024;
    await c.write(
      `POST /auth/v1/signup HTTP/1.1\r\nHost: gateway\r\napikey: ${stackConfig.publishableKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const sent = c.write(Buffer.alloc(size, 0x61));
    expect((await c.next())?.status).toBe(413);
    await sent;
    await expectUsableOrClosed(c);
  });

  it('keeps the connection of a 10 MiB body to a function that answers without reading it', async () => {
    const c = connect();
    const size = 10 * 1024 * 1024;
    await c.write(
      `POST /functions/v1/status?status=201 HTTP/1.1\r\nHost: gateway\r\n` +
        `Authorization: Bearer ${stackConfig.anonKey}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${size}\r\n\r\n`,
    );
    const sent = c.write(Buffer.alloc(size, 0x62));
    const answer = await c.next();
    expect(answer?.status).toBe(201);
    expect(JSON.parse(answer!.body)).toEqual({ error: 'teapot', status: 201 });
    await sent;
    await c.write(health);
    expect(await c.next()).toMatchObject({ status: 200, body: expect.stringContaining('GoTrue') });
  });

  it('answers CONNECT with 405 as Kong does, then closes', async () => {
    const c = connect();
    await c.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const answer = await c.next();
    expect(answer?.status).toBe(405);
    expect(JSON.parse(answer!.body)).toEqual({ message: 'Method not allowed' });
    expect(await c.next()).toBeNull();
  });
});
