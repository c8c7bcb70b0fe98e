import type pg from 'pg';
import type { Keys } from '../keys.ts';
import { bindingId } from './binding-id.ts';
import type { Dispatcher, Subscriber, Subscription } from './dispatcher.ts';
import { parseSubscriptionParams, type SubscriptionParams } from './filters.ts';
import { encodeMessage, type Ref, type Vsn } from './phoenix.ts';
import { validateBindings } from './subscribe.ts';
import { joinFailureReason, refreshFailureMessage, verifyChannelToken } from './tokens.ts';

/**
 * One joined `realtime:*` topic, with RealtimeWeb.RealtimeChannel's behaviour for postgres_changes:
 * join (token, bindings echoed with ids), then the `system` "Subscribed to PostgreSQL" push once the bindings
 * are registered; `access_token` refreshes; a token re-check timer (every 5 minutes or at expiry) that shuts
 * the channel down with a `system` error. Broadcast and presence are not implemented: like any message type
 * hosted does not expect, they are ignored.
 */
export interface ChannelDeps {
  keys: Keys;
  pool: pg.Pool;
  dispatcher: Dispatcher;
  log: (msg: string) => void;
}

export interface SocketSide {
  vsn: Vsn;
  /** The API key's JWT, used when the join carries no access_token (or an sb_ key). */
  tenantToken: string;
  send(frame: string): void;
  /** Called when the channel shuts itself down (after it pushed its phx_close). */
  closed(channel: Channel): void;
}

type Binding = { raw: Record<string, unknown>; id: number };

const CONFIRM_TOKEN_MS = 5 * 60 * 1000;

export class Channel implements Subscriber {
  readonly isNewApi: boolean;
  role = 'anon';
  claimsJson = '{}';
  private accessToken = '';
  private bindings: Binding[] = [];
  private open = false;
  private confirmTimer: NodeJS.Timeout | null = null;
  /** Bumped on every (re)subscription so a slow, superseded validation cannot register stale bindings. */
  private generation = 0;

  constructor(
    readonly topic: string,
    readonly joinRef: Ref,
    private readonly params: Record<string, unknown>,
    private readonly socket: SocketSide,
    private readonly deps: ChannelDeps,
  ) {
    this.isNewApi = 'config' in params;
  }

  get vsn(): Vsn {
    return this.socket.vsn;
  }

  get subTopic(): string {
    return this.topic.slice('realtime:'.length);
  }

  isOpen(): boolean {
    return this.open;
  }

  send(frame: string): void {
    this.socket.send(frame);
  }

