import type pg from 'pg';
import type { Log } from '../db.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

/**
 * Holds the current schema cache and reloads it on demand. DDL event triggers send one notification per
 * statement, so reloads are coalesced: a burst of notifications causes at most one reload after the one
 * in flight.
 */
export class SchemaCacheHolder {
  private current: SchemaCache | null = null;
  private inflight: Promise<SchemaCache> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: pg.Pool,
    private schemas: string[],
    private readonly log: Log,
  ) {}

  /** The exposed schemas changed (a config reload): the next reload reads these. */
  setSchemas(schemas: string[]): void {
    this.schemas = schemas;
  }

  peek(): SchemaCache | null {
    return this.current;
  }

  async get(): Promise<SchemaCache> {
    return this.current ?? this.fresh();
  }

  /** Whether a reload is scheduled or running (a request for an unknown name then waits for it). */
  reloading(): boolean {
    return this.inflight !== null || this.timer !== null;
  }

  /** The cache after any scheduled or running reload. */
  async fresh(): Promise<SchemaCache> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      return this.reload();
    }
    if (this.inflight) return this.inflight;
    return this.current ?? this.reload();
  }

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.reload().catch(() => undefined);
    }, 10);
  }

  reload(): Promise<SchemaCache> {
    if (this.inflight) {
      this.again = true;
      return this.inflight;
    }
    this.inflight = (async () => {
      try {
        for (;;) {
          this.again = false;
          try {
            this.current = await loadSchemaCache(this.db, this.schemas);
          } catch (err) {
            this.log(`schema cache reload failed: ${(err as Error).message}`);
            if (!this.current) throw err;
          }
          if (!this.again) return this.current!;
        }
      } finally {
        this.inflight = null;
      }
    })();
    return this.inflight;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
