import type { WebSocket } from 'ws';
import { Channel, type ChannelDeps, type SocketSide } from './channel.ts';
import {
  decodeBinaryFrame,
  decodeFrame,
  encodeMessage,
  encodeReply,
  InvalidMessageError,
  type PhxMessage,
  type Vsn,
} from './phoenix.ts';

/**
 * One WebSocket, with Phoenix.Socket's routing as hosted Realtime runs it: heartbeats on `phoenix`,
 * `phx_join` on `realtime:*` (any other topic: "unmatched topic"), a second join on a joined topic closes the
 * first, `phx_leave` replies ok then closes, messages to topics not joined get "unmatched topic", and frames
 * that do not decode are logged and ignored (RealtimeWeb.Socket rescues them). Messages are handled one at a
 * time in arrival order, as the socket process does.
 */
export class PhoenixSocket implements SocketSide {
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private alive = true;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly tenantToken: string,
    readonly headers: Record<string, string>,
    private readonly deps: ChannelDeps,
  ) {
    ws.on('message', (data, isBinary) => {
      const buf = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data as ArrayBuffer);
      const frame = isBinary ? buf : buf.toString('utf8');
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((err: unknown) => {
          this.deps.log(`UnknownErrorOnWebSocketMessage: ${(err as Error).stack ?? err}`);
        });
    });
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  send(frame: string | Buffer): void {
    if (this.alive && this.ws.readyState === this.ws.OPEN) this.ws.send(frame, { binary: typeof frame !== 'string' });
  }

  closed(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /** Server shutdown: forget the channels and close the socket. */
  shutdown(): void {
    this.dispose();
    this.ws.close(1001, 'server shutting down');
  }

  private dispose(): void {
    this.alive = false;
    for (const ch of this.channels.values()) ch.close();
    this.channels.clear();
  }

  private async handle(frame: string | Buffer): Promise<void> {
    if (!this.alive) return;
    let msg: PhxMessage;
    try {
      if (typeof frame === 'string') msg = decodeFrame(frame, this.vsn);
      // Binary frames are V2Serializer's (user broadcast pushes); the V1 serializer has none.
      else if (this.vsn === '2.0.0') msg = decodeBinaryFrame(frame);
      else throw new InvalidMessageError('binary frames need vsn 2.0.0');
    } catch (err) {
      if (err instanceof InvalidMessageError) {
        this.deps.log(`MalformedWebSocketMessage: ${err.message}`);
        return;
      }
      throw err;
    }
    if (msg.topic === 'phoenix' && msg.event === 'heartbeat') {
      this.send(encodeReply(this.vsn, null, msg.ref, 'phoenix', 'ok', {}));
      return;
    }
    const existing = this.channels.get(msg.topic);
    if (msg.event === 'phx_join') {
      if (existing) {
        // Phoenix: duplicate join closes the existing channel first.
        existing.close();
        this.channels.delete(msg.topic);
        this.send(encodeMessage(this.vsn, existing.joinRef, existing.joinRef, existing.topic, 'phx_close', {}));
      }
      await this.join(msg);
      return;
    }
    if (!existing) {
      this.send(encodeReply(this.vsn, null, msg.ref, msg.topic, 'error', { reason: 'unmatched topic' }));
      return;
    }
    switch (msg.event) {
      case 'phx_leave':
        // A leave for an older join of this topic raced a server close: nothing to answer.
        if (msg.joinRef !== null && msg.joinRef !== existing.joinRef) return;
        existing.leave();
        this.channels.delete(msg.topic);
        this.send(encodeReply(this.vsn, existing.joinRef, msg.ref, msg.topic, 'ok', {}));
        this.send(encodeMessage(this.vsn, existing.joinRef, existing.joinRef, msg.topic, 'phx_close', {}));
        return;
      case 'access_token':
        await existing.refreshToken(msg.payload);
        return;
      case 'broadcast':
        await existing.handleBroadcast(msg.ref, msg.payload);
        return;
      case 'presence':
        await existing.handlePresence(msg.ref, msg.payload);
        return;
      default:
        // Anything else: hosted's catch-all handle_in ignores what it does not serve.
        return;
    }
  }

  private async join(msg: PhxMessage): Promise<void> {
    if (!msg.topic.startsWith('realtime:')) {
      this.send(encodeReply(this.vsn, null, msg.ref, msg.topic, 'error', { reason: 'unmatched topic' }));
      return;
    }
    const payload = msg.payload;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
      this.send(
        encodeReply(this.vsn, msg.joinRef, msg.ref, msg.topic, 'error', {
          reason: `UnknownErrorOnChannel: expected params to be a map, got: ${JSON.stringify(payload)}`,
        }),
      );
      return;
    }
    const channel = new Channel(msg.topic, msg.joinRef, payload as Record<string, unknown>, this, this.deps);
    const result = await channel.join();
    if (!this.alive) {
      channel.close();
      return;
    }
    if (!result.ok) {
      this.send(encodeReply(this.vsn, msg.joinRef, msg.ref, msg.topic, 'error', { reason: result.reason }));
      return;
    }
    this.channels.set(msg.topic, channel);
    this.send(encodeReply(this.vsn, msg.joinRef, msg.ref, msg.topic, 'ok', result.response));
    channel.syncPresence();
    // Hosted subscribes after replying (send(self(), :postgres_subscribe)); other messages go on meanwhile.
    void channel.subscribe().catch((err: unknown) => this.deps.log(`subscribe failed: ${(err as Error).message}`));
  }
}