  /** Returns the join reply's response, or the error reason. */
  async join(): Promise<{ ok: true; response: unknown } | { ok: false; reason: string }> {
    if (this.subTopic === '') return { ok: false, reason: 'TopicNameRequired: You must provide a topic name' };
    const p = this.params;
    const given =
      typeof p.access_token === 'string' ? p.access_token : typeof p.user_token === 'string' ? p.user_token : null;
    this.accessToken = given === null || given.startsWith('sb_') ? this.socket.tenantToken : given;
    const verified = await verifyChannelToken(this.deps.keys, this.accessToken, this.deps.keys.kid);
    if (!verified.ok) return { ok: false, reason: joinFailureReason(verified.failure) };
    const config = p.config && typeof p.config === 'object' ? (p.config as Record<string, unknown>) : null;
    if (config?.private === true || config?.private === 'true') {
      // Private channels are authorized by RLS on realtime.messages, which this stack does not have: hosted
      // answers this when no policy lets the user read the topic.
      return {
        ok: false,
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${this.subTopic}`,
      };
    }
    this.setClaims(verified.claims);

    let raw: unknown[];
    if (this.isNewApi) {
      const list = config?.postgres_changes;
      raw = Array.isArray(list) ? list.filter((x) => x !== null && x !== undefined) : [];
    } else {
      const parts = this.subTopic.split(':');
      const [schema, table, ...rest] = parts;
      const legacy: Record<string, unknown> = { schema };
      if (table !== undefined) legacy.table = table;
      if (rest.length > 0) legacy.filter = rest.join(':');
      raw = [legacy];
    }
    if (raw.some((b) => typeof b !== 'object' || Array.isArray(b))) {
      return {
        ok: false,
        reason: `UnknownErrorOnChannel: expected a map for each postgres_changes binding, got: ${JSON.stringify(raw)}`,
      };
    }
    this.bindings = (raw as Record<string, unknown>[]).map((r) => ({ raw: r, id: bindingId(r) }));
    this.open = true;
    this.scheduleConfirm(verified.claims.exp);
    return {
      ok: true,
      // Hosted's map has the atom key `id` first, then the client's keys in order.
      response: { postgres_changes: this.bindings.map((b) => ({ id: b.id, ...sortedKeys(b.raw) })) },
    };
  }

  /** After the join reply: register the bindings and push the `system` result (hosted's :postgres_subscribe). */
  async subscribe(): Promise<void> {
    if (this.bindings.length === 0 || !this.open) return;
    const generation = ++this.generation;
    const parsed: SubscriptionParams[] = [];
    for (const b of this.bindings) {
      const r = parseSubscriptionParams(b.raw);
      if (!r.ok) {
        this.pushSystem('postgres_changes', 'error', r.error);
        return;
      }
      parsed.push(r.params);
    }
    let result;
    try {
      result = await validateBindings(this.deps.pool, parsed, this.role);
    } catch (err) {
      this.deps.log(`subscription check failed: ${(err as Error).message}`);
      if (this.open && generation === this.generation)
        this.pushSystem('postgres_changes', 'error', 'Too many database timeouts');
      return;
    }
    if (!this.open || generation !== this.generation) return;
    if (!result.ok) {
      this.pushSystem('postgres_changes', 'error', result.message);
      return;
    }
    const subs: Subscription[] = this.bindings.map((b, i) => ({
      subscriber: this,
      bindingId: b.id,
      entities: new Set(result.entities[i]),
      params: parsed[i]!,
    }));
    this.deps.dispatcher.set(this, subs);
    this.pushSystem('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  /** `access_token` from the client (realtime-js setAuth). */
  async refreshToken(payload: unknown): Promise<void> {
    const token =
      payload && typeof payload === 'object' ? (payload as Record<string, unknown>).access_token : undefined;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === this.accessToken) return;
    this.accessToken = token;
    const verified = await verifyChannelToken(this.deps.keys, token, this.deps.keys.kid);
    if (!this.open) return;
    if (!verified.ok) {
      this.shutdown(refreshFailureMessage(verified.failure));
      return;
    }
    this.setClaims(verified.claims);
    this.scheduleConfirm(verified.claims.exp);
    await this.subscribe();
  }

  leave(): void {
    this.close();
  }

  /** Socket gone or replaced: forget everything, say nothing. */
  close(): void {
    this.open = false;
    this.generation++;
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
    this.deps.dispatcher.remove(this);
  }

  private setClaims(claims: Record<string, unknown>): void {
    this.role = String(claims.role);
    this.claimsJson = JSON.stringify(claims);
  }

  private scheduleConfirm(exp: number): void {
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    const untilExpiry = Math.max(0, exp * 1000 - Date.now());
    this.confirmTimer = setTimeout(() => void this.confirmToken(), Math.min(CONFIRM_TOKEN_MS, untilExpiry));
    this.confirmTimer.unref();
  }

  private async confirmToken(): Promise<void> {
    if (!this.open) return;
    const verified = await verifyChannelToken(this.deps.keys, this.accessToken, this.deps.keys.kid);
    if (!this.open) return;
    if (!verified.ok) {
      this.shutdown(refreshFailureMessage(verified.failure));
      return;
    }
    this.setClaims(verified.claims);
    this.scheduleConfirm(verified.claims.exp);
  }

  /** hosted's shutdown_response: a `system` error, then the channel stops (phx_close). */
  private shutdown(message: string): void {
    this.pushSystem('system', 'error', message);
    this.socket.send(encodeMessage(this.vsn, this.joinRef, this.joinRef, this.topic, 'phx_close', {}));
    this.close();
    this.socket.closed(this);
  }

  private pushSystem(extension: string, status: 'ok' | 'error', message: string): void {
    if (!this.open) return;
    // Jason writes the atom-keyed map sorted: channel, extension, message, status.
    this.socket.send(
      encodeMessage(this.vsn, this.joinRef, null, this.topic, 'system', {
        channel: this.subTopic,
        extension,
        message,
        status,
      }),
    );
  }
}

function sortedKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}
