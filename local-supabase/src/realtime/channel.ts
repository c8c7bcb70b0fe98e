import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Keys } from '../keys.ts';
import {
  AuthorizationError,
  emptyPolicies,
  readAuthorizations,
  writeAuthorizations,
  type AuthorizationContext,
  type Extension,
  type Policies,
} from './authorization.ts';
import { bindingId } from './binding-id.ts';
import { jasonOrder, type BroadcastMessage, type Broker, type Member } from './broker.ts';
import type { Dispatcher, Subscriber, Subscription } from './dispatcher.ts';
import { parseSubscriptionParams, type SubscriptionParams } from './filters.ts';
import { encodeMessage, encodeReply, type Ref, type UserBroadcastPush, type Vsn } from './phoenix.ts';
import { validateBindings } from './subscribe.ts';
import { joinFailureReason, refreshFailureMessage, verifyChannelToken } from './tokens.ts';

/**
 * One joined `realtime:*` topic, with RealtimeWeb.RealtimeChannel's behaviour:
 * - join: token; for `config.private` the select policy on realtime.messages (authorization.ts), refused
 *   unless 'broadcast' or 'presence' may be read; postgres_changes bindings echoed with ids, then the `system`
 *   "Subscribed to PostgreSQL" push once they are registered; `presence_state` when presence is on;
 * - `broadcast` (BroadcastHandler): private channels need the insert policy for 'broadcast' (checked once, at
 *   the first send); `broadcast.self` and `broadcast.ack` as configured at join;
 * - `presence` (PresenceHandler): track / untrack, the insert policy for 'presence' on private channels;
 * - `access_token` refreshes (policies re-evaluated; a revoked read closes the channel); a token re-check timer
 *   (every 5 minutes or at expiry) that shuts the channel down with a `system` error.
 */
export interface ChannelDeps {
  keys: Keys;
  pool: pg.Pool;
  dispatcher: Dispatcher;
  broker: Broker;
  log: (msg: string) => void;
}

export interface SocketSide {
  vsn: Vsn;
  /** The API key's JWT, used when the join carries no access_token (or an sb_ key). */
  tenantToken: string;
  /** The socket's x-* request headers, for `request.headers` in authorization checks. */
  headers: Record<string, string>;
  send(frame: string | Buffer): void;
  /** Called when the channel shuts itself down (after it pushed its phx_close). */
  closed(channel: Channel): void;
}

type Binding = { raw: Record<string, unknown>; id: number };

const CONFIRM_TOKEN_MS = 5 * 60 * 1000;
/** Realtime's defaults (config/runtime.exs CLIENT_PRESENCE_MAX_CALLS, CLIENT_PRESENCE_WINDOW_MS). */
const CLIENT_PRESENCE_MAX_CALLS = 5;
const CLIENT_PRESENCE_WINDOW_MS = 30_000;

/** Hosted's FlexibleBoolean: true, false, "true", "false". */
function flag(v: unknown): boolean {
  return v === true || v === 'true';
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Map equality of decoded JSON (hosted compares the new track payload with the last one). */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(jasonOrder(a)) === JSON.stringify(jasonOrder(b));
}

export class Channel implements Subscriber, Member {
  readonly isNewApi: boolean;
  role = 'anon';
  claimsJson = '{}';
  readonly isPrivate: boolean;
  private readonly selfBroadcast: boolean;
  private readonly ackBroadcast: boolean;
  private presenceEnabled: boolean;
  private readonly presenceKey: string;
  private policies: Policies | null = null;
  private claims: Record<string, unknown> = {};
  private trackPayload: Record<string, unknown> | null = null;
  /** Hosted's client presence limit (CLIENT_PRESENCE_MAX_CALLS per CLIENT_PRESENCE_WINDOW_MS, per channel). */
  private presenceWindow = { calls: 0, resetAt: 0 };
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
    const config = isMap(params.config) ? params.config : {};
    const broadcast = isMap(config.broadcast) ? config.broadcast : {};
    const presence = isMap(config.presence) ? config.presence : {};
    this.isPrivate = flag(config.private);
    this.selfBroadcast = flag(broadcast.self);
    this.ackBroadcast = flag(broadcast.ack);
    this.presenceEnabled = flag(presence.enabled);
    // Join.presence_key: a missing or empty key is a fresh UUID per channel.
    const key = presence.key;
    this.presenceKey = key === undefined || key === null || key === '' ? randomUUID() : String(key);
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

