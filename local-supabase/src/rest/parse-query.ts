import { parseError, RestError } from './errors.ts';

/**
 * Parsers for PostgREST's query-string grammar (select, filters, logic trees, order, ranges) and the
 * Prefer header. Source of the grammar: PostgREST src/PostgREST/ApiRequest/QueryParams.hs@v14.12.
 * Parsers only build trees; names become quoted identifiers and values bind parameters in build-sql.ts.
 */

export interface JsonPathStep {
  arrow: '->' | '->>';
  key: string;
  /** Integer keys index arrays (`data->0`). */
  index: boolean;
}

export interface Field {
  name: string;
  path: JsonPathStep[];
}

export type AggregateFunction = 'sum' | 'avg' | 'count' | 'max' | 'min';
const AGGREGATES = new Set<string>(['sum', 'avg', 'count', 'max', 'min']);

export interface SelectColumn {
  kind: 'column';
  /** `count()` is the field `*` with the aggregate `count`. */
  field: Field;
  alias?: string;
  /** Cast of the column (`col::int`), applied before any aggregate. */
  cast?: string;
  /** `col.sum()`, `count()`: allowed only with `pgrst.db_aggregates_enabled` (else PGRST123). */
  agg?: AggregateFunction;
  /** Cast of the aggregate's result (`count()::text`). */
  aggCast?: string;
}

export interface SelectEmbed {
  kind: 'embed';
  /** Table name, or a foreign-key column name used as target. */
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  select: SelectItem[];
}

export type SelectItem = { kind: 'star' } | SelectColumn | SelectEmbed;

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'IS DISTINCT FROM',
} as const;
export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
const QUANTIFIABLE = new Set(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);
const OPERATOR_LIST =
  'eq, neq, lt, gt, lte, gte, like, ilike, match, imatch, is, isdistinct, in, cs, cd, ov, sl, sr, nxr, nxl, adj, fts, plfts, phfts, wfts';

export type FilterOp =
  | { kind: 'simple'; op: keyof typeof OPERATORS; quant?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'fts'; op: keyof typeof FTS_OPERATORS; config?: string; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  op: FilterOp;
}

export type LogicTree =
  { kind: 'logic'; and: boolean; negate: boolean; children: LogicTree[] } | { kind: 'filter'; filter: Filter };

