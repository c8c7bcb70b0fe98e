import { JsonbObject, RawJson, toJsonbValue, type JsonValue } from './json.ts';

/**
 * Types WAL values (text, as pgoutput sends them) the way hosted Realtime does: `realtime.cast` is
 * `to_jsonb(value::type)`, so the categories are those of Postgres' json_categorize_type (domains looked
 * through): bool, the numeric types, date, timestamp, timestamptz, json, jsonb, arrays, composites, and
 * everything else as its text output.
 */
export type TypeCategory =
  'bool' | 'number' | 'date' | 'timestamp' | 'timestamptz' | 'json' | 'jsonb' | 'array' | 'composite' | 'other';

export interface TypeInfo {
  oid: number;
  /** pg_type.typname of the type itself (what hosted puts in `columns[].type`), e.g. int8, _text. */
  typname: string;
  /** `oid::regtype::text`, safe to splice into a cast, e.g. `bigint`, `public."my enum"`. */
  regtype: string;
  category: TypeCategory;
  /** Arrays: the element type. */
  element?: TypeInfo;
  /** Arrays: the element delimiter (',' except box). */
  delimiter: string;
  /** Composites: the attributes in order. */
  fields?: { name: string; type: TypeInfo }[];
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A numeric-category value as to_jsonb writes it: a valid JSON number goes through numeric_in, so the
 * exponent form of a float becomes plain digits and the scale is kept ("1.50" stays "1.50");
 * NaN and the infinities become strings.
 */
export function numericJson(text: string): JsonValue {
  const m = JSON_NUMBER.exec(text);
  if (!m) return text;
  const negative = text.startsWith('-');
  const [intPart, fracPart = ''] = (m[1]! + (m[2] ?? '')).split('.') as [string, string?];
  const exp = m[3] ? Number(m[3].slice(1)) : 0;
  let digits = intPart + fracPart;
  // position of the decimal point within digits
  let point = intPart.length + exp;
  const scale = Math.max(0, fracPart.length - exp);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const wantedLength = point + scale;
  if (digits.length < wantedLength) digits += '0'.repeat(wantedLength - digits.length);
  let whole = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point, point + scale);
  whole = whole.replace(/^0+(?=\d)/, '');
  const isZero = /^0*$/.test(whole + frac);
  const body = scale > 0 ? `${whole}.${frac}` : whole;
  return new RawJson(negative && !isZero ? `-${body}` : body);
}

/** ISO text output → XSD (what to_jsonb writes): 'T' between date and time, offsets as ±hh:mm. */
export function xsdTimestamp(text: string, withZone: boolean): string {
  if (!/^\d/.test(text)) return text; // infinity, -infinity
  let out = text.replace(' ', 'T');
  if (withZone) out = out.replace(/([+-]\d{2})(?=$| BC$)/, '$1:00');
  return out;
}

/** Splits an array literal's outer level. Returns nested string|null trees. */
type ArrayNode = string | null | ArrayNode[];

export function parseArrayLiteral(text: string, delimiter = ','): ArrayNode[] {
  let i = 0;
  // Optional dimension decoration, e.g. [0:1]={1,2}
  if (text[0] === '[') {
    const eq = text.indexOf('=');
    if (eq < 0) throw new Error('malformed array literal');
    i = eq + 1;
  }
  const parseLevel = (): ArrayNode[] => {
    if (text[i] !== '{') throw new Error('malformed array literal');
    i++;
    const items: ArrayNode[] = [];
    if (text[i] === '}') {
      i++;
      return items;
    }
    for (;;) {
      while (text[i] === ' ') i++;
      if (text[i] === '{') {
        items.push(parseLevel());
      } else if (text[i] === '"') {
        i++;
        let s = '';
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++;
          s += text[i];
          i++;
        }
        i++; // closing quote
        items.push(s);
      } else {
        let s = '';
        while (i < text.length && text[i] !== delimiter && text[i] !== '}') {
          if (text[i] === '\\') i++;
          s += text[i];
          i++;
        }
        s = s.trim();
        items.push(s.toUpperCase() === 'NULL' ? null : s);
      }
      while (text[i] === ' ') i++;
      if (text[i] === delimiter) {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return items;
      }
      throw new Error('malformed array literal');
    }
  };
  return parseLevel();
}

/** Splits a composite literal "(a,"b c",)" into field texts; an empty unquoted field is NULL. */
export function parseRecordLiteral(text: string): (string | null)[] {
  if (text[0] !== '(' || text[text.length - 1] !== ')') throw new Error('malformed record literal');
  const out: (string | null)[] = [];
  let i = 1;
  const end = text.length - 1;
  for (;;) {
    let s = '';
    let quoted = false;
    while (i < end && text[i] !== ',') {
      if (text[i] === '"') {
        quoted = true;
        i++;
        while (i < end) {
          if (text[i] === '"' && text[i + 1] === '"') {
            s += '"';
            i += 2;
          } else if (text[i] === '"') {
            i++;
            break;
          } else {
            if (text[i] === '\\') i++;
            s += text[i];
            i++;
          }
        }
      } else {
        if (text[i] === '\\') i++;
        s += text[i];
        i++;
      }
    }
    out.push(s === '' && !quoted ? null : s);
    if (i >= end) return out;
    i++; // the comma
  }
}

function typeNode(node: ArrayNode, element: TypeInfo): JsonValue {
  if (Array.isArray(node)) return node.map((n) => typeNode(n, element));
  return typeValue(node, element);
}

/** One WAL value (text or NULL) as hosted types it in `record`/`old_record`. */
export function typeValue(text: string | null, type: TypeInfo): JsonValue {
  if (text === null) return null;
  try {
    switch (type.category) {
      case 'bool':
        return text === 't' || text === 'true';
      case 'number':
        return numericJson(text);
      case 'timestamp':
        return xsdTimestamp(text, false);
      case 'timestamptz':
        return xsdTimestamp(text, true);
      case 'jsonb':
        return new RawJson(text);
      case 'json':
        return toJsonbValue(JSON.parse(text));
      case 'array':
        return parseArrayLiteral(text, type.delimiter).map((n) => typeNode(n, type.element!));
      case 'composite': {
        const parts = parseRecordLiteral(text);
        const entries = new Map<string, JsonValue>();
        type.fields!.forEach((f, idx) => entries.set(f.name, typeValue(parts[idx] ?? null, f.type)));
        return new JsonbObject(entries);
      }
      default:
        return text;
    }
  } catch {
    // A literal we could not take apart is still better delivered as its text than dropped.
    return text;
  }
}