  send(frame: string | Buffer): void {
    this.socket.send(frame);
  }

  canReadBroadcast(): boolean {
    return this.policies === null || this.policies.broadcast.read === true;
  }

  canReadPresence(): boolean {
    return this.policies === null || this.policies.presence.read === true;
  }

  private authorizationContext(): AuthorizationContext {
    return {
      topic: this.subTopic,
      role: this.role,
      claims: this.claims,
      sub: typeof this.claims.sub === 'string' ? this.claims.sub : null,
      headers: this.socket.headers,
    };
  }

  /** maybe_assign_policies: the read check for private channels; the refusal reason, or null when allowed. */
  private async assignPolicies(): Promise<string | null> {
    if (!this.isPrivate) {
      this.policies = null;
      return null;
    }
    const extensions: Extension[] = this.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast'];
    const refusal = `You do not have permissions to read from this Channel topic: ${this.subTopic}`;
    try {
      this.policies = await readAuthorizations(
        this.deps.pool,
        this.authorizationContext(),
        emptyPolicies(),
        extensions,
      );
    } catch (err) {
      if (!(err instanceof AuthorizationError)) throw err;
      this.deps.log(`RlsPolicyError: ${err.message}`);
      return refusal;
    }
    return this.policies.broadcast.read || this.policies.presence.read ? null : refusal;
  }

  /** Returns the join reply's response, or the error reason. */
  async join(): Promise<{ ok: true; response: unknown } | { ok: false; reason: string }> {
    if (this.subTopic === '') return { ok: false, reason: 'TopicNameRequired: You must provide a topic name' };
    const p = this.params;
    const given =
      typeof p.access_token === 'string' ? p.access_token : typeof p.user_token === 'string' ? p.user_token : null;
    this.accessToken = given === null || given.startsWith('sb_') ? this.socket.tenantToken : given;
    const verified = await verifyChannelToken(this.deps.keys, this.accessToken);
    if (!verified.ok) return { ok: false, reason: joinFailureReason(verified.failure) };
    const config = p.config && typeof p.config === 'object' ? (p.config as Record<string, unknown>) : null;
    this.setClaims(verified.claims);
    let refusal: string | null;
    try {
      refusal = await this.assignPolicies();
    } catch (err) {
      this.deps.log(`UnableToSetPolicies: ${(err as Error).message}`);
      return { ok: false, reason: 'Realtime was unable to connect to the project database' };
    }
    if (refusal !== null) return { ok: false, reason: `Unauthorized: ${refusal}` };

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
    this.deps.broker.join(this);
    this.scheduleConfirm(verified.claims.exp);
    return {
      ok: true,
      // Hosted's map has the atom key `id` first, then the client's keys in order.
      response: { postgres_changes: this.bindings.map((b) => ({ id: b.id, ...sortedKeys(b.raw) })) },
    };
  }

  /** After the join reply (hosted's :sync_presence): the presence state, when presence is on and readable. */
  syncPresence(): void {
    if (!this.open || !this.presenceEnabled) return;
    if (this.isPrivate && this.policies?.presence.read !== true) return;
    this.send(
      encodeMessage(
        this.vsn,
        this.joinRef,
        null,
        this.topic,
        'presence_state',
        this.deps.broker.state(this.subTopic, this.isPrivate),
      ),
    );
  }

  /** handle_in("broadcast"): JSON pushes carry `{type, event, payload}`, binary ones a UserBroadcastPush. */
  async handleBroadcast(ref: Ref, payload: unknown): Promise<void> {
    if (this.isPrivate) {
      if (this.policies!.broadcast.write === null) {
        try {
          this.policies = await writeAuthorizations(this.deps.pool, this.authorizationContext(), this.policies!);
        } catch (err) {
          if (!(err instanceof AuthorizationError)) throw err;
          this.deps.log(`RlsPolicyError: ${err.message}`);
          return;
        }
      }
      // Not allowed to send: hosted drops it without a reply (an `ack` sender sees a timeout).
      if (!this.open || this.policies!.broadcast.write !== true) return;
    }
    let msg: BroadcastMessage | null = null;
    if (isUserPush(payload)) {
      msg = { kind: 'user', event: payload.event, encoding: payload.encoding, data: payload.data, metadata: null };
    } else if (isMap(payload)) {
      msg = { kind: 'json', payload: jasonOrder(payload) as Record<string, unknown> };
    }
    if (msg) this.deps.broker.broadcast(this.subTopic, this.isPrivate, msg, this.selfBroadcast ? null : this);
    if (this.ackBroadcast) this.send(encodeReply(this.vsn, this.joinRef, ref, this.topic, 'ok', {}));
  }