export interface OrderTerm {
  /** Set for `order=rel(col)`: a to-one embed's column. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or']);

/**
 * How deep embeds (`select=a(b(c(…)))`) and logic trees (`or=(and(or(…)))`) may nest. PostgREST's parser has no
 * such limit, but the statement it builds from a tree thousands deep fails in Postgres anyway; here the limit
 * keeps the recursive parser and compiler off the end of the stack, and the request gets a parse error
 * (PGRST100) instead of a 503 (docs/conformance.md, "How the REST service follows PostgREST").
 */
export const MAX_NESTING = 100;

// ---------- select ----------

class Cursor {
  i = 0;
  depth = 0;
  constructor(
    readonly s: string,
    readonly what: string,
  ) {}
  peek(): string | undefined {
    return this.s[this.i];
  }
  eof(): boolean {
    return this.i >= this.s.length;
  }
  fail(details: string): RestError {
    return parseError(this.what, this.s, this.i + 1, details);
  }
  startsWith(t: string): boolean {
    return this.s.startsWith(t, this.i);
  }
  /** Enters one more level of parentheses, refusing past MAX_NESTING. */
  enter(): void {
    if (++this.depth > MAX_NESTING) {
      throw this.fail(`unexpected "(": nesting deeper than ${MAX_NESTING} levels is not supported`);
    }
  }
}

/** An identifier: double-quoted (with "" or \" escapes) or a run of characters not special to the grammar. */
function readName(c: Cursor, stop: RegExp): string {
  if (c.peek() === '"') {
    c.i++;
    let out = '';
    while (!c.eof()) {
      const ch = c.s[c.i]!;
      if (ch === '\\' && c.i + 1 < c.s.length) {
        out += c.s[c.i + 1];
        c.i += 2;
        continue;
      }
      if (ch === '"') {
        if (c.s[c.i + 1] === '"') {
          out += '"';
          c.i += 2;
          continue;
        }
        c.i++;
        return out;
      }
      out += ch;
      c.i++;
    }
    throw c.fail('unexpected end of input expecting "\\""');
  }
  const start = c.i;
  while (!c.eof() && !stop.test(c.s[c.i]!)) {
    if (c.startsWith('->') || c.startsWith('::')) break;
    c.i++;
  }
  const name = c.s.slice(start, c.i).trim();
  if (!name)
    throw c.fail(
      c.eof()
        ? 'unexpected end of input expecting field name (* or [a..z0..9_$])'
        : `unexpected "${c.peek()}" expecting field name (* or [a..z0..9_$])`,
    );
  return name;
}

function readJsonPath(c: Cursor, stop: RegExp): JsonPathStep[] {
  const path: JsonPathStep[] = [];
  while (c.startsWith('->')) {
    const arrow: '->' | '->>' = c.startsWith('->>') ? '->>' : '->';
    c.i += arrow.length;
    const key = readName(c, stop);
    path.push({ arrow, key, index: /^-?\d+$/.test(key) });
  }
  return path;
}

const SELECT_STOP = /[,()!:]/;

function readCast(c: Cursor): string | undefined {
  if (!c.startsWith('::')) return undefined;
  c.i += 2;
  const m = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/.exec(c.s.slice(c.i));
  if (!m) throw c.fail('expecting a type name for the cast');
  c.i += m[0].length;
  return m[0];
}

function parseSelectItems(c: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    items.push(parseSelectItem(c));
    if (c.peek() === ',') {
      c.i++;
      continue;
    }
    if (nested && c.peek() === ')') return items;
    if (!nested && c.eof()) return items;
    throw c.fail(
      c.eof() ? 'unexpected end of input expecting ")"' : `unexpected "${c.peek()}" expecting "," or end of input`,
    );
  }
}

function parseSelectItem(c: Cursor): SelectItem {
  if (c.peek() === '*') {
    c.i++;
    return { kind: 'star' };
  }
  let spread = false;
  if (c.startsWith('...')) {
    spread = true;
    c.i += 3;
  }
  let alias: string | undefined;
  let name = readName(c, SELECT_STOP);
  if (c.peek() === ':' && !c.startsWith('::')) {
    c.i++;
    alias = name;
    name = readName(c, SELECT_STOP);
  }
  const path = readJsonPath(c, SELECT_STOP);
  // `count()` is the aggregate over rows, not an embed.
  if (name === 'count' && !path.length && c.startsWith('()')) {
    if (spread) throw c.fail('unexpected "(" expecting field name');
    c.i += 2;
    const aggCast = readCast(c);
    return { kind: 'column', field: { name: '*', path: [] }, alias, agg: 'count', aggCast };
  }
  // `col.sum()`: the name ran up to the parentheses, so the aggregate is its last dotted part.
  const dotted = !path.length && c.startsWith('()') ? /^(.+)\.([a-z]+)$/.exec(name) : null;
  if (dotted && AGGREGATES.has(dotted[2]!)) {
    if (spread) throw c.fail('unexpected "(" expecting field name');
    c.i += 2;
    const aggCast = readCast(c);
    return {
      kind: 'column',
      field: { name: dotted[1]!, path: [] },
      alias,
      agg: dotted[2] as AggregateFunction,
      aggCast,
    };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    if (path.length) throw c.fail('unexpected "(" after a json path');
    let hint: string | undefined;
    let joinType: 'inner' | 'left' | undefined;
    while (c.peek() === '!') {
      c.i++;
      const word = readName(c, SELECT_STOP);
      if (word === 'inner' || word === 'left') joinType = word;
      else if (hint === undefined) hint = word;
      else throw c.fail(`unexpected "${word}"`);
    }
    if (c.peek() !== '(') throw c.fail(`unexpected ${c.eof() ? 'end of input' : `"${c.peek()}"`} expecting "("`);
    c.enter();
    c.i++;
    const select = c.peek() === ')' ? [] : parseSelectItems(c, true);
    c.i++; // ')'
    c.depth--;
    return { kind: 'embed', name, alias, hint, joinType, spread, select };
  }
  if (spread) throw c.fail('unexpected end of spread: expecting "("');
  if (c.peek() === '(') throw c.fail('unexpected "("');
  const cast = readCast(c);
  // `col::int.sum()`, `data->x.avg()`: the aggregate follows the cast or the json path.
  if (c.peek() === '.') {
    const m = /^\.(sum|avg|count|max|min)\(\)/.exec(c.s.slice(c.i));
    if (!m) throw c.fail(`unexpected "${c.s[c.i + 1] ?? 'end of input'}" expecting aggregate function`);
    c.i += m[0].length;
    const aggCast = readCast(c);
    return { kind: 'column', field: { name, path }, alias, cast, agg: m[1] as AggregateFunction, aggCast };
  }
  if (c.startsWith('()')) throw c.fail('unexpected "(" expecting "," or ")"');
  return { kind: 'column', field: { name, path }, alias, cast };
}

