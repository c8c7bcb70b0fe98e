import http from 'node:http';
import https from 'node:https';

/** The version whose behaviour this stand-in follows; its worker sends it as the User-Agent. */
export const PG_NET_VERSION = '0.20.4';

/** A row taken from net.http_request_queue. */
export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

/** What goes into net._http_response for it (besides id and created). */
export interface RecordedResponse {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
}

/** curl follows at most this many redirects (CURLOPT_MAXREDIRS' default). */
const MAX_REDIRECTS = 30;

/** libcurl's messages (curl_easy_strerror, curl 8) for the failures a request can meet. */
const CURL_ERRORS = {
  unsupportedProtocol: 'Unsupported protocol',
  resolve: 'Could not resolve hostname',
  connect: 'Could not connect to server',
  nothing: 'Server returned nothing (no headers, no data)',
  recv: 'Failure when receiving data from the peer',
  send: 'Failed sending data to the peer',
  ssl: 'SSL connect error',
  peerCert: 'SSL peer certificate or SSH remote key was not OK',
  redirects: 'Number of redirects hit maximum amount',
} as const;

class RequestFailure extends Error {}
class Timeout extends Error {}

interface Timings {
  start: number;
  lookup: number;
  connect: number;
  secureConnect: number;
  pretransfer: number;
}

/**
 * Performs one queued request as pg_net's worker does with libcurl: its headers plus `User-Agent: pg_net/<version>`
 * and `Accept: *\/*`, the body as given, redirects followed, the whole exchange bounded by timeout_milliseconds.
 * Never throws: a failure becomes a row with error_msg (and timed_out when the time ran out), as pg_net records it.
 */
export async function performRequest(req: QueuedRequest, signal: AbortSignal): Promise<RecordedResponse> {
  const timings: Timings = { start: performance.now(), lookup: 0, connect: 0, secureConnect: 0, pretransfer: 0 };
  const failure = (error_msg: string, timed_out = false): RecordedResponse => ({
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out,
    error_msg,
  });
  const timeout = req.timeout_milliseconds;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Timeout()), timeout);
  const onStop = () => deadline.abort(new RequestFailure(CURL_ERRORS.recv));
  signal.addEventListener('abort', onStop);
  try {
    let method = req.method.toUpperCase();
    let url = new URL(req.url);
    let body = req.body;
    const headers: [string, string][] = [];
    if (req.headers) {
      for (const [name, value] of Object.entries(req.headers)) {
        headers.push([name, typeof value === 'string' ? value : JSON.stringify(value)]);
      }
      if (!headers.some(([n]) => n.toLowerCase() === 'user-agent')) {
        headers.push(['User-Agent', `pg_net/${PG_NET_VERSION}`]);
      }
    }
    for (let redirects = 0; ; redirects++) {
      const res = await exchange(method, url, headers, body, deadline.signal, timings);
      const location = res.headers.location;
      if (res.statusCode && [301, 302, 303, 307, 308].includes(res.statusCode) && location) {
        res.resume();
        if (redirects >= MAX_REDIRECTS) return failure(CURL_ERRORS.redirects);
        const next = new URL(location, url);
        // curl turns a redirected POST into a GET on 301, 302 and 303, and keeps it on 307 and 308.
        if ([301, 302, 303].includes(res.statusCode) && method !== 'GET') {
          method = res.statusCode === 303 || method === 'POST' ? 'GET' : method;
          if (method === 'GET') body = null;
        }
        // Credentials set as custom headers are not sent on to another host.
        if (next.host !== url.host) {
          for (let i = headers.length - 1; i >= 0; i--) {
            if (['authorization', 'cookie'].includes(headers[i]![0].toLowerCase())) headers.splice(i, 1);
          }
        }
        url = next;
        continue;
      }
      const chunks: Buffer[] = [];
      await new Promise<void>((resolve, reject) => {
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', resolve);
        res.on('error', reject);
        res.on('aborted', () => reject(new RequestFailure(CURL_ERRORS.recv)));
        deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason), { once: true });
      });
      const recordedHeaders: Record<string, string> = {};
      for (let i = 0; i < res.rawHeaders.length; i += 2) recordedHeaders[res.rawHeaders[i]!] = res.rawHeaders[i + 1]!;
      const content = Buffer.concat(chunks).toString('utf8');
      return {
        status_code: res.statusCode ?? null,
        content_type: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
        headers: recordedHeaders,
        content: content === '' ? null : content.replace(/\0[\s\S]*$/, ''),
        timed_out: false,
        error_msg: null,
      };
    }
  } catch (err) {
    if (err instanceof Timeout || deadline.signal.reason instanceof Timeout) {
      return failure(timeoutMessage(timeout, timings), true);
    }
    if (err instanceof RequestFailure) return failure(err.message);
    return failure(curlMessage(err));
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onStop);
  }
}

