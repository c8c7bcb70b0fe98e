/**
 * postgres_changes binding parameters, parsed with hosted Realtime's rules
 * (Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params): `event` defaults to `*`, a lone
 * `table` means schema `public`, filters are `col=op.value` joined by top-level commas (AND), `not.` negates,
 * `in.(a,b)` becomes the array literal `{a,b}`, a double-quoted value is unquoted.
 */
export const FILTER_OPS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  column: string;
  op: FilterOp;
  value: string;
  negate: boolean;
}

export interface SubscriptionParams {
  action: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  filters: Filter[];
  /** Column selection (`select: [...]`); null means every column. */
  select: string[] | null;
}

export type ParseResult = { ok: true; params: SubscriptionParams } | { ok: false; error: string };

function actionOf(event: unknown): SubscriptionParams['action'] {
  if (typeof event !== 'string' || event === '*') return '*';
  const up = event.toUpperCase();
  return up === 'INSERT' || up === 'UPDATE' || up === 'DELETE' ? up : '*';
}

/** Splits at commas outside parentheses and double quotes (the hosted splitter's rules). */
export function splitTopLevel(filter: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < filter.length) {
        current += ch + filter[i + 1];
        prev = filter[i + 1]!;
        i++;
        continue;
      }
      if (ch === '"') quoted = false;
      current += ch;
      prev = ch;
      continue;
    }
    if (ch === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true;
      current += ch;
      prev = ch;
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
      prev = '';
      continue;
    }
    current += ch;
    prev = ch;
  }
  out.push(current);
  return out;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let acc = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '"') return i === value.length - 1 ? acc : value;
    if (ch === '\\' && i + 1 < value.length) {
      acc += value[i + 1];
      i++;
      continue;
    }
    acc += ch;
  }
  return value;
}

/** Elixir's inspect of a string list, e.g. ["foo", "hey"]: how hosted reports an unparsable segment. */
function inspectList(items: string[]): string {
  return `[${items.map(inspectString).join(', ')}]`;
}

export function inspectString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/#\{/g, '\\#{')}"`;
}

function parseSegment(segment: string): { ok: true; filter: Filter } | { ok: false; error: string } {
  const trimmed = segment.trim();
  if (trimmed === '') return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' };
  const eq = trimmed.indexOf('=');
  if (eq < 0) return { ok: false, error: inspectList([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) return { ok: false, error: inspectList([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!(FILTER_OPS as readonly string[]).includes(op)) return { ok: false, error: inspectList([op, value]) };
  if (op === 'in') {
    if (value.length >= 2 && value.startsWith('(') && value.endsWith(')')) {
      return { ok: true, filter: { column, op: 'in', value: `{${value.slice(1, -1)}}`, negate } };
    }
    return { ok: false, error: '`in` filter value must be wrapped by parentheses' };
  }
  return { ok: true, filter: { column, op: op as FilterOp, value: unquote(value), negate } };
}

export function parseFilters(filter: string): { ok: true; filters: Filter[] } | { ok: false; error: string } {
  const trimmed = filter.trim();
  if (trimmed === '') return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const r = parseSegment(segment);
    if (!r.ok) return r;
    filters.push(r.filter);
  }
  return { ok: true, filters };
}

/** Elixir-ish rendering of the params map for the "No subscription params provided" error. */
function inspectParams(params: Record<string, unknown>): string {
  const entries = Object.keys(params)
    .sort()
    .map((k) => `${inspectString(k)} => ${inspectValue(params[k])}`);
  return `%{${entries.join(', ')}}`;
}

function inspectValue(v: unknown): string {
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'string') return inspectString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(inspectValue).join(', ')}]`;
  return inspectParams(v as Record<string, unknown>);
}

export function parseSubscriptionParams(raw: unknown): ParseResult {
  const params = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const action = actionOf(params.event);
  let select: string[] | null = null;
  if ('select' in params) {
    if (Array.isArray(params.select)) {
      const cols = params.select.filter((c): c is string => typeof c === 'string');
      select = cols.length > 0 ? cols : null;
    } else if (typeof params.select === 'string') {
      return {
        ok: false,
        error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
      };
    }
  }
  const { schema, table, filter } = params;
  const has = (k: string) => k in params;
  const done = (s: string, t: string, filters: Filter[]): ParseResult => {
    if (select && (s === '*' || t === '*')) {
      return {
        ok: false,
        error:
          'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
      };
    }
    return { ok: true, params: { action, schema: s, table: t, filters, select } };
  };
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const r = parseFilters(filter);
    return r.ok ? done(schema, table, r.filters) : { ok: false, error: `Error parsing \`filter\` params: ${r.error}` };
  }
  if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) return done(schema, table, []);
  if (typeof schema === 'string' && !has('table') && !has('filter')) return done(schema, '*', []);
  if (typeof table === 'string' && !has('schema') && !has('filter')) return done('public', table, []);
  if (has('user_token') || has('auth_token')) {
    return {
      ok: false,
      error:
        'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: <redacted>',
    };
  }
  return {
    ok: false,
    error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${inspectParams(params)}`,
  };
}

/** `[event: *, schema: public, table: t, filters: [...], select: nil]`, as hosted's params_to_log. */
export function paramsToLog(p: SubscriptionParams): string {
  const filters = `[${p.filters
    .map((f) => `{${inspectString(f.column)}, ${inspectString(f.op)}, ${inspectString(f.value)}, ${f.negate}}`)
    .join(', ')}]`;
  const select = p.select ? `[${p.select.map(inspectString).join(', ')}]` : 'nil';
  return `event: ${p.action}, schema: ${p.schema}, table: ${p.table}, filters: ${filters}, select: ${select}`;
}