/** Whether any level of the select tree aggregates. */
export function usesAggregates(items: SelectItem[]): boolean {
  return items.some(
    (i) => (i.kind === 'column' && i.agg !== undefined) || (i.kind === 'embed' && usesAggregates(i.select)),
  );
}

/** `select=` value. Whitespace outside quotes is insignificant, as supabase-js strips it anyway. */
export function parseSelect(raw: string): SelectItem[] {
  const s = stripWhitespace(raw);
  if (s === '') return [{ kind: 'star' }];
  const c = new Cursor(s, 'select parameter');
  return parseSelectItems(c, false);
}

function stripWhitespace(s: string): string {
  let out = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}

// ---------- filters ----------

/** Splits a filter key `a.b.col->x` into its embed path and field. */
export function parseFilterKey(key: string): { path: string[]; field: Field } {
  const arrow = key.indexOf('->');
  const head = arrow >= 0 ? key.slice(0, arrow) : key;
  const parts = head.split('.');
  const last = parts.pop()!;
  const c = new Cursor(last + (arrow >= 0 ? key.slice(arrow) : ''), 'filter');
  const name = readName(c, /[]/);
  const path = readJsonPath(c, /[]/);
  return { path: parts, field: { name, path } };
}

/** `op.value`, `not.op.value`, `op(any).{a,b}`, `fts(english).cat`. */
export function parseFilterValue(field: Field, raw: string, what = 'filter'): Filter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m) {
    throw parseError(
      what,
      raw,
      negate ? 5 : 1,
      `unexpected "${rest.slice(0, 1) || 'end of input'}" expecting "not" or operator (${OPERATOR_LIST})`,
    );
  }
  const [, name, modifier] = m as unknown as [string, string, string | undefined];
  const value = rest.slice(m[0].length);
  if (name === 'in') {
    if (modifier !== undefined) throw parseError(what, raw, 3, 'unexpected "(" expecting "."');
    return { field, negate, op: { kind: 'in', values: parseList(value, raw, what) } };
  }
  if (name === 'is') {
    const v = value.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v)) {
      throw parseError(
        what,
        raw,
        negate ? 8 : 4,
        `unexpected "${value.slice(0, 1) || 'end of input'}" expecting null or trilean value (unknown, true, false)`,
      );
    }
    return { field, negate, op: { kind: 'is', value: v as 'null' } };
  }
  if (name in FTS_OPERATORS) {
    return {
      field,
      negate,
      op: { kind: 'fts', op: name as keyof typeof FTS_OPERATORS, config: modifier || undefined, value },
    };
  }
  if (name in OPERATORS) {
    const op = name as keyof typeof OPERATORS;
    if (modifier !== undefined) {
      if (!QUANTIFIABLE.has(op) || (modifier !== 'any' && modifier !== 'all')) {
        throw parseError(what, raw, name.length + 2, `unexpected "${modifier}" expecting "any" or "all"`);
      }
      return {
        field,
        negate,
        op: { kind: 'simple', op, quant: modifier, value: toArrayLiteral(parseList(value, raw, what, '{', '}')) },
      };
    }
    return { field, negate, op: { kind: 'simple', op, value } };
  }
  throw parseError(what, raw, negate ? 5 : 1, `unexpected "${name}" expecting "not" or operator (${OPERATOR_LIST})`);
}