function exchange(
  method: string,
  url: URL,
  headers: [string, string][],
  body: Buffer | null,
  signal: AbortSignal,
  timings: Timings,
): Promise<http.IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new RequestFailure(CURL_ERRORS.unsupportedProtocol));
  }
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const outgoing: Record<string, string> = {};
    for (const [name, value] of headers) outgoing[name] = value;
    if (!Object.keys(outgoing).some((n) => n.toLowerCase() === 'accept')) outgoing.Accept = '*/*';
    const hasContentType = Object.keys(outgoing).some((n) => n.toLowerCase() === 'content-type');
    if (body !== null && !hasContentType) outgoing['Content-Type'] = 'application/x-www-form-urlencoded';
    if (body !== null || method === 'POST') outgoing['Content-Length'] = String(body?.length ?? 0);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method, headers: outgoing, agent: false });
    request.on('socket', (socket) => {
      socket.once('lookup', () => (timings.lookup ||= performance.now()));
      socket.once('connect', () => {
        timings.connect ||= performance.now();
        if (url.protocol === 'http:') timings.pretransfer ||= performance.now();
      });
      socket.once('secureConnect', () => {
        timings.secureConnect ||= performance.now();
        timings.pretransfer ||= performance.now();
      });
    });
    let gotResponse = false;
    request.on('response', (res) => {
      gotResponse = true;
      resolve(res);
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (signal.aborted) return reject(signal.reason);
      // The connection ended before any status line: curl's "nothing" once the request went out.
      if (!gotResponse && timings.pretransfer && (err.code === 'ECONNRESET' || err.message === 'socket hang up')) {
        return reject(new RequestFailure(CURL_ERRORS.nothing));
      }
      reject(err);
    });
    signal.addEventListener(
      'abort',
      () => {
        request.destroy();
        reject(signal.reason);
      },
      { once: true },
    );
    request.end(body ?? undefined);
  });
}

function curlMessage(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA'].includes(code)) return CURL_ERRORS.resolve;
  if (['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ECONNRESET'].includes(code)) {
    return CURL_ERRORS.connect;
  }
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT') {
    return CURL_ERRORS.peerCert;
  }
  if (code.startsWith('ERR_SSL')) return CURL_ERRORS.ssl;
  if (code === 'EPIPE') return CURL_ERRORS.send;
  if (err instanceof TypeError && code === 'ERR_INVALID_URL') return 'URL using bad/illegal format or missing URL';
  return CURL_ERRORS.recv;
}

/** pg_net's detailed timeout message: where the time went (DNS, TCP/TLS handshake, HTTP), in milliseconds. */
function timeoutMessage(timeout: number, t: Timings): string {
  const total = performance.now() - t.start;
  const since = (at: number) => (at ? at - t.start : 0);
  const connected = t.secureConnect || t.connect;
  let dns: number;
  let handshake: number;
  let httpTime: number;
  if (!t.lookup && !t.connect) {
    [dns, handshake, httpTime] = [total, 0, 0];
  } else if (!t.pretransfer) {
    [dns, handshake, httpTime] = [since(t.lookup), total - since(t.lookup), 0];
  } else {
    [dns, handshake, httpTime] = [since(t.lookup), since(connected) - since(t.lookup), total - since(t.pretransfer)];
  }
  const f = (n: number) => Math.max(0, n).toFixed(6);
  return (
    `Timeout of ${timeout} ms reached. Total time: ${f(total)} ms (DNS time: ${f(dns)} ms, ` +
    `TCP/SSL handshake time: ${f(handshake)} ms, HTTP Request/Response time: ${f(httpTime)} ms)`
  );
}
