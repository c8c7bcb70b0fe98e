import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, API_URL, nodeOptions, serviceClient, signUserJwt, stackConfig } from '../../src/testing/index.ts';

// Edge Functions through supabase-js and raw HTTP, against the fixtures in local-supabase/tests/fixtures/functions.
// Reference: supabase-js functions-js FunctionsClient, supabase/edge-runtime's main service, and the hosted
// platform's error contract (supabase.com/docs/guides/functions/error-codes).

const FN = `${API_URL}/functions/v1`;
const asAnon = { Authorization: `Bearer ${stackConfig.anonKey}` };

interface Echo {
  method: string;
  url: string;
  pathname: string;
  search: string;
  headers: Record<string, string>;
  body: string;
  pid: number;
}

async function userClient() {
  const token = await signUserJwt();
  return {
    token,
    client: createClient(API_URL, stackConfig.publishableKey, {
      ...nodeOptions,
      global: { headers: { Authorization: `Bearer ${token}` } },
    }),
  };
}

describe('functions.invoke', () => {
  it('reaches a function signed out with the publishable key (sent only as apikey)', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('echo', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data!.method).toBe('POST');
    expect(data!.pathname).toBe('/echo');
    expect(JSON.parse(data!.body)).toEqual({ hello: 'world' });
    expect(data!.headers['content-type']).toBe('application/json');
    expect(data!.headers.apikey).toBe(stackConfig.publishableKey);
    expect(data!.headers.authorization).toBeUndefined();
  });

  it('passes the legacy anon key as Bearer through untouched', async () => {
    const { data, error } = await anonClient('legacy').functions.invoke<Echo>('echo', { body: 'plain text' });
    expect(error).toBeNull();
    expect(data!.headers.authorization).toBe(`Bearer ${stackConfig.anonKey}`);
    expect(data!.headers['content-type']).toBe('text/plain');
    expect(data!.body).toBe('plain text');
  });

  it("passes a signed-in user's token through, so the function can read the user", async () => {
    const { token, client } = await userClient();
    const { data, error } = await client.functions.invoke<Echo>('echo', { method: 'GET' });
    expect(error).toBeNull();
    expect(data!.method).toBe('GET');
    expect(data!.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('works with the service role client', async () => {
    const { data, error } = await serviceClient().functions.invoke<Echo>('echo', { method: 'PUT', body: { a: 1 } });
    expect(error).toBeNull();
    expect(data!.method).toBe('PUT');
  });

  it('delivers sub-paths and query strings to the function with its name first', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('echo/items/42?expand=true&x=a%20b', {
      method: 'GET',
    });
    expect(error).toBeNull();
    expect(data!.pathname).toBe('/echo/items/42');
    expect(data!.search).toBe('?expand=true&x=a%20b');
    expect(new URL(data!.url).host).toBe(new URL(API_URL).host);
  });

  it('passes method, headers and a binary body through raw HTTP', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251]);
    const res = await fetch(`${FN}/echo/deep/path/?q=1`, {
      method: 'PATCH',
      headers: { ...asAnon, 'x-custom': 'yes', 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(res.status).toBe(200);
    const echo = (await res.json()) as Echo;
    expect(echo.method).toBe('PATCH');
    expect(echo.pathname).toBe('/echo/deep/path/');
    expect(echo.search).toBe('?q=1');
    expect(echo.headers['x-custom']).toBe('yes');
    expect(echo.headers['x-forwarded-for']).toBeTruthy();
    expect(echo.body.length).toBe(5);
  });

  it('gives the function the hosted environment', async () => {
    const { data, error } = await anonClient().functions.invoke<Record<string, unknown>>('env');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      SUPABASE_URL: API_URL,
      SUPABASE_ANON_KEY: stackConfig.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stackConfig.serviceRoleKey,
      SUPABASE_DB_URL: stackConfig.dbUrl,
    });
    expect(JSON.parse(data!.SUPABASE_PUBLISHABLE_KEYS as string)).toEqual({ default: stackConfig.publishableKey });
    expect(JSON.parse(data!.SUPABASE_SECRET_KEYS as string)).toEqual({ default: stackConfig.secretKey });
    // The stack's own environment stays out (hosted functions see neither HOME nor the stack's settings).
    const names = data!.names as string[];
    expect(names).not.toContain('HOME');
    expect(names).not.toContain('LOCAL_SUPABASE_TEST');
  });

  it('imports npm: packages and calls back into the stack through SUPABASE_URL', async () => {
    const { token, client } = await userClient();
    const { data, error } = await client.functions.invoke<{ data: Echo; error: string | null }>('call-back');
    expect(error).toBeNull();
    expect(data!.error).toBeNull();
    expect(JSON.parse(data!.data.body)).toEqual({ from: 'call-back' });
    expect(data!.data.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('streams a response as the function writes it', async () => {
    const res = await fetch(`${FN}/stream`, { headers: asAnon });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const arrivals: number[] = [];
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push(Date.now());
      text += new TextDecoder().decode(value);
    }
    expect(text.match(/^data: /gm)).toHaveLength(3);
    // Three events 150 ms apart arrive apart, not in one piece at the end.
    expect(arrivals.length).toBeGreaterThanOrEqual(3);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(200);
  });

  it('returns a text/event-stream answer to supabase-js as the Response itself', async () => {
    const { data, error } = await anonClient().functions.invoke<Response>('stream', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Response);
    expect(await data!.text()).toContain('data: 2');
  });
});

describe('function errors', () => {
  it('hands a non-2xx answer to supabase-js as FunctionsHttpError with the response untouched', async () => {
    const { data, error } = await anonClient().functions.invoke('status?status=418');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(418);
    expect(response.headers.get('x-fixture')).toBe('status');
    expect(response.headers.get('sb-error-code')).toBeNull();
    expect(await response.json()).toEqual({ error: 'teapot', status: 418 });
  });

  it('keeps repeated response headers such as Set-Cookie', async () => {
    const res = await fetch(`${FN}/status?status=201`, { headers: asAnon });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('answers a 5xx from the function as sent, tagged sb-error-code EDGE_FUNCTION_ERROR', async () => {
    const res = await fetch(`${FN}/status?status=502`, { headers: asAnon });
    expect(res.status).toBe(502);
    expect(res.headers.get('sb-error-code')).toBe('EDGE_FUNCTION_ERROR');
    expect(await res.json()).toEqual({ error: 'teapot', status: 502 });
  });

  it('answers a handler that throws with 500 Internal Server Error', async () => {
    const { error } = await anonClient().functions.invoke('throws');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(500);
    expect(response.headers.get('sb-error-code')).toBe('EDGE_FUNCTION_ERROR');
    expect(await response.text()).toBe('Internal Server Error');
    // The worker survives a thrown handler.
    const again = await fetch(`${FN}/throws`, { headers: asAnon });
    expect(again.status).toBe(500);
  });

  it('answers a worker that dies mid-request with 500 WORKER_ERROR and boots a new one next time', async () => {
    const res = await fetch(`${FN}/crash`, { headers: asAnon });
    expect(res.status).toBe(500);
    expect(res.headers.get('sb-error-code')).toBe('WORKER_ERROR');
    expect(await res.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const again = await fetch(`${FN}/crash`, { headers: asAnon });
    expect(again.status).toBe(500);
    expect(((await again.json()) as { code: string }).code).toBe('WORKER_ERROR');
    expect((await fetch(`${FN}/echo`, { headers: asAnon })).status).toBe(200);
  });

  it('answers a function that fails to boot with 503 BOOT_ERROR, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const { error } = await anonClient().functions.invoke('boot-error');
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get('sb-error-code')).toBe('BOOT_ERROR');
      expect(await response.json()).toEqual({
        code: 'BOOT_ERROR',
        message: 'Function failed to start (please check logs)',
      });
    }
  });

  it('answers a worker out of memory with 546 WORKER_RESOURCE_LIMIT', async () => {
    const res = await fetch(`${FN}/oom`, { headers: asAnon });
    expect(res.status).toBe(546);
    expect(await res.json()).toEqual({
      code: 'WORKER_RESOURCE_LIMIT',
      message: 'Function failed due to not having enough compute resources (please check logs)',
    });
  });

  it('answers an unknown function with 404 NOT_FOUND, before any JWT check', async () => {
    for (const path of ['no-such-function', 'no-such-function/sub', '', '_shared', '.hidden', 'config.toml']) {
      const res = await fetch(`${FN}/${path}`, { method: 'POST' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('sb-error-code')).toBe('NOT_FOUND');
      expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    const { error } = await anonClient().functions.invoke('no-such-function');
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(404);
  });
});