/** `(a,"b,c",d)`: the list of an `in` filter (or `{a,b}` for quantified operators). */
function parseList(s: string, raw: string, what: string, open = '(', close = ')'): string[] {
  if (!s.startsWith(open) || !s.endsWith(close)) {
    throw parseError(
      what,
      raw,
      raw.length - s.length + 1,
      `unexpected "${s.slice(0, 1) || 'end of input'}" expecting "${open}"`,
    );
  }
  const body = s.slice(1, -1);
  if (body === '') return [];
  const out: string[] = [];
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let v = '';
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\' && i + 1 < body.length) i++;
        v += body[i];
        i++;
      }
      if (body[i] !== '"') throw parseError(what, raw, raw.length, 'unexpected end of input expecting "\\""');
      i++;
      out.push(v);
      if (i < body.length && body[i] !== ',')
        throw parseError(what, raw, raw.length - s.length + 2 + i, `unexpected "${body[i]}" expecting ","`);
      i++;
    } else {
      const j = body.indexOf(',', i);
      const end = j < 0 ? body.length : j;
      out.push(body.slice(i, end));
      i = end + 1;
    }
  }
  return out;
}

/** A Postgres array literal with every element quoted, so commas, quotes and NULL stay data. */
export function toArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** `(a.eq.1,or(b.gt.2,not.c.is.null))`: the value of `or=`/`and=`. */
export function parseLogicTree(raw: string, and: boolean, negate: boolean): LogicTree {
  const c = new Cursor(raw, 'logic tree');
  if (c.peek() !== '(') throw c.fail(`unexpected "${c.peek() ?? 'end of input'}" expecting "("`);
  const children = parseLogicChildren(c);
  if (!c.eof()) throw c.fail(`unexpected "${c.peek()}" expecting end of input`);
  return { kind: 'logic', and, negate, children };
}

function parseLogicChildren(c: Cursor): LogicTree[] {
  c.enter();
  c.i++; // '('
  const children: LogicTree[] = [];
  for (;;) {
    children.push(parseLogicItem(c));
    const ch = c.peek();
    c.i++;
    if (ch === ',') continue;
    if (ch === ')') {
      c.depth--;
      return children;
    }
    throw c.fail(
      ch === undefined ? 'unexpected end of input expecting ")"' : `unexpected "${ch}" expecting "," or ")"`,
    );
  }
}

function parseLogicItem(c: Cursor): LogicTree {
  let negate = false;
  if (c.startsWith('not.')) {
    negate = true;
    c.i += 4;
  }
  for (const word of ['and', 'or'] as const) {
    if (c.startsWith(`${word}(`)) {
      c.i += word.length;
      return { kind: 'logic', and: word === 'and', negate, children: parseLogicChildren(c) };
    }
  }
  const name = readName(c, /[.,()]/);
  const path = readJsonPath(c, /[.,()]/);
  if (c.peek() !== '.') throw c.fail(`unexpected ${c.peek() ? `"${c.peek()}"` : 'end of input'} expecting "."`);
  c.i++;
  const start = c.i;
  // The operator and value run up to the next top-level ',' or ')'; quoted parts may hold both.
  let depth = 0;
  while (!c.eof()) {
    const ch = c.s[c.i]!;
    if (ch === '"') {
      c.i++;
      while (!c.eof() && c.s[c.i] !== '"') c.i += c.s[c.i] === '\\' ? 2 : 1;
      if (c.eof()) throw c.fail('unexpected end of input expecting "\\""');
      c.i++;
      continue;
    }
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') {
      if (depth === 0) break;
      depth--;
    } else if (ch === ',' && depth === 0) break;
    c.i++;
  }
  const opText = c.s.slice(start, c.i);
  const text = quotedAware(opText);
  const filter = parseFilterValue({ name, path }, text, 'logic tree');
  if (negate) filter.negate = !filter.negate;
  return { kind: 'filter', filter };
}

