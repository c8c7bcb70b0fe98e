import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, stackConfig } from '../../src/testing/index.ts';

// pg_net as hosted Supabase has it (supabase/pg_net 0.20: sql/pg_net.sql, its worker and its tests): requests are
// queued by net.http_get/http_post, performed after the transaction commits, and recorded in net._http_response.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface ResponseRow {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
  created: Date;
}

const received: Received[] = [];
let server: http.Server;
let base: string;
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url!.startsWith('/slow')) {
        hanging.add(res); // answers only when the test ends: the request must time out first
        return;
      }
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Test': 'yes' });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, stackConfig.host, resolve));
  base = `http://${stackConfig.host}:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.end();
  await new Promise((resolve) => server.close(resolve));
});

async function responseFor(id: string, timeoutMs = 30_000): Promise<ResponseRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<ResponseRow>('select * from net._http_response where id = $1', [id]);
    if (row) return row;
    if (Date.now() > until) throw new Error(`no response recorded for request ${id}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(text: string, params: unknown[] = []): Promise<string> {
  const [row] = await sql<{ id: string }>(`select ${text} as id`, params);
  return row!.id;
}

describe('net.http_post', () => {
  it('sends the JSON body and headers once the transaction commits and records the response under the id returned', async () => {
    const id = await call(
      `net.http_post(url := $1, body := '{"hello": "world"}'::jsonb, headers := '{"Authorization": "Bearer secret", "X-Custom": "1"}'::jsonb)`,
      [`${base}/hook`],
    );
    expect(id).toMatch(/^\d+$/);
    const row = await responseFor(id);

    const sent = received.find((r) => r.url === '/hook')!;
    expect(sent.method).toBe('POST');
    expect(JSON.parse(sent.body)).toEqual({ hello: 'world' });
    expect(sent.headers['content-type']).toBe('application/json'); // added when the headers given have none
    expect(sent.headers.authorization).toBe('Bearer secret');
    expect(sent.headers['x-custom']).toBe('1');
    expect(sent.headers['user-agent']).toBe('pg_net/0.20.4');

    expect(row.id).toBe(id);
    expect(row.status_code).toBe(201);
    expect(row.content_type).toBe('application/json');
    expect(row.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Test': 'yes' });
    expect(JSON.parse(row.content!)).toEqual({ ok: true, path: '/hook' });
    expect(row.timed_out).toBe(false);
    expect(row.error_msg).toBeNull();
    expect(row.created).toBeInstanceOf(Date);
    // Taken off the queue.
    expect(await sql('select 1 from net.http_request_queue where id = $1', [id])).toEqual([]);
    // The collect helper reads the same row.
    const [collected] = await sql<{ r: string }>('select net._http_collect_response($1)::text as r', [id]);
    expect(collected!.r).toMatch(/^\(SUCCESS,ok,"\(201,/);
  });

  it('appends params to the URL, percent-encoded', async () => {
    const id = await call(`net.http_get($1, params := '{"q": "a b&c", "n": "1"}'::jsonb)`, [`${base}/search`]);
    await responseFor(id);
    const sent = received.find((r) => r.url.startsWith('/search'))!;
    expect(sent.method).toBe('GET');
    expect(new URL(sent.url, base).searchParams.get('q')).toBe('a b&c');
    expect(sent.url).toMatch(/q=a%20b%26c/);
    expect(new URL(sent.url, base).searchParams.get('n')).toBe('1');
    const [queued] = await sql<{ url: string }>(
      `select net._encode_url_with_params_array('http://example.com', array['a=1']) as url`,
    );
    expect(queued!.url).toBe('http://example.com/?a=1');
  });

  it('sends nothing for a transaction that rolls back', async () => {
    const client = new pg.Client({ connectionString: stackConfig.dbUrl });
    await client.connect();
    let rolledBackId: string;
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(`select net.http_post($1) as id`, [`${base}/rolled-back`]);
      rolledBackId = rows[0]!.id;
      await client.query('rollback');
    } finally {
      await client.end();
    }
    // A request committed afterwards is performed; by then the worker has been woken and the queue read.
    const after = await call(`net.http_post($1)`, [`${base}/after-rollback`]);
    await responseFor(after);
    expect(received.some((r) => r.url === '/after-rollback')).toBe(true);
    expect(received.some((r) => r.url === '/rolled-back')).toBe(false);
    expect(await sql('select 1 from net._http_response where id = $1', [rolledBackId])).toEqual([]);
    expect(await sql('select 1 from net.http_request_queue where id = $1', [rolledBackId])).toEqual([]);
  });

  it('refuses a content type other than JSON and a URL without a scheme, queueing nothing', async () => {
    await expect(
      sql(`select net.http_post($1, headers := '{"Content-Type": "text/plain"}'::jsonb)`, [`${base}/x`]),
    ).rejects.toThrow('Content-Type header must be "application/json"');
    await expect(sql(`select net.http_get('/malformed_url')`)).rejects.toThrow('invalid URL "/malformed_url"');
    await expect(sql(`select net.http_post(null, '{"hello": "world"}')`)).rejects.toThrow('null value in column "url"');
  });
});

describe('failures', () => {
  it('records a request that runs out of time as timed_out with pg_net’s detailed message', async () => {
    const id = await call(`net.http_get($1, timeout_milliseconds := 300)`, [`${base}/slow`]);
    const row = await responseFor(id);
    expect(row.timed_out).toBe(true);
    expect(row.error_msg).toMatch(
      /^Timeout of 300 ms reached\. Total time: [\d.]+ ms \(DNS time: [\d.]+ ms, TCP\/SSL handshake time: [\d.]+ ms, HTTP Request\/Response time: [\d.]+ ms\)$/,
    );
    expect(row.status_code).toBeNull();
    expect(row.content).toBeNull();
    expect(row.content_type).toBeNull();
    const [collected] = await sql<{ r: string }>('select (net._http_collect_response($1)).status::text as r', [id]);
    expect(collected!.r).toBe('ERROR');
  });

  it('records an unreachable server as an error, not a timeout', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, stackConfig.host, resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const id = await call(`net.http_post($1)`, [`http://${stackConfig.host}:${port}/nobody`]);
    const row = await responseFor(id);
    expect(row.error_msg).toBe('Could not connect to server');
    expect(row.timed_out).toBe(false);
    expect(row.status_code).toBeNull();
    expect(row.headers).toBeNull();
  });
});

describe('who may use it', () => {
  it('lets postgres, service_role, authenticated and anon queue requests and read responses, as hosted does', async () => {
    for (const role of ['service_role', 'authenticated', 'anon']) {
      const client = new pg.Client({ connectionString: stackConfig.dbUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`set local role ${role}`);
        const { rows } = await client.query<{ id: string }>('select net.http_get($1) as id', [`${base}/as-${role}`]);
        await client.query('select count(*) from net._http_response');
        await client.query('commit');
        const row = await responseFor(rows[0]!.id);
        expect(row.status_code).toBe(201);
      } finally {
        await client.end();
      }
    }
    expect(received.filter((r) => r.url.startsWith('/as-')).map((r) => r.url)).toEqual([
      '/as-service_role',
      '/as-authenticated',
      '/as-anon',
    ]);
  });

  it('has its worker up', async () => {
    await expect(sql('select net.check_worker_is_up()')).resolves.toHaveLength(1);
  });
});
