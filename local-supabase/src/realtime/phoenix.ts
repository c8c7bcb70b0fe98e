/**
 * Phoenix channel frames as hosted Realtime reads and writes them.
 * - vsn 2.0.0 (realtime-js' default): JSON arrays `[join_ref, ref, topic, event, payload]`
 *   (RealtimeWeb.Socket.V2Serializer; binary frames carry user broadcast only).
 * - vsn 1.0.0: JSON objects; replies and pushes carry `topic, event, payload, ref` only
 *   (Phoenix.Socket.V1.JSONSerializer).
 * Key order follows what Jason writes for the Elixir maps (atom keys sorted), so frames match byte for byte
 * where it is cheap to do so.
 */
export type Vsn = '1.0.0' | '2.0.0';

/** Refs are echoed as the client sent them (realtime-js sends strings). */
export type Ref = string | number | null;

export interface PhxMessage {
  joinRef: Ref;
  ref: Ref;
  topic: string;
  event: string;
  payload: unknown;
}

export class InvalidMessageError extends Error {}

/**
 * A binary "user broadcast push" (V2Serializer kind 3): realtime-js ≥ 2.1x sends every `broadcast` with a
 * string event this way. It stands for the JSON push `{type: 'broadcast', event, payload}`.
 */
export interface UserBroadcastPush {
  kind: 'user-broadcast-push';
  event: string;
  encoding: 'json' | 'binary';
  data: Buffer;
}

/** Decodes a binary frame as V2Serializer.decode_binary does; only user broadcast pushes are served here. */
export function decodeBinaryFrame(buf: Buffer): PhxMessage {
  if (buf.length < 7 || buf[0] !== 3) throw new InvalidMessageError('unsupported binary frame');
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    buf[1]!,
    buf[2]!,
    buf[3]!,
    buf[4]!,
    buf[5]!,
    buf[6]!,
  ];
  let o = 7;
  const take = (n: number) => {
    if (o + n > buf.length) throw new InvalidMessageError('binary frame shorter than its header says');
    const part = buf.subarray(o, o + n);
    o += n;
    return part;
  };
  const joinRef = take(joinRefLen).toString('utf8');
  const ref = take(refLen).toString('utf8');
  const topic = take(topicLen).toString('utf8');
  const event = take(eventLen).toString('utf8');
  const meta = take(metaLen).toString('utf8');
  if (metaLen > 0) {
    try {
      JSON.parse(meta);
    } catch (err) {
      throw new InvalidMessageError(`metadata: ${(err as Error).message}`);
    }
  }
  const payload: UserBroadcastPush = {
    kind: 'user-broadcast-push',
    event,
    encoding: encoding === 0 ? 'binary' : 'json',
    data: Buffer.from(buf.subarray(o)),
  };
  return { joinRef, ref, topic, event: 'broadcast', payload };
}

/** `vsn` query parameter → serializer; Phoenix defaults to 1.0.0 and refuses versions it has no serializer for. */
export function parseVsn(raw: string | null): Vsn | null {
  if (raw === null || raw === '') return '1.0.0';
  if (/^1\.0\.\d+$/.test(raw)) return '1.0.0';
  if (/^2\.0\.\d+$/.test(raw)) return '2.0.0';
  return null;
}

function refOf(v: unknown): Ref {
  return typeof v === 'string' || typeof v === 'number' ? v : null;
}

/**
 * The deepest nesting a frame may have. Realtime sets no depth of its own, but a socket's process is killed past
 * 50 MB of heap (WEBSOCKET_MAX_HEAP_SIZE), which only that socket feels. Here every socket shares one thread, and
 * JSON.parse spends seconds on megabytes of `[[[[…`, so a deeper frame is refused before parsing, as malformed.
 * Phoenix messages and their payloads nest a few levels.
 */
export const MAX_FRAME_DEPTH = 1000;

/** Whether JSON text nests arrays and objects deeper than `limit` (strings skipped); one pass, stops early. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

export function decodeFrame(text: string, vsn: Vsn): PhxMessage {
  if (nestsDeeperThan(text, MAX_FRAME_DEPTH))
    throw new InvalidMessageError(`frame nested deeper than ${MAX_FRAME_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new InvalidMessageError((err as Error).message);
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length < 5) {
      throw new InvalidMessageError(`expected V2 array, got: ${text.slice(0, 200)}`);
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new InvalidMessageError('topic and event must be strings');
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidMessageError(`V1 JSON Serializer expected a map, got ${text.slice(0, 200)}`);
  }
  const m = parsed as Record<string, unknown>;
  for (const key of ['topic', 'event', 'payload', 'ref']) {
    if (!(key in m)) throw new InvalidMessageError(`missing key "${key}"`);
  }
  if (typeof m.topic !== 'string' || typeof m.event !== 'string')
    throw new InvalidMessageError('topic and event must be strings');
  return { joinRef: refOf(m.join_ref), ref: refOf(m.ref), topic: m.topic, event: m.event, payload: m.payload };
}

/**
 * A message whose payload is already JSON text (pushes and broadcasts are serialized once and sent to many
 * sockets).
 */
export function encodeRaw(vsn: Vsn, joinRef: Ref, ref: Ref, topic: string, event: string, payloadJson: string): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  }
  return `{"event":${JSON.stringify(event)},"payload":${payloadJson},"ref":${JSON.stringify(ref)},"topic":${JSON.stringify(topic)}}`;
}

export function encodeMessage(
  vsn: Vsn,
  joinRef: Ref,
  ref: Ref,
  topic: string,
  event: string,
  payload: unknown,
): string {
  return encodeRaw(vsn, joinRef, ref, topic, event, JSON.stringify(payload));
}

/** A `phx_reply`: payload `{response, status}` in Jason's key order. */
export function encodeReply(
  vsn: Vsn,
  joinRef: Ref,
  ref: Ref,
  topic: string,
  status: 'ok' | 'error',
  response: unknown,
): string {
  return encodeRaw(
    vsn,
    joinRef,
    ref,
    topic,
    'phx_reply',
    `{"response":${JSON.stringify(response)},"status":${JSON.stringify(status)}}`,
  );
}
