import type { ResolvedFunction } from './registry.ts';
import type { FunctionWorker } from './worker.ts';

export interface Lease {
  worker: FunctionWorker;
  port: number;
  /** Call once the exchange is over (response sent or failed). */
  release(): void;
}

/**
 * At most one live worker per function, booted lazily by the first request and reused after that.
 * Under hosted's `per_worker` policy a worker stops taking requests at half its wall-clock limit and is
 * ended at the limit; requests still running then fail with 546 WORKER_RESOURCE_LIMIT.
 * A file change retires the function's worker: the next request boots the edited code.
 */
export class WorkerPool {
  private readonly workers = new Map<string, FunctionWorker>();
  /** Every process still running, retired ones draining included (stopped at shutdown). */
  private readonly running = new Set<FunctionWorker>();

  constructor(
    private readonly spawnWorker: (fn: ResolvedFunction) => FunctionWorker,
    private readonly wallClockMs: number,
  ) {}

  /** A worker ready for `fn`, counted busy before it is returned. Rejects with BootError. */
  async acquire(fn: ResolvedFunction): Promise<Lease> {
    let worker = this.workers.get(fn.dir);
    if (!worker?.alive) {
      worker = this.spawnWorker(fn);
      this.track(fn.dir, worker);
    }
    const release = worker.begin();
    try {
      const port = await worker.ready;
      return { worker, port, release };
    } catch (err) {
      release();
      if (this.workers.get(fn.dir) === worker) this.workers.delete(fn.dir);
      throw err;
    }
  }

  /** Retires the workers whose function folder is `dir`, or under `rootDir` when given a root. */
  retire(match: (dir: string) => boolean): void {
    for (const [dir, worker] of this.workers) {
      if (!match(dir)) continue;
      this.workers.delete(dir);
      worker.retire();
    }
  }

  async stopAll(): Promise<void> {
    const all = [...this.running];
    this.workers.clear();
    await Promise.all(all.map((w) => w.stop('shutdown')));
  }

  private track(dir: string, worker: FunctionWorker): void {
    this.workers.set(dir, worker);
    this.running.add(worker);
    const retireAt = setTimeout(() => {
      if (this.workers.get(dir) === worker) this.workers.delete(dir);
      worker.retire();
    }, this.wallClockMs / 2);
    const endAt = setTimeout(() => void worker.stop('wall-clock'), this.wallClockMs);
    retireAt.unref();
    endAt.unref();
    void worker.exited.then(() => {
      clearTimeout(retireAt);
      clearTimeout(endAt);
      this.running.delete(worker);
      if (this.workers.get(dir) === worker) this.workers.delete(dir);
    });
  }
}
