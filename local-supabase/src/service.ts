import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { StackConfig } from './config.ts';
import type { Database, Log } from './db.ts';
import type { Keys } from './keys.ts';
import type { Mailer } from './mailer.ts';

/** What every service gets from the stack. */
export interface ServiceContext {
  config: StackConfig;
  db: Database;
  keys: Keys;
  mailer: Mailer;
  /** Logs a line prefixed with the service name. */
  log: Log;
}

/**
 * A request after the gateway: the API key was checked (where hosted checks it), Authorization was set
 * per key kind as hosted's gateway sets it (src/api-keys.ts `downstreamAuthorization`; Functions' is
 * untouched), and the prefix was stripped. `path` starts with '/'; `url.searchParams` holds the query.
 */
export interface GatewayRequest extends IncomingMessage {
  path: string;
  gatewayUrl: URL;
  /** The role of the apikey sent, when it was one of ours. */
  apiKeyRole: 'anon' | 'service_role' | null;
}

export interface Service {
  /** e.g. 'rest'; the gateway mounts it at `/${name}/v1`. */
  name: 'rest' | 'auth' | 'storage' | 'realtime' | 'functions';
  handle(req: GatewayRequest, res: ServerResponse): Promise<void>;
  /** WebSocket upgrades under the service's prefix (realtime). */
  upgrade?(req: GatewayRequest, socket: Duplex, head: Buffer): void;
  stop?(): Promise<void>;
}

export type ServiceFactory = (ctx: ServiceContext) => Promise<Service>;
