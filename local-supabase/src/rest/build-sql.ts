import { closest, RestError } from './errors.ts';
import type { Field, Filter, LogicTree, OrderTerm, QueryParams, SelectEmbed, SelectItem } from './parse-query.ts';
import { OPERATORS } from './parse-query.ts';
import {
  describeRelationship,
  isToOne,
  relKey,
  type Func,
  type Relation,
  type Relationship,
  type SchemaCache,
} from './schema-cache.ts';

/**
 * Builds PostgREST-shaped SQL (PostgREST src/PostgREST/Query/QueryBuilder.hs@v14.12): one statement per
 * request, rows shaped into JSON by Postgres itself. Every identifier goes through `ident()`, every value
 * from the request through `SqlParams.add()`; only catalog-derived type names are spliced as text.
 */

export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  if (name.includes('\0')) throw new RestError(400, 'PGRST100', 'Identifiers must not contain NUL characters');
  return `"${name.replace(/"/g, '""')}"`;
}

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

export interface BuildContext {
  cache: SchemaCache;
  schema: string;
  params: SqlParams;
  query: QueryParams;
  /** Embed paths ('a.b') that filters/order/limit were given for and that were consumed. */
  usedPaths: Set<string>;
}

export function newContext(cache: SchemaCache, schema: string, query: QueryParams): BuildContext {
  return { cache, schema, params: new SqlParams(), query, usedPaths: new Set(['']) };
}

// ---------- fields and filters ----------

function fieldSql(ctx: BuildContext, alias: string, field: Field): string {
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.path) {
    sql += `${step.arrow}${ctx.params.add(step.key)}::${step.index ? 'int' : 'text'}`;
  }
  return sql;
}

function outputName(item: { field: Field; alias?: string; agg?: string }): string {
  if (item.alias) return item.alias;
  // Postgres names an aggregate's column after the function (`sum`), as PostgREST's answers show.
  if (item.agg) return item.agg;
  const last = item.field.path[item.field.path.length - 1];
  return last ? last.key : item.field.name;
}

