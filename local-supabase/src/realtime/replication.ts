import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { LogicalReplicationService, PgoutputPlugin } from 'pg-logical-replication';
import { PgoutputDecoder, type PgoutputMessage } from './pgoutput.ts';

/**
 * The WAL stream behind postgres_changes: pgoutput (protocol 2) for the `supabase_realtime` publication on a
 * TEMPORARY slot created on the replication connection itself.
 *
 * Why temporary: hosted Realtime does the same (ReplicationPoller creates a temporary wal2json slot), so
 * changes made while Realtime is down are never replayed and clients refetch after re-joining; and a slot
 * that dies with its connection can never be left behind to hold WAL after Ctrl-C or a crash.
 */
export const PUBLICATION = 'supabase_realtime';
/** realtime.messages, for broadcast from the database (hosted streams it on a connection of its own). */
export const MESSAGES_PUBLICATION = 'supabase_realtime_messages_publication';

/** The package's pgoutput plugin, with our text-preserving decoder and a temporary slot made at start. */
class TemporarySlotPgoutput extends PgoutputPlugin {
  private readonly decoder = new PgoutputDecoder();

  constructor(
    private readonly publication: string,
    private readonly log: (msg: string) => void,
  ) {
    super({ protoVersion: 2, publicationNames: [publication] });
  }

  // @ts-expect-error our decoder returns its own message shapes (text values, unchanged-TOAST marker)
  override parse(buffer: Buffer): PgoutputMessage {
    try {
      return this.decoder.decode(buffer);
    } catch (err) {
      // Called from the connection's data handler: a throw here would take the whole stack down.
      this.log(`could not decode a WAL message: ${(err as Error).message}`);
      return { tag: 'other', code: '?' };
    }
  }

  override async start(client: pg.Client, slotName: string): Promise<unknown> {
    // A temporary slot belongs to the session that made it, so it is created here, on the streaming connection.
    await client.query(`CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL pgoutput (SNAPSHOT 'nothing')`);
    return client.query(
      `START_REPLICATION SLOT "${slotName}" LOGICAL 0/0 (proto_version '2', publication_names '${this.publication}')`,
    );
  }
}

export interface ReplicationStream {
  /** Resolves once the slot exists and changes flow; rejects if the first start fails. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startReplication(opts: {
  url: string;
  onMessage: (msg: PgoutputMessage) => Promise<void> | void;
  /** Called when the stream broke and restarts on a fresh slot (changes in between are lost, as on hosted). */
  onRestart: () => void;
  log: (msg: string) => void;
}): ReplicationStream {
  let stopped = false;
  let service: LogicalReplicationService | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let resolveReady!: () => void;
  let rejectReady!: (err: Error) => void;
  let firstStart = true;
  const ready = new Promise<void>((res, rej) => {
    resolveReady = res;
    rejectReady = rej;
  });
  ready.catch(() => undefined);

  const run = () => {
    if (stopped) return;
    const slot = `realtime_local_${process.pid}_${randomBytes(4).toString('hex')}`;
    const svc = new LogicalReplicationService(
      { connectionString: opts.url, application_name: 'realtime' },
      // Handlers run one at a time, in WAL order; the dispatcher keeps its own bounded pipeline.
      { acknowledge: { auto: true, timeoutSeconds: 10 }, flowControl: { enabled: true } },
    );
    service = svc;
    let restarting = false;
    const restart = (err: unknown) => {
      if (stopped || restarting || service !== svc) return;
      restarting = true;
      opts.log(`replication stream failed (${(err as Error)?.message ?? err}); restarting on a new slot`);
      if (firstStart) {
        firstStart = false;
        rejectReady(err instanceof Error ? err : new Error(String(err)));
      }
      void svc.stop().catch(() => undefined);
      retryTimer = setTimeout(() => {
        retryTimer = null;
        opts.onRestart();
        run();
      }, 1000);
    };
    svc.on('start', () => {
      if (firstStart) {
        firstStart = false;
        resolveReady();
      }
    });
    svc.on('data', async (_lsn: string, msg: PgoutputMessage) => {
      await opts.onMessage(msg);
    });
    svc.on('heartbeat', (lsn: string, _ts: number, shouldRespond: boolean) => {
      if (shouldRespond) void svc.acknowledge(lsn).catch(() => undefined);
    });
    svc.on('error', (err: Error) => restart(err));
    svc
      .subscribe(new TemporarySlotPgoutput(`${PUBLICATION},${MESSAGES_PUBLICATION}`, opts.log), slot)
      .then(() => {
        if (!stopped) restart(new Error('replication stream ended'));
      })
      .catch((err: unknown) => restart(err));
  };
  run();

  return {
    ready,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      // Ending the connection drops the temporary slot with it.
      await service?.destroy().catch(() => undefined);
    },
  };
}
