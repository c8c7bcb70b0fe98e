/**
 * A tiny JSON writer for change payloads. Hosted Realtime builds `record`/`old_record` as jsonb and splices
 * the jsonb text into the frame (Jason.Fragment), so numbers keep their exact digits and object keys come in
 * jsonb order (shorter keys first, then bytewise). JSON.stringify cannot do either, hence this writer.
 */

/** JSON text written verbatim (a number literal or a jsonb value taken from the WAL). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object whose keys are written in jsonb order. */
export class JsonbObject {
  constructor(readonly entries: Map<string, JsonValue>) {}
}

export type JsonValue =
  null | boolean | number | string | RawJson | JsonbObject | JsonValue[] | { [key: string]: JsonValue };

/** jsonb stores object keys sorted by length, then by bytes (src/backend/utils/adt/jsonb_util.c lengthCompareJsonbString). */
export function jsonbKeyCompare(a: string, b: string): number {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ba.length !== bb.length) return ba.length - bb.length;
  return Buffer.compare(ba, bb);
}

export function writeJson(value: JsonValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
      return JSON.stringify(value);
  }
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonbObject) {
    const keys = [...value.entries.keys()].sort(jsonbKeyCompare);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${writeJson(value.entries.get(k)!)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  const obj = value as { [key: string]: JsonValue };
  return `{${Object.keys(obj)
    .map((k) => `${JSON.stringify(k)}:${writeJson(obj[k]!)}`)
    .join(',')}}`;
}

/** Turns a parsed JSON value (e.g. from a json column) into a JsonValue with jsonb key order. */
export function toJsonbValue(value: unknown): JsonValue {
  if (value === null || typeof value !== 'object') return value as JsonValue;
  if (Array.isArray(value)) return value.map(toJsonbValue);
  return new JsonbObject(
    new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJsonbValue(v)])),
  );
}