function filterSql(ctx: BuildContext, alias: string, f: Filter): string {
  const col = fieldSql(ctx, alias, f.field);
  let cond: string;
  const op = f.op;
  switch (op.kind) {
    case 'simple': {
      const isLike = op.op === 'like' || op.op === 'ilike';
      const value = isLike ? op.value.replace(/\*/g, '%') : op.value;
      const p = ctx.params.add(value);
      cond = op.quant
        ? `${col} ${OPERATORS[op.op]} ${op.quant.toUpperCase()}(${p})`
        : `${col} ${OPERATORS[op.op]} ${p}`;
      break;
    }
    case 'in':
      cond = `${col} = ANY(${ctx.params.add(arrayLiteral(op.values))})`;
      break;
    case 'is':
      cond = `${col} IS ${op.value === 'not_null' ? 'NOT NULL' : op.value.toUpperCase()}`;
      break;
    case 'fts': {
      const fn = {
        fts: 'to_tsquery',
        plfts: 'plainto_tsquery',
        phfts: 'phraseto_tsquery',
        wfts: 'websearch_to_tsquery',
      }[op.op];
      cond = op.config
        ? `${col} @@ ${fn}(${ctx.params.add(op.config)}::regconfig, ${ctx.params.add(op.value)})`
        : `${col} @@ ${fn}(${ctx.params.add(op.value)})`;
      break;
    }
  }
  return f.negate ? `NOT ${cond}` : cond;
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

function logicSql(ctx: BuildContext, alias: string, tree: LogicTree, embeds: Map<string, EmbedInfo>): string {
  if (tree.kind === 'filter') return embedNullFilter(tree.filter, embeds) ?? filterSql(ctx, alias, tree.filter);
  const inner = tree.children.map((c) => logicSql(ctx, alias, c, embeds)).join(tree.and ? ' AND ' : ' OR ');
  return `${tree.negate ? 'NOT ' : ''}(${inner || (tree.and ? 'TRUE' : 'FALSE')})`;
}

/** `?rel=is.null` / `?rel=not.is.null` on an embedded resource: whether the embed found a row. */
function embedNullFilter(f: Filter, embeds: Map<string, EmbedInfo>): string | null {
  if (f.field.path.length || f.op.kind !== 'is' || (f.op.value !== 'null' && f.op.value !== 'not_null')) return null;
  const e = embeds.get(f.field.name);
  if (!e) return null;
  const isNull = (f.op.value === 'null') !== f.negate;
  const ref = e.toOne ? ident(e.lateral) : `${ident(e.lateral)}.${ident(e.lateral)}`;
  return `${ref} IS ${isNull ? 'NOT ' : ''}DISTINCT FROM NULL`;
}

// ---------- relationships ----------

function findRelationship(ctx: BuildContext, source: Relation, embed: SelectEmbed): Relationship {
  const everything = ctx.cache.relationships.get(relKey(source.schema, source.name)) ?? [];
  // A computed relationship is embedded by its function's name and wins over foreign keys of that name.
  const computed = everything.filter((r) => r.computed?.name === embed.name && r.computed.schema === ctx.schema);
  if (computed.length === 1) return computed[0]!;
  const all = everything.filter((r) => !r.computed);
  const onSource = (r: Relationship) => r.fkColumns === r.sourceColumns;
  const isSelf = (r: Relationship) => !r.junction && r.source === r.target;
  const byColumn = (r: Relationship) =>
    onSource(r) && r.sourceColumns.length === 1 && r.sourceColumns[0] === embed.name;
  // The target may be the table, a foreign-key column (`client_id(*)`) or the constraint's name; the last two
  // only ever name a table, not a view showing that key (PostgREST's findRel).
  let cands = all.filter(
    (r) =>
      r.target.schema === ctx.schema &&
      (r.target.name === embed.name ||
        ((byColumn(r) || (!r.junction && !isSelf(r) && r.constraint === embed.name)) && r.target.kind !== 'view')),
  );
  if (embed.hint !== undefined) {
    const hint = embed.hint;
    cands = cands.filter(
      (r) =>
        (!isSelf(r) && r.constraint === hint) ||
        (r.fkColumns.length === 1 && r.fkColumns[0] === hint) ||
        (!r.junction && onSource(r) && r.sourceColumns.length === 1 && r.sourceColumns[0] === hint) ||
        (!r.junction && !onSource(r) && r.targetColumns.length === 1 && r.targetColumns[0] === hint),
    );
  }
  // A self-referencing foreign key is one relationship seen both ways: by the table's name it is the
  // one-to-many (the children; a hint may only name the fk column), the many-to-one only by the column.
  cands = cands.filter((r) => !isSelf(r) || byColumn(r) || (r.target.name === embed.name && !onSource(r)));
  if (cands.length === 1) return cands[0]!;
  if (cands.length === 0) {
    const suggestion = embed.hint === undefined ? closest(embed.name, new Set(all.map((r) => r.target.name))) : null;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${embed.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${embed.name}'${embed.hint !== undefined ? ` using the hint '${embed.hint}'` : ''} in the schema '${ctx.schema}', but no matches were found.`,
      suggestion && suggestion !== embed.name ? `Perhaps you meant '${suggestion}' instead of '${embed.name}'.` : null,
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${embed.name}'`,
    cands.map(describeRelationship),
    `Try changing '${embed.name}' to one of the following: ${cands.map((r) => `'${embed.name}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

// ---------- reads ----------

interface EmbedInfo {
  toOne: boolean;
  lateral: string;
  /** The output names of the embed's own select (for spreads). */
  outputs: string[];
  /** What the parent groups by when it aggregates: the embed's output, or a spread's plain columns. */
  groupTerms: string[];
  /** A to-one spread whose aggregates were hoisted into the parent's select. */
  aggregated: boolean;
}

/** An aggregate a to-one spread leaves to its parent (PostgREST hoists them: the spread has one row). */
interface Hoisted {
  name: string;
  agg: string;
  aggCast?: string;
  /** count() over the embedded row itself. */
  row: boolean;
}

function aggregateSql(agg: string, arg: string, cast?: string): string {
  const call = `${agg.toUpperCase()}(${arg})`;
  return cast ? `CAST( ${call} AS ${cast} )` : call;
}

export interface ReadParts {
  select: string[];
  from: string;
  joins: string[];
  where: string[];
  order: string[];
  limit?: number;
  offset?: number;
  /** Whether `where` refers to lateral joins (inner embeds, null filters): then counting needs the joins. */
  whereNeedsJoins: boolean;
  /** GROUP BY terms, when the level aggregates. */
  group: string[];
  /** For a to-one spread: its aggregates, for the parent to apply. */
  hoisted: Hoisted[];
}

export interface NodeOptions {
  /** Root of a mutation's representation: filters, order and range were for the mutation itself. */
  skipOwnParams?: boolean;
  /** A to-one spread: select the aggregated columns plainly and leave the aggregates to the parent. */
  hoist?: boolean;
}

/**
 * Compiles one level of the select tree: its columns, its embeds as LATERAL joins, and the filters, order
 * and range the query string gave for its path.
 */
export function compileNode(
  ctx: BuildContext,
  rel: Relation,
  alias: string,
  from: string,
  items: SelectItem[],
  path: string[],
  opts: NodeOptions = {},
): ReadParts {
  const parts: ReadParts = {
    select: [],
    from,
    joins: [],
    where: [],
    order: [],
    whereNeedsJoins: false,
    group: [],
    hoisted: [],
  };
  const embeds = new Map<string, EmbedInfo>();
  const hasAgg = (list: SelectItem[]) => list.some((i) => i.kind === 'column' && i.agg !== undefined);
  // With aggregates, `*` becomes the table's columns so that they can be grouped by (PostgREST expands it too).
  const aggregating =
    !opts.hoist && (hasAgg(items) || items.some((i) => i.kind === 'embed' && i.spread && hasAgg(i.select)));
  const groupTerms: string[] = [];
  let aggregated = false;
  for (const item of items) {
    if (item.kind === 'star') {
      if (!aggregating) {
        parts.select.push(`${ident(alias)}.*`);
        continue;
      }
      for (const c of rel.columns.keys()) {
        parts.select.push(`${ident(alias)}.${ident(c)}`);
        groupTerms.push(`${ident(alias)}.${ident(c)}`);
      }
    } else if (item.kind === 'column') {
      const star = item.field.name === '*' && item.field.path.length === 0;
      const expr = star ? '*' : fieldSql(ctx, alias, item.field);
      const value = item.cast ? `${item.field.path.length ? `(${expr})` : expr}::${item.cast}` : expr;
      const name = outputName(item);
      if (item.agg && opts.hoist) {
        if (!star) parts.select.push(`${value} AS ${ident(name)}`);
        parts.hoisted.push({ name, agg: item.agg, aggCast: item.aggCast, row: star });
      } else if (item.agg) {
        parts.select.push(`${aggregateSql(item.agg, value, item.aggCast)} AS ${ident(name)}`);
        aggregated = true;
      } else {
        const plain = !item.alias && !item.cast && item.field.path.length === 0;
        parts.select.push(plain ? expr : `${value} AS ${ident(name)}`);
        groupTerms.push(plain ? expr : ident(name));
      }
    } else {
      const name = item.alias ?? item.name;
      const info = compileEmbed(ctx, rel, alias, item, path, parts);
      embeds.set(name, info);
      if (item.alias) embeds.set(item.name, info);
      groupTerms.push(...info.groupTerms);
      if (info.aggregated) aggregated = true;
    }
  }
  if (aggregated) parts.group = groupTerms;
  const key = path.join('.');
  const own = opts.skipOwnParams ? undefined : ctx.query.byPath.get(key);
  if (own) {
    ctx.usedPaths.add(key);
    for (const tree of own.filters) {
      const sql = logicSql(ctx, alias, tree, embeds);
      if (sql.includes('DISTINCT FROM NULL')) parts.whereNeedsJoins = true;
      parts.where.push(sql);
    }
    for (const term of own.order ?? []) parts.order.push(orderSql(ctx, alias, rel, term, embeds));
    parts.limit = own.limit;
    parts.offset = own.offset;
  }
  return parts;
}

function orderSql(
  ctx: BuildContext,
  alias: string,
  rel: Relation,
  term: OrderTerm,
  embeds: Map<string, EmbedInfo>,
): string {
  let expr: string;
  if (term.relation !== undefined) {
    const e = embeds.get(term.relation);
    if (!e) {
      throw new RestError(
        400,
        'PGRST108',
        `'${term.relation}' is not an embedded resource in this request`,
        null,
        `Verify that '${term.relation}' is included in the 'select' query parameter.`,
      );
    }
    if (!e.toOne) {
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${rel.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    expr = fieldSql(ctx, e.lateral, term.field);
  } else {
    expr = fieldSql(ctx, alias, term.field);
  }
  return `${expr}${term.direction ? ` ${term.direction.toUpperCase()}` : ''}${term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''}`;
}

function compileEmbed(
  ctx: BuildContext,
  parent: Relation,
  parentAlias: string,
  embed: SelectEmbed,
  path: string[],
  parts: ReadParts,
): EmbedInfo {
  const r = findRelationship(ctx, parent, embed);
  // PostgREST numbers embed aliases by depth, not per request (two unaliased embeds of one table at one
  // level then collide in Postgres, 42712, as they do on hosted).
  const n = path.length + 1;
  const name = embed.alias ?? embed.name;
  const target = r.target;
  const childAlias = `${target.name}_${n}`;
  const lateral = `${parent.name}_${name}_${n}`;
  let from = r.computed
    ? `${qualified(r.computed.schema, r.computed.name)}(${ident(parentAlias)}) AS ${ident(childAlias)}`
    : `${qualified(target.schema, target.name)} AS ${ident(childAlias)}`;
  const join: string[] = [];
  if (r.computed) {
    // the function call itself relates the rows
  } else if (r.junction) {
    const j = r.junction;
    const jAlias = `${j.table.name}_${n}`;
    from += ` INNER JOIN ${qualified(j.table.schema, j.table.name)} AS ${ident(jAlias)} ON ${j.targetFk.columns
      .map((c, i) => `${ident(childAlias)}.${ident(j.targetFk.refColumns[i]!)} = ${ident(jAlias)}.${ident(c)}`)
      .join(' AND ')}`;
    j.sourceFk.columns.forEach((c, i) =>
      join.push(`${ident(jAlias)}.${ident(c)} = ${ident(parentAlias)}.${ident(j.sourceFk.refColumns[i]!)}`),
    );
  } else {
    r.targetColumns.forEach((c, i) =>
      join.push(`${ident(childAlias)}.${ident(c)} = ${ident(parentAlias)}.${ident(r.sourceColumns[i]!)}`),
    );
  }
  // Filters may address the embed by its alias or by its name.
  const childPath = [...path, ctx.query.byPath.has([...path, name].join('.')) ? name : embed.name];
  const toOne = isToOne(r);
  const child = compileNode(ctx, target, childAlias, from, embed.select, childPath, {
    hoist: embed.spread && toOne,
  });
  if (embed.spread && !toOne && embed.select.some((i) => i.kind === 'column' && i.agg !== undefined)) {
    throw new RestError(
      400,
      'PGRST127',
      'Feature not implemented',
      'Aggregates are not implemented for one-to-many or many-to-many spreads.',
    );
  }
  const where = [...join, ...child.where];
  const inner = `SELECT ${child.select.join(', ')} FROM ${child.from}${child.joins.map((j) => ` ${j}`).join('')} WHERE ${where.length ? where.join(' AND ') : 'TRUE'}${
    child.group.length ? ` GROUP BY ${child.group.join(', ')}` : ''
  }${
    child.order.length ? ` ORDER BY ${child.order.join(', ')}` : ''
  }${child.limit !== undefined ? ` LIMIT ${ctx.params.add(child.limit)}` : ''}${child.offset !== undefined ? ` OFFSET ${ctx.params.add(child.offset)}` : ''}`;
  const lat = ident(lateral);
  const isInner = embed.joinType === 'inner';
  const outputs = embed.select.flatMap((i) =>
    i.kind === 'column' ? [outputName(i)] : i.kind === 'embed' ? [i.alias ?? i.name] : [...target.columns.keys()],
  );
  const groupTerms: string[] = [];
  let aggregated = false;
  if (toOne) {
    parts.joins.push(`${isInner ? 'INNER' : 'LEFT'} JOIN LATERAL ( ${inner} ) AS ${lat} ON TRUE`);
    if (embed.spread) {
      const hoisted = new Map(child.hoisted.map((h) => [h.name, h]));
      for (const o of outputs) {
        const h = hoisted.get(o);
        if (h) {
          parts.select.push(
            `${aggregateSql(h.agg, h.row ? `${lat}.*` : `${lat}.${ident(o)}`, h.aggCast)} AS ${ident(o)}`,
          );
          aggregated = true;
        } else {
          parts.select.push(`${lat}.${ident(o)} AS ${ident(o)}`);
          groupTerms.push(`${lat}.${ident(o)}`);
        }
      }
    } else if (embed.select.length) {
      parts.select.push(`row_to_json(${lat}.*)::jsonb AS ${ident(name)}`);
      groupTerms.push(ident(name));
    }
    if (isInner) parts.whereNeedsJoins = true;
  } else {
    if (embed.spread) {
      // PostgREST v13+: spreading a to-many embed aggregates each of its columns into an array ([] if none).
      const aggregates = outputs.map((o) => `json_agg(${lat}.${ident(o)}) AS ${ident(o)}`).join(', ');
      parts.joins.push(`LEFT JOIN LATERAL ( SELECT ${aggregates} FROM (${inner}) AS ${lat} ) AS ${lat} ON TRUE`);
      for (const o of outputs) parts.select.push(`COALESCE( ${lat}.${ident(o)}, '[]') AS ${ident(o)}`);
      if (isInner && outputs.length) {
        parts.where.push(`${lat}.${ident(outputs[0]!)} IS NOT NULL`);
        parts.whereNeedsJoins = true;
      }
      return { toOne, lateral, outputs, groupTerms, aggregated };
    }
    parts.joins.push(
      `LEFT JOIN LATERAL ( SELECT json_agg(${lat})::jsonb AS ${lat} FROM (${inner}) AS ${lat} ) AS ${lat} ON TRUE`,
    );
    if (embed.select.length) {
      parts.select.push(`COALESCE( ${lat}.${lat}, '[]') AS ${ident(name)}`);
      groupTerms.push(ident(name));
    }
    if (isInner) {
      parts.where.push(`${lat}.${lat} IS NOT NULL`);
      parts.whereNeedsJoins = true;
    }
  }
  return { toOne, lateral, outputs, groupTerms, aggregated };
}

/** Embed paths given in the query string but not embedded: PGRST108, as PostgREST. */
export function checkUnusedPaths(ctx: BuildContext): void {
  for (const key of ctx.query.byPath.keys()) {
    if (ctx.usedPaths.has(key)) continue;
    const name = key.split('.').pop()!;
    throw new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }
}

export function selectSql(
  parts: ReadParts,
  withOrderAndRange: boolean,
  limitParam?: string,
  offsetParam?: string,
): string {
  let sql = `SELECT ${parts.select.join(', ') || ''} FROM ${parts.from}${parts.joins.map((j) => ` ${j}`).join('')}`;
  if (parts.where.length) sql += ` WHERE ${parts.where.join(' AND ')}`;
  if (parts.group.length) sql += ` GROUP BY ${parts.group.join(', ')}`;
  if (withOrderAndRange) {
    if (parts.order.length) sql += ` ORDER BY ${parts.order.join(', ')}`;
    if (limitParam) sql += ` LIMIT ${limitParam}`;
    if (offsetParam) sql += ` OFFSET ${offsetParam}`;
  }
  return sql;
}

export type CountMode = 'exact' | 'planned' | 'estimated' | undefined;

export interface ReadStatement {
  sql: string;
  /** For count=planned/estimated: an EXPLAIN whose top plan's rows is the estimate. */
  explainSql?: string;
}

/**
 * The whole read: `WITH pgrst_source AS (…) SELECT total, page_total, body`. The count, when asked for,
 * is a separate aggregate over the same FROM/WHERE without order and range.
 */
/**
 * The response body over `_postgrest_t` (rows of the CTE `pgrst_source`): a JSON array, one JSON object, or
 * text/csv as PostgREST writes it — a header of the first row's keys, then each row's record text without
 * its parentheses (so values are quoted as Postgres quotes record fields).
 */
export function bodySql(opts: { singular: boolean; csv?: boolean; stripNulls?: boolean }): string {
  if (opts.csv) {
    const header = `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM (SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a)`;
    return `${header} || chr(10) || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), chr(10)), '')`;
  }
  // nulls=stripped: each row without its null-valued keys (json_strip_nulls, as PostgREST's stripped aggregates).
  const row = opts.stripNulls ? 'json_strip_nulls(row_to_json(_postgrest_t))' : '_postgrest_t';
  return opts.singular ? `coalesce((json_agg(${row})->0)::text, 'null')` : `coalesce(json_agg(${row}), '[]')::text`;
}

export function buildReadStatement(
  ctx: BuildContext,
  parts: ReadParts,
  opts: {
    count: CountMode;
    singular: boolean;
    csv?: boolean;
    stripNulls?: boolean;
    limit: number | null;
    offset: number;
    maxRows: number | null;
  },
): ReadStatement {
  const limitP = ctx.params.add(opts.limit);
  const offsetP = ctx.params.add(opts.offset);
  const source = selectSql(parts, true, limitP, offsetP);
  const countFrom = `FROM ${parts.from}${parts.whereNeedsJoins ? parts.joins.map((j) => ` ${j}`).join('') : ''}${
    parts.where.length ? ` WHERE ${parts.where.join(' AND ')}` : ''
  }`;
  let total = 'NULL::bigint';
  if (opts.count === 'exact') total = `(SELECT pg_catalog.count(*) ${countFrom})`;
  else if (opts.count === 'estimated' && opts.maxRows !== null) {
    total = `(SELECT pg_catalog.count(*) FROM (SELECT 1 ${countFrom} LIMIT ${ctx.params.add(opts.maxRows + 1)}) pgrst_capped)`;
  }
  const body = bodySql(opts);
  const sql = `WITH pgrst_source AS ( ${source} ) SELECT ${total} AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ${body} AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
  const explainSql =
    opts.count === 'planned' || opts.count === 'estimated' ? `EXPLAIN (FORMAT JSON) SELECT 1 ${countFrom}` : undefined;
  return { sql, explainSql };
}

// ---------- writes ----------

export interface Payload {
  /** The JSON text of an array of objects. */
  json: string;
  rows: Record<string, unknown>[];
  /** The columns to write: `?columns=` or the keys of the first object. */
  columns: string[];
}

function checkColumns(rel: Relation, columns: string[]): void {
  for (const c of columns) {
    if (!rel.columns.has(c)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${c}' column of '${rel.name}' in the schema cache`);
    }
  }
}

function recordsetFrom(ctx: BuildContext, rel: Relation, columns: string[], json: string): string {
  const defs = columns.map((c) => `${ident(c)} ${rel.columns.get(c)!.type}`).join(', ');
  return `json_to_recordset(${ctx.params.add(json)}::json) AS pgrst_body (${defs})`;
}

export interface MutationOptions {
  /** RETURNING the row (representation) rather than `1`. */
  returnRows: boolean;
  /**
   * With returnRows: the columns RETURNING names (returnedColumns), or null for the whole row. PostgREST returns only
   * what the select asks for (`returningF`), so a role granted some columns only can still write and read those back.
   */
  returnColumns?: string[] | null;
  onConflict?: string[];
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
}

/**
 * INSERT … SELECT … FROM json_to_recordset($1): keys missing from a row become NULL. With missing=default,
 * PostgREST's way: each row is laid over an object of every written column's default, evaluated per row
 * (so a sequence is drawn for every row, also where the row gives the value), then inserted.
 * Returns the data-modifying CTE, yielding `pgrst_row` (when rows are returned) and `pgrst_inserted`.
 */
export function buildInsert(ctx: BuildContext, rel: Relation, payload: Payload, opts: MutationOptions): string[] {
  checkColumns(rel, payload.columns);
  let conflict = '';
  if (opts.resolution) {
    const target = opts.onConflict ?? rel.pk;
    checkColumns(rel, target);
    const targetSql = target.length ? ` (${target.map(ident).join(', ')})` : '';
    if (opts.resolution === 'ignore-duplicates') conflict = ` ON CONFLICT${targetSql} DO NOTHING`;
    else {
      const sets = payload.columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`);
      conflict = sets.length
        ? ` ON CONFLICT${targetSql} DO UPDATE SET ${sets.join(', ')} WHERE ${countInserted('-')}`
        : ` ON CONFLICT${targetSql} DO NOTHING`;
    }
  }
  // An upsert counts the rows it inserts as PostgREST does (every row tried adds one, every row updated takes it
  // back), never through a system column: RETURNING xmax needs SELECT on the whole table, which a table granting
  // SELECT on some columns only does not give, and hosted writes to such a table.
  const counted = opts.resolution === 'merge-duplicates' ? ` WHERE ${countInserted('+')}` : '';
  const table = `${qualified(rel.schema, rel.name)} AS ${ident(rel.name)}`;
  const returning = returningSql(rel, opts);
  if (payload.columns.length === 0) {
    return [
      `INSERT INTO ${table} SELECT FROM json_array_elements(${ctx.params.add(payload.json)}::json)${counted}${conflict} RETURNING ${returning}`,
    ];
  }
  const cols = payload.columns.map(ident).join(', ');
  const picked = payload.columns.map((c) => `pgrst_body.${ident(c)}`).join(', ');
  if (!opts.missingDefault) {
    return [
      `INSERT INTO ${table} (${cols}) SELECT ${picked} FROM ${recordsetFrom(ctx, rel, payload.columns, payload.json)}${counted}${conflict} RETURNING ${returning}`,
    ];
  }
  const defaults = payload.columns
    .map((c) => rel.columns.get(c)!)
    .filter((c) => c.defaultExpr !== undefined)
    .map((c) => `${ctx.params.add(c.name)}::text, ${c.defaultExpr}`);
  const defs = payload.columns.map((c) => `${ident(c)} ${rel.columns.get(c)!.type}`).join(', ');
  const source =
    `(SELECT ${ctx.params.add(payload.json)}::jsonb AS json_data) pgrst_payload, ` +
    `LATERAL (SELECT jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || elem) AS val FROM jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, ` +
    `LATERAL (SELECT * FROM jsonb_to_recordset(pgrst_json_defs.val) AS _ (${defs})) pgrst_body`;
  return [`INSERT INTO ${table} (${cols}) SELECT ${picked} FROM ${source}${counted}${conflict} RETURNING ${returning}`];
}

/** The transaction's count of upserted rows inserted (PostgREST's `pgrst.inserted`): always true as a condition. */
const INSERTED_SETTING = `coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)`;
function countInserted(step: '+' | '-'): string {
  return `set_config('pgrst.inserted', (${INSERTED_SETTING} ${step} 1)::text, true) <> '${step === '+' ? '0' : '-1'}'`;
}

/**
 * The columns a mutation's representation reads, when the select names plain columns of the table only; null (the
 * whole row) for `*`, embeds, aggregates or anything that is not a column. PostgREST also names only the embeds'
 * join columns; here an embed still returns the whole row.
 */
export function returnedColumns(rel: Relation, items: SelectItem[]): string[] | null {
  const names = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'column' || item.agg || !rel.columns.has(item.field.name)) return null;
    names.add(item.field.name);
  }
  return names.size > 0 ? [...names] : null;
}

function returningSql(rel: Relation, opts: MutationOptions): string {
  const cols = opts.returnRows && opts.returnColumns ? opts.returnColumns : null;
  const row = cols
    ? cols.map((c) => `${ident(rel.name)}.${ident(c)}`).join(', ')
    : opts.returnRows
      ? `${ident(rel.name)} AS pgrst_row`
      : '1 AS pgrst_one';
  // An upsert's rows say null: how many it inserted is the count its WHERE clauses kept (countInserted), so an
  // upsert that inserted nothing answers 200.
  return opts.resolution === 'merge-duplicates'
    ? `${row}, NULL::boolean AS pgrst_inserted`
    : `${row}, true AS pgrst_inserted`;
}

export function buildUpdate(
  ctx: BuildContext,
  rel: Relation,
  payload: Payload,
  where: string[],
  opts: MutationOptions,
): string {
  checkColumns(rel, payload.columns);
  const sets = payload.columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  const first = JSON.stringify(payload.rows.slice(0, 1));
  return `UPDATE ${qualified(rel.schema, rel.name)} AS ${ident(rel.name)} SET ${sets} FROM (SELECT * FROM ${recordsetFrom(ctx, rel, payload.columns, first)}) pgrst_body${
    where.length ? ` WHERE ${where.join(' AND ')}` : ''
  } RETURNING ${returningSql(rel, opts)}`;
}

export function buildDelete(rel: Relation, where: string[], opts: MutationOptions): string {
  return `DELETE FROM ${qualified(rel.schema, rel.name)} AS ${ident(rel.name)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} RETURNING ${returningSql(rel, opts)}`;
}

/**
 * Wraps data-modifying CTEs: counts affected and inserted rows and, for return=representation, shapes the
 * returned rows with the select tree (embeds included) like a read of `pgrst_source`.
 */
export function buildMutationStatement(
  ctx: BuildContext,
  rel: Relation,
  mutations: string[],
  representation: { items: SelectItem[]; singular: boolean; csv?: boolean; stripNulls?: boolean } | null,
): string {
  const ctes = mutations.map((m, i) => `pgrst_mut_${i} AS ( ${m} )`);
  const all = mutations.map((_, i) => `SELECT * FROM pgrst_mut_${i}`).join(' UNION ALL ');
  ctes.push(`pgrst_mut AS ( ${all} )`);
  // The upsert's count is read above the aggregate over its rows, so after the data-modifying CTE has run.
  const counts =
    `(SELECT pg_catalog.count(*) FROM pgrst_mut) AS page_total, ` +
    `(SELECT pg_catalog.count(*) FILTER (WHERE pgrst_inserted) + ` +
    `CASE WHEN pg_catalog.bool_or(pgrst_inserted IS NULL) THEN ${INSERTED_SETTING} ELSE 0 END FROM pgrst_mut) AS inserted`;
  if (!representation) {
    return `WITH ${ctes.join(', ')} SELECT NULL::bigint AS total_result_set, ${counts}, ''::text AS body`;
  }
  const cols = returnedColumns(rel, representation.items);
  const from = cols
    ? `(SELECT ${cols.map(ident).join(', ')} FROM pgrst_mut) AS ${ident(rel.name)}`
    : `(SELECT (pgrst_row).* FROM pgrst_mut) AS ${ident(rel.name)}`;
  const parts = compileNode(ctx, rel, rel.name, from, representation.items, [], { skipOwnParams: true });
  markRootUsed(ctx);
  ctes.push(`pgrst_source AS ( ${selectSql(parts, false)} )`);
  return `WITH ${ctes.join(', ')} SELECT NULL::bigint AS total_result_set, ${counts}, (SELECT ${bodySql(representation)} FROM ( SELECT * FROM pgrst_source ) _postgrest_t) AS body`;
}

function markRootUsed(ctx: BuildContext): void {
  ctx.usedPaths.add('');
}

/** Root filters of a PATCH/DELETE: the WHERE clause of the mutation itself. */
export function rootWhere(ctx: BuildContext, rel: Relation): string[] {
  const own = ctx.query.byPath.get('');
  return (own?.filters ?? []).map((t) => logicSql(ctx, rel.name, t, new Map()));
}

// ---------- rpc ----------

/** `FROM json_to_record($1) AS pgrst_args(a int, …)` and the named-argument call. */
export function callSql(
  ctx: BuildContext,
  fn: Func,
  argsJson: string,
  argNames: string[],
  body?: string | Buffer,
): { call: string; from: string } {
  const name = qualified(fn.schema, fn.name);
  if (fn.params.length === 1 && fn.params[0]!.name === '') {
    // The whole body is the one unnamed argument (bytea as bytes, anything else as text cast to its type).
    const type = fn.params[0]!.type;
    return { call: `${name}(${ctx.params.add(body ?? argsJson)}${type === 'bytea' ? '' : `::${type}`})`, from: '' };
  }
  const given = fn.params.filter((p) => argNames.includes(p.name));
  if (given.length === 0) return { call: `${name}()`, from: '' };
  const defs = given.map((p) => `${ident(p.name)} ${p.type}`).join(', ');
  return {
    call: `${name}(${given.map((p) => `${ident(p.name)} := pgrst_args.${ident(p.name)}`).join(', ')})`,
    from: `json_to_record(${ctx.params.add(argsJson)}::json) AS pgrst_args (${defs})`,
  };
}