/** Removes the quotes around a logic-tree value (`eq."a,b"` → `eq.a,b`), keeping `in.("a,b")` as-is. */
function quotedAware(opText: string): string {
  const m = /^((?:not\.)?[a-z]+(?:\([^)]*\))?\.)"((?:[^"\\]|\\.)*)"$/.exec(opText);
  return m ? m[1]! + m[2]!.replace(/\\(.)/g, '$1') : opText;
}

// ---------- order ----------

export function parseOrder(raw: string): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const part of splitTopLevel(raw)) {
    const c = new Cursor(part, 'order');
    let relation: string | undefined;
    let name = readName(c, /[.(,]/);
    let path: JsonPathStep[] = [];
    if (c.peek() === '(') {
      relation = name;
      c.i++;
      name = readName(c, /[.(),]/);
      path = readJsonPath(c, /[.(),]/);
      if (c.peek() !== ')')
        throw parseError(
          'order',
          raw,
          c.i + 1,
          `unexpected ${c.peek() ? `"${c.peek()}"` : 'end of input'} expecting ")"`,
        );
      c.i++;
    } else {
      path = readJsonPath(c, /[.(,]/);
    }
    const term: OrderTerm = { relation, field: { name, path } };
    const mods = c.eof() ? [] : c.s.slice(c.i + (c.peek() === '.' ? 1 : 0)).split('.');
    if (!c.eof() && c.peek() !== '.')
      throw parseError('order', raw, c.i + 1, `unexpected "${c.peek()}" expecting "." or ","`);
    for (const mod of mods) {
      if ((mod === 'asc' || mod === 'desc') && !term.direction && !term.nulls) term.direction = mod;
      else if ((mod === 'nullsfirst' || mod === 'nullslast') && !term.nulls)
        term.nulls = mod === 'nullsfirst' ? 'first' : 'last';
      else
        throw parseError(
          'order',
          raw,
          raw.indexOf(mod) + 1,
          `unexpected "${mod.slice(0, 1) || 'end of input'}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    terms.push(term);
  }
  return terms;
}

function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '(') depth++;
    if (!quoted && ch === ')') depth--;
    if (!quoted && depth === 0 && ch === ',') {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

// ---------- the whole query string ----------

export interface EmbedParams {
  filters: LogicTree[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** Keyed by embed path joined with '.', '' for the root. */
  byPath: Map<string, EmbedParams>;
  columns?: string[];
  onConflict?: string[];
  /** Query parameters that are not reserved words and not filters (rpc GET arguments). */
  rpcArgs: Map<string, string>;
}

function nonNegativeInt(raw: string, what: string): number {
  if (!/^\d+$/.test(raw))
    throw parseError(what, raw, 1, `unexpected "${raw.slice(0, 1) || 'end of input'}" expecting digit`);
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

/**
 * Splits the search params into PostgREST's pieces. `rpcArgNames`, for a GET/HEAD rpc, names the query
 * parameters that are function arguments rather than filters.
 */
export function parseQueryParams(
  params: URLSearchParams,
  rpcArgNames?: Set<string>,
  opts: { aggregates?: boolean } = {},
): QueryParams {
  const byPath = new Map<string, EmbedParams>();
  const at = (path: string[]) => {
    const key = path.join('.');
    let p = byPath.get(key);
    if (!p) byPath.set(key, (p = { filters: [] }));
    return p;
  };
  at([]);
  let select: SelectItem[] = [{ kind: 'star' }];
  let columns: string[] | undefined;
  let onConflict: string[] | undefined;
  const rpcArgs = new Map<string, string>();
  for (const [key, value] of params) {
    if (key === 'select') {
      select = parseSelect(value);
      if (!opts.aggregates && usesAggregates(select)) {
        throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      }
      continue;
    }
    if (key === 'columns') {
      columns = splitColumns(value, 'columns');
      continue;
    }
    if (key === 'on_conflict') {
      onConflict = splitColumns(value, 'on_conflict');
      continue;
    }
    if (rpcArgNames?.has(key)) {
      rpcArgs.set(key, value);
      continue;
    }
    // embed-scoped reserved words: `rel.order`, `rel.limit`, `rel.or`, `not.or`, `rel.not.and`
    const parts = key.split('.');
    const last = parts[parts.length - 1]!;
    if (['order', 'limit', 'offset', 'or', 'and'].includes(last) && !key.includes('->')) {
      let path = parts.slice(0, -1);
      let negate = false;
      if (path[path.length - 1] === 'not' && (last === 'or' || last === 'and')) {
        negate = true;
        path = path.slice(0, -1);
      }
      const p = at(path);
      if (last === 'order') p.order = parseOrder(value);
      else if (last === 'limit') p.limit = nonNegativeInt(value, 'limit');
      else if (last === 'offset') p.offset = nonNegativeInt(value, 'offset');
      else p.filters.push(parseLogicTree(value, last === 'and', negate));
      continue;
    }
    if (RESERVED.has(key)) continue;
    if (key === '') continue;
    const { path, field } = parseFilterKey(key);
    at(path).filters.push({ kind: 'filter', filter: parseFilterValue(field, value) });
  }
  return { select, byPath, columns, onConflict, rpcArgs };
}

/** `columns=a,"b c"` and `on_conflict=a,b`. */
function splitColumns(raw: string, what: string): string[] {
  const c = new Cursor(raw, what);
  const out: string[] = [];
  for (;;) {
    out.push(readName(c, /,/));
    if (c.eof()) return out;
    if (c.peek() !== ',') throw c.fail(`unexpected "${c.peek()}" expecting ","`);
    c.i++;
  }
}

// ---------- headers ----------

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  timezone?: string;
  /** The preferences understood, as PostgREST echoes them in Preference-Applied. */
  applied: string[];
  invalid: string[];
}

const PREFERENCE_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

/** Prefer may be repeated or comma-joined (supabase-js joins several with ", "). Unknown values are ignored. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { applied: [], invalid: [] };
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const item of raw.split(',')) {
    const token = item.trim();
    if (!token) continue;
    const eq = token.indexOf('=');
    const name = eq < 0 ? token : token.slice(0, eq).trim();
    const value = eq < 0 ? '' : token.slice(eq + 1).trim();
    if (name === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
      prefs.applied.push(token);
    } else if (name === 'timezone' && value) {
      prefs.timezone = value;
      prefs.applied.push(token);
    } else if (PREFERENCE_VALUES[name]?.includes(value)) {
      const key = name as 'return';
      if (prefs[key] === undefined) {
        (prefs as unknown as Record<string, string>)[key] = value;
        prefs.applied.push(`${name}=${value}`);
      }
    } else {
      prefs.invalid.push(token);
    }
  }
  return prefs;
}

/** `Range: 0-9` (items). Returns offset and limit, or null when absent; throws PGRST103 on nonsense. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | null {
  if (!header) return null;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return null;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The upper boundary must be greater than or equal to the lower boundary',
    );
  }
  return { offset: from, limit: to - from + 1 };
}
