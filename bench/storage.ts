// Storage figures for `npm run bench:stack`: upload and signed download of a 5 MB image over loopback.
// A report, not a test. Bounded: a fixed number of runs against the given stack, nothing else touched.
import { randomBytes } from 'node:crypto';
import { percentile } from './stats.ts';

export interface StorageBenchOptions {
  apiUrl: string;
  serviceKey: string;
  /** Runs of each measurement (default 10). */
  runs?: number;
  /** Payload size in bytes (default 5 MB). */
  bytes?: number;
}

export interface StorageBenchResult {
  uploadMBps: number;
  signedDownloadMBps: number;
  uploadMedianMs: number;
  signedDownloadMedianMs: number;
  runs: number;
  bytes: number;
}

const MB = 1_000_000;

export async function benchStorage(opts: StorageBenchOptions): Promise<StorageBenchResult> {
  const runs = opts.runs ?? 10;
  const bytes = opts.bytes ?? 5 * MB;
  const base = `${opts.apiUrl}/storage/v1`;
  const headers = { apikey: opts.serviceKey, authorization: `Bearer ${opts.serviceKey}` };
  const bucket = `bench-${Date.now().toString(36)}`;
  // Random bytes behind a PNG signature: the size of a photo, incompressible like one.
  const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);

  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  await call('/bucket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: bucket }) });
  const uploads: number[] = [];
  const downloads: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('', new Blob([image], { type: 'image/png' }), 'photo.png');
      const t0 = performance.now();
      await call(`/object/${bucket}/photo-${i}.png`, { method: 'POST', body: form });
      uploads.push(performance.now() - t0);
    }
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const sign = await call(`/object/sign/${bucket}/photo-${i}.png`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: 60 }),
      });
      const { signedURL } = (await sign.json()) as { signedURL: string };
      const res = await fetch(`${base}${signedURL}`);
      const got = (await res.arrayBuffer()).byteLength;
      if (got !== bytes) throw new Error(`signed download returned ${got} bytes, expected ${bytes}`);
      downloads.push(performance.now() - t0);
    }
  } finally {
    await call(`/bucket/${bucket}/empty`, { method: 'POST' }).catch(() => undefined);
    await call(`/bucket/${bucket}`, { method: 'DELETE' }).catch(() => undefined);
  }
  const up = percentile(uploads, 50);
  const down = percentile(downloads, 50);
  return {
    uploadMBps: bytes / MB / (up / 1000),
    signedDownloadMBps: bytes / MB / (down / 1000),
    uploadMedianMs: up,
    signedDownloadMedianMs: down,
    runs,
    bytes,
  };
}

/** The section `bench/stack.ts` prints. */
export async function benchSection(common: { apiUrl: string; serviceKey: string }): Promise<{ title: string; lines: string[] }> {
  const r = await benchStorage({ apiUrl: common.apiUrl, serviceKey: common.serviceKey });
  return {
    title: `Storage (${r.bytes / MB} MB image, ${r.runs} runs, loopback)`,
    lines: [
      `upload (multipart, service key): median ${r.uploadMedianMs.toFixed(0)} ms, ${r.uploadMBps.toFixed(1)} MB/s`,
      `signed download (sign + GET): median ${r.signedDownloadMedianMs.toFixed(0)} ms, ${r.signedDownloadMBps.toFixed(1)} MB/s`,
    ],
  };
}
