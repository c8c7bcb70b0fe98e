import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StackConfig } from '../config.ts';
import { ERRORS } from './errors.ts';

/**
 * Object bytes on disk, addressed by the object's `version` (a fresh UUID per write), never by its name, so
 * no object name can reach the file system.
 *
 * Crash safety: bytes go to `tmp/` first, are fsynced and renamed into `objects/` before the database row that
 * names that version commits. A crash therefore leaves at most a file no row points to (swept at start-up by
 * `sweep`), never a row pointing to a half-written file. Replaced versions are deleted after the commit.
 */
export interface WrittenBlob {
  version: string;
  size: number;
  /** Quoted MD5, the ETag S3-backed hosted storage reports for single-part uploads. */
  eTag: string;
  lastModified: Date;
}

const VERSION_RE = /^[A-Za-z0-9-]{8,64}$/;

/** Where the stack keeps object bytes: `<dataDir>/storage`, wiped with the database by db:reset. */
export function storageDir(config: StackConfig): string {
  return path.join(config.dataDir, 'storage');
}

/**
 * The file holding one object version's bytes (storage.objects.version), or null for a version that cannot be
 * the stack's. For tests that check bytes really leave the disk when an object is deleted.
 */
export function storedObjectPath(config: StackConfig, version: string | null | undefined): string | null {
  return new BlobStore(storageDir(config)).pathOf(version);
}

export class BlobStore {
  private readonly objectsDir: string;
  private readonly tmpDir: string;

  constructor(readonly root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.tmpDir = path.join(root, 'tmp');
  }

  async init(): Promise<void> {
    await fs.mkdir(this.objectsDir, { recursive: true });
    await fs.mkdir(this.tmpDir, { recursive: true });
  }

  /** Null for a version that cannot be ours (rows written by hand may carry anything). */
  pathOf(version: string | null | undefined): string | null {
    if (!version || !VERSION_RE.test(version)) return null;
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  /**
   * Streams `body` to a new durable version. More than `limit` bytes fails with EntityTooLarge and leaves
   * nothing behind.
   */
  async write(body: Readable, limit: number): Promise<WrittenBlob> {
    const version = randomUUID();
    const tmp = path.join(this.tmpDir, `${version}.part`);
    const hash = createHash('md5');
    let size = 0;
    const out = createWriteStream(tmp, { flags: 'wx' });
    try {
      await new Promise<void>((resolve, reject) => {
        let failed = false;
        const fail = (e: unknown) => {
          if (failed) return;
          failed = true;
          body.unpipe(out);
          out.destroy();
          reject(e);
        };
        body.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            fail(ERRORS.EntityTooLarge());
            body.resume();
            return;
          }
          hash.update(chunk);
        });
        body.on('error', fail);
        body.on('aborted', () => fail(ERRORS.NoContentProvided('Request stream closed before upload could complete')));
        out.on('error', fail);
        out.on('finish', () => (failed ? undefined : resolve()));
        body.pipe(out);
      });
      await fsyncFile(tmp);
      const final = this.pathOf(version)!;
      await fs.mkdir(path.dirname(final), { recursive: true });
      await fs.rename(tmp, final);
      await fsyncDir(path.dirname(final));
      const st = await fs.stat(final);
      return { version, size, eTag: `"${hash.digest('hex')}"`, lastModified: st.mtime };
    } catch (e) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      throw e;
    }
  }

  /** A new version with the same bytes (copy/move); a hard link when the file system allows it. */
  async duplicate(version: string): Promise<WrittenBlob | null> {
    const src = this.pathOf(version);
    if (!src) return null;
    const next = randomUUID();
    const dest = this.pathOf(next)!;
    await fs.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fs.link(src, dest);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      await fs.copyFile(src, dest);
      await fsyncFile(dest);
    }
    await fsyncDir(path.dirname(dest));
    const st = await fs.stat(dest);
    return { version: next, size: st.size, eTag: '', lastModified: st.mtime };
  }

  async size(version: string | null | undefined): Promise<number | null> {
    const p = this.pathOf(version);
    if (!p) return null;
    try {
      return (await fs.stat(p)).size;
    } catch {
      return null;
    }
  }

  read(version: string, range?: { start: number; end: number }): ReadStream {
    // 1 MiB reads: a 5 MB photo in a handful of chunks instead of ~80.
    return createReadStream(this.pathOf(version)!, { ...range, highWaterMark: 1024 * 1024 });
  }

  async remove(versions: (string | null | undefined)[]): Promise<void> {
    await Promise.all(
      versions.map(async (v) => {
        const p = this.pathOf(v);
        if (p) await fs.rm(p, { force: true }).catch(() => undefined);
      }),
    );
  }

  /** Start-up: drops half-written uploads and files no row refers to (left by a crash between steps). */
  async sweep(referenced: Set<string>): Promise<number> {
    await fs.rm(this.tmpDir, { recursive: true, force: true });
    await fs.mkdir(this.tmpDir, { recursive: true });
    let removed = 0;
    for (const shard of await fs.readdir(this.objectsDir).catch(() => [] as string[])) {
      const dir = path.join(this.objectsDir, shard);
      for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        if (referenced.has(name)) continue;
        await fs.rm(path.join(dir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }
}

async function fsyncFile(file: string): Promise<void> {
  const fh = await fs.open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function fsyncDir(dir: string): Promise<void> {
  try {
    const fh = await fs.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* some file systems refuse fsync on directories; the rename is still atomic */
  }
}
