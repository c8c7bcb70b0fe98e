import { badRequest } from './errors.ts';

/** Go's json.Unmarshal into a params struct: unknown keys ignored, null leaves the zero value, wrong types fail. */
export type FieldType = 'string' | 'bool' | 'object' | 'any';

const GO_TYPE: Record<FieldType, string> = {
  string: 'string',
  bool: 'bool',
  object: 'map[string]interface {}',
  any: 'interface {}',
};

function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : typeof v;
}

function syntaxMessage(text: string, err: Error): string {
  if (text.trim() === '') return 'unexpected end of JSON input';
  const m = /position (\d+)/.exec(err.message);
  const pos = m ? Number(m[1]) : -1;
  const ch = pos >= 0 && pos < text.length ? text[pos] : undefined;
  if (ch === undefined) return 'unexpected end of JSON input';
  return `invalid character '${ch}' looking for beginning of value`;
}

/** Parses a request body into `fields`; throws 400 bad_json with GoTrue's message on failure. */
export function parseParams(body: Buffer, struct: string, fields: Record<string, FieldType>): Record<string, unknown> {
  const text = body.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${syntaxMessage(text, err as Error)}`);
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(value)} into Go value of type api.${struct}`,
    );
  }
  const out: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(fields)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    const ok =
      type === 'any' ||
      (type === 'string' && typeof v === 'string') ||
      (type === 'bool' && typeof v === 'boolean') ||
      (type === 'object' && typeof v === 'object' && !Array.isArray(v));
    if (!ok) {
      throw badRequest(
        'bad_json',
        `Could not parse request body as JSON: json: cannot unmarshal ${jsonKind(v)} into Go struct field ${struct}.${key} of type ${GO_TYPE[type]}`,
      );
    }
    out[key] = v;
  }
  return out;
}

export const str = (p: Record<string, unknown>, k: string): string =>
  typeof p[k] === 'string' ? (p[k] as string) : '';
export const obj = (p: Record<string, unknown>, k: string): Record<string, unknown> | undefined =>
  p[k] && typeof p[k] === 'object' ? (p[k] as Record<string, unknown>) : undefined;