  /** handle_in("presence"): `{type: 'presence', event: 'track' | 'untrack', payload}`. */
  async handlePresence(ref: Ref, payload: unknown): Promise<void> {
    const reply = (status: 'ok' | 'error', response: unknown = {}) =>
      this.send(encodeReply(this.vsn, this.joinRef, ref, this.topic, status, response));
    if (!isMap(payload) || typeof payload.event !== 'string') return reply('ok');
    const event = payload.event.toLowerCase();
    // PresenceHandler.limit_client_presence_event: every presence message counts, even one that changes nothing.
    const now = performance.now();
    if (this.presenceWindow.calls === 0 || now > this.presenceWindow.resetAt) {
      this.presenceWindow = { calls: 1, resetAt: now + CLIENT_PRESENCE_WINDOW_MS };
    } else if (this.presenceWindow.calls >= CLIENT_PRESENCE_MAX_CALLS) {
      this.deps.log('ClientPresenceRateLimitReached: client_rate_limit_exceeded');
      this.shutdown('Client presence rate limit exceeded');
      return;
    } else this.presenceWindow.calls++;
    if (event === 'track') {
      if (this.isPrivate && this.policies!.presence.write === null) {
        try {
          // Presence turned on by this track: its read is evaluated now if the join did not (presence was off).
          if (this.policies!.presence.read === null) {
            this.policies = await readAuthorizations(this.deps.pool, this.authorizationContext(), this.policies!, [
              'broadcast',
              'presence',
            ]);
          }
          this.policies = await writeAuthorizations(this.deps.pool, this.authorizationContext(), this.policies!);
        } catch (err) {
          if (!(err instanceof AuthorizationError)) throw err;
          this.deps.log(`RlsPolicyError: ${err.message}`);
          return reply('error');
        }
      }
      if (!this.open) return;
      if (this.isPrivate && this.policies!.presence.write !== true) return reply('error');
      const meta = payload.payload === undefined ? {} : payload.payload;
      if (!isMap(meta)) return reply('error', { reason: 'Presence track payload must be a map' });
      if (this.trackPayload === null || !sameJson(meta, this.trackPayload)) {
        reply('ok');
        this.presenceEnabled = true;
        this.trackPayload = meta;
        this.deps.broker.track(this, this.presenceKey, meta);
        return;
      }
      return reply('ok');
    }
    if (event === 'untrack') {
      reply('ok');
      this.trackPayload = null;
      this.deps.broker.untrack(this);
      return;
    }
    this.deps.log(`UnknownPresenceEvent: ${event}`);
    return reply('error');
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
    const verified = await verifyChannelToken(this.deps.keys, token);
    if (!this.open) return;
    if (!verified.ok) {
      this.shutdown(refreshFailureMessage(verified.failure));
      return;
    }
    this.setClaims(verified.claims);
    if (this.isPrivate) {
      const before = this.policies;
      let refusal: string | null;
      try {
        refusal = await this.assignPolicies();
      } catch (err) {
        this.deps.log(`UnableToSetPolicies: ${(err as Error).message}`);
        refusal = 'Realtime was unable to connect to the project database';
      }
      if (!this.open) return;
      const revoked =
        (before?.broadcast.read === true && this.policies?.broadcast.read === false) ||
        (before?.presence.read === true && this.policies?.presence.read === false);
      if (revoked || refusal !== null) {
        this.shutdown(
          revoked ? `You no longer have permission to read from this Channel topic: ${this.subTopic}` : refusal!,
        );
        return;
      }
    }
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
    this.deps.broker.leave(this);
  }

  private setClaims(claims: Record<string, unknown>): void {
    this.claims = claims;
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
    const verified = await verifyChannelToken(this.deps.keys, this.accessToken);
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

function isUserPush(v: unknown): v is UserBroadcastPush {
  return v !== null && typeof v === 'object' && (v as { kind?: unknown }).kind === 'user-broadcast-push';
}
