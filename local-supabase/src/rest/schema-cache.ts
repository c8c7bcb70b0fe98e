import type pg from 'pg';

/**
 * What PostgREST keeps in its schema cache (PostgREST src/PostgREST/SchemaCache.hs@v14.12): relations and
 * columns, primary keys, foreign-key relationships (with one-to-one and many-to-many derived), functions,
 * and per-role settings. Loaded with the superuser; only the exposed schemas are kept.
 */

export interface Column {
  name: string;
  /** `format_type()` text, safe to splice into a column definition list. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** The default as SQL (an identity column's is its sequence's nextval), for `Prefer: missing=default`. */
  defaultExpr?: string;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'function';
  columns: Map<string, Column>;
  pk: string[];
  /** Column sets with a unique constraint (primary key included). */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: Relation;
  columns: string[];
  refTable: Relation;
  refColumns: string[];
  /** Seen through a view: not a junction of many-to-many relationships. */
  viaView?: boolean;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  constraint: string;
  source: Relation;
  target: Relation;
  /** Join: target.targetColumns[i] = source.sourceColumns[i] (through the junction for many-to-many). */
  sourceColumns: string[];
  targetColumns: string[];
  /** The foreign key's own columns, for `!hint` by column. */
  fkColumns: string[];
  junction?: { table: Relation; sourceFk: ForeignKey; targetFk: ForeignKey };
  /**
   * A computed relationship: a function taking the source's row type and returning rows of the target,
   * embedded by the function's name (PostgREST "computed relationships"; they win over foreign keys).
   */
  computed?: { schema: string; name: string };
}

export interface FuncParam {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Func {
  schema: string;
  name: string;
  params: FuncParam[];
  /**
   * Whether PostgREST can call it: every parameter named, or exactly one unnamed parameter of type bytea,
   * json, jsonb, text or xml (which then takes the whole body). Others are left out of the schema cache.
   */
  callable: boolean;
  returnsSet: boolean;
  returnKind: 'void' | 'scalar' | 'composite';
  /** The relation the function returns rows of (a table type, or its OUT parameters). */
  returnRelation?: Relation;
  volatility: 'i' | 's' | 'v';
  signature: string;
}

export interface SchemaCache {
  schemas: string[];
  relations: Map<string, Relation>;
  functions: Map<string, Func[]>;
  relationships: Map<string, Relationship[]>;
  /** ALTER ROLE … SET settings of user context, per role (e.g. statement_timeout). */
  roleSettings: Map<string, [string, string][]>;
}

export const relKey = (schema: string, name: string) => `${schema}.${name}`;

const RELATIONS_SQL = `
select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as relkind
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r','v','m','f','p')`;

const COLUMNS_SQL = `
select a.attrelid::int as relid, a.attnum::int as attnum, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
  not a.attnotnull as nullable, (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
  case when a.attgenerated <> '' then null
       when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
       else pg_get_expr(d.adbin, d.adrelid) end as default_expr
from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
  left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where n.nspname = any($1) and c.relkind in ('r','v','m','f','p') and a.attnum > 0 and not a.attisdropped
order by a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, con.conrelid::int as relid, con.confrelid::int as frelid,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as cols,
  array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as fcols
from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
where con.contype in ('p','u','f') and n.nspname = any($1)
order by con.conname`;

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
  format_type(p.prorettype, null) as rettype, t.typtype::text as rettyptype, t.typrelid::int as retrelid,
  p.pronargs as nargs, p.pronargdefaults as ndefaults, coalesce(p.proargnames, '{}') as argnames,
  coalesce(p.proargmodes::text[], '{}') as argmodes,
  array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o) order by o) as argtypes,
  array(select coalesce(ty.typrelid, 0)::int from unnest(p.proargtypes::oid[]) with ordinality u(x, o) left join pg_type ty on ty.oid = u.x order by o) as argrelids,
  p.prorows::float8 as prorows
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f' and t.typname not in ('trigger', 'event_trigger')
order by p.oid`;

const ROLE_SETTINGS_SQL = `
select r.rolname as role, split_part(cfg, '=', 1) as name, substr(cfg, strpos(cfg, '=') + 1) as value
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) cfg
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
  and exists (select 1 from pg_settings ps where ps.name = split_part(cfg, '=', 1) and ps.context = 'user')
order by s.setdatabase`;

/** Each view's stored query: its top-level target list says which table column each view column is. */
const VIEWS_SQL = `
select c.oid::int as oid, r.ev_action::text as action
from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

/**
 * The view columns that are a table's column as they are (`resorigtbl`/`resorigcol` of the entries of the top
 * query's target list in the view's stored rule, which Postgres fills for plain column references), by name.
 * PostgREST follows view columns to their tables the same way to embed through views.
 */
export function viewColumnOrigins(action: string): Map<string, { rel: number; attnum: number }> {
  const out = new Map<string, { rel: number; attnum: number }>();
  // Find `:targetList` at the top query's own level: one `{` deep, outside quoted names.
  let depth = 0;
  let start = -1;
  for (let i = 0; i < action.length; i++) {
    const ch = action[i];
    if (ch === '"') {
      for (i++; i < action.length && action[i] !== '"'; i++) if (action[i] === '\\') i++;
    } else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && action.startsWith(':targetList ', i)) {
      start = i + ':targetList '.length;
      break;
    }
  }
  if (start < 0 || action[start] !== '(') return out;
  // The list runs to its closing parenthesis; its entries are `{TARGETENTRY … }` at one level down.
  let level = 0;
  let entryStart = -1;
  for (let i = start; i < action.length; i++) {
    const ch = action[i];
    if (ch === '"') {
      for (i++; i < action.length && action[i] !== '"'; i++) if (action[i] === '\\') i++;
    } else if (ch === '(' || ch === '{') {
      if (level === 1 && action.startsWith('{TARGETENTRY', i)) entryStart = i;
      level++;
    } else if (ch === ')' || ch === '}') {
      level--;
      if (level === 1 && entryStart >= 0 && ch === '}') {
        const entry = action.slice(entryStart, i + 1);
        // The entry's own fields follow its expression, so they are the last of each name.
        // Postgres writes a name's spaces and brackets with a backslash before them.
        const field = (name: string) =>
          [...entry.matchAll(new RegExp(`:${name} ((?:\\\\.|[^\\s{}()\\\\])+)`, 'g'))]
            .pop()?.[1]
            ?.replace(/\\(.)/g, '$1');
        const name = field('resname');
        const rel = Number(field('resorigtbl'));
        const attnum = Number(field('resorigcol'));
        if (name && field('resjunk') === 'false' && rel > 0 && attnum > 0) out.set(name, { rel, attnum });
        entryStart = -1;
      }
      if (level === 0) break;
    }
  }
  return out;
}

export async function loadSchemaCache(db: pg.Pool | pg.Client, schemas: string[]): Promise<SchemaCache> {
  const [rels, cols, cons, funcs, settings, views] = await Promise.all([
    db.query(RELATIONS_SQL, [schemas]),
    db.query(COLUMNS_SQL, [schemas]),
    db.query(CONSTRAINTS_SQL, [schemas]),
    db.query(FUNCTIONS_SQL, [schemas]),
    db.query(ROLE_SETTINGS_SQL),
    db.query(VIEWS_SQL, [schemas]),
  ]);
  const byOid = new Map<number, Relation>();
  const relations = new Map<string, Relation>();
  for (const r of rels.rows) {
    const rel: Relation = {
      schema: r.schema,
      name: r.name,
      kind: r.relkind === 'v' || r.relkind === 'm' ? 'view' : 'table',
      columns: new Map(),
      pk: [],
      uniques: [],
    };
    byOid.set(r.oid, rel);
    relations.set(relKey(r.schema, r.name), rel);
  }
  const attnames = new Map<number, Map<number, string>>();
  for (const c of cols.rows) {
    if (!attnames.has(c.relid)) attnames.set(c.relid, new Map());
    attnames.get(c.relid)!.set(c.attnum, c.name);
    byOid.get(c.relid)?.columns.set(c.name, {
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      hasDefault: c.has_default,
      defaultExpr: c.default_expr ?? undefined,
    });
  }
  const fks: ForeignKey[] = [];
  for (const c of cons.rows) {
    const rel = byOid.get(c.relid);
    if (!rel) continue;
    if (c.type === 'p') {
      rel.pk = c.cols;
      rel.uniques.push(c.cols);
    } else if (c.type === 'u') {
      rel.uniques.push(c.cols);
    } else {
      const ref = byOid.get(c.frelid);
      if (ref) fks.push({ name: c.name, table: rel, columns: c.cols, refTable: ref, refColumns: c.fcols });
    }
  }

  const functions = new Map<string, Func[]>();
  const computed: Relationship[] = [];
  for (const f of funcs.rows as FuncRow[]) {
    const fn = toFunc(f, byOid);
    const key = relKey(fn.schema, fn.name);
    if (fn.callable) functions.set(key, [...(functions.get(key) ?? []), fn]);
    const source = f.argrelids.length === 1 ? byOid.get(f.argrelids[0]!) : undefined;
    const target = fn.returnRelation;
    if (source && target && target.kind !== 'function') {
      // One row (not SETOF, or SETOF … ROWS 1) makes it to-one, as PostgREST decides.
      const toOne = !f.returns_set || f.prorows === 1;
      computed.push({
        cardinality: toOne ? 'many-to-one' : 'one-to-many',
        constraint: fn.name,
        source,
        target,
        sourceColumns: [],
        targetColumns: [],
        fkColumns: [],
        computed: { schema: fn.schema, name: fn.name },
      });
    }
  }

  const roleSettings = new Map<string, [string, string][]>();
  for (const s of settings.rows) {
    const list = roleSettings.get(s.role) ?? [];
    // database-specific settings come last and win
    const i = list.findIndex(([n]) => n === s.name);
    if (i >= 0) list.splice(i, 1);
    list.push([s.name, s.value]);
    roleSettings.set(s.role, list);
  }

  const relationships = deriveRelationships([...fks, ...viewForeignKeys(fks, views.rows, byOid, attnames)]);
  for (const r of computed) {
    const k = relKey(r.source.schema, r.source.name);
    relationships.set(k, [...(relationships.get(k) ?? []), r]);
  }
  return { schemas, relations, functions, relationships, roleSettings };
}

interface FuncRow {
  schema: string;
  name: string;
  volatility: 'i' | 's' | 'v';
  returns_set: boolean;
  rettype: string;
  rettyptype: string;
  retrelid: number;
  nargs: number;
  ndefaults: number;
  argnames: string[];
  argmodes: string[];
  argtypes: string[];
  /** pg_class oid of each input parameter's type when it is a row type, else 0. */
  argrelids: number[];
  prorows: number;
}

function toFunc(f: FuncRow, byOid: Map<number, Relation>): Func {
  const inputs: FuncParam[] = [];
  const outputs: Column[] = [];
  f.argtypes.forEach((type, i) => {
    const mode = f.argmodes[i] ?? 'i';
    const name = f.argnames[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type, nullable: true, hasDefault: false });
  });
  for (let i = inputs.length - f.ndefaults; i < inputs.length; i++) if (inputs[i]) inputs[i]!.hasDefault = true;
  let returnKind: Func['returnKind'] = 'scalar';
  let returnRelation: Relation | undefined;
  if (f.rettype === 'void') returnKind = 'void';
  else if (f.rettyptype === 'c') {
    returnKind = 'composite';
    returnRelation = byOid.get(f.retrelid);
  } else if (f.rettype === 'record' && outputs.length > 0) {
    returnKind = 'composite';
  }
  if (returnKind === 'composite' && !returnRelation) {
    returnRelation = {
      schema: f.schema,
      name: f.name,
      kind: 'function',
      columns: new Map(outputs.map((c) => [c.name, c])),
      pk: [],
      uniques: [],
    };
  }
  const unnamed = inputs.filter((p) => p.name === '');
  const callable =
    unnamed.length === 0 ||
    (unnamed.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]!.type));
  return {
    schema: f.schema,
    name: f.name,
    params: inputs,
    callable,
    returnsSet: f.returns_set,
    returnKind,
    returnRelation,
    volatility: f.volatility,
    signature: `${f.schema}.${f.name}(${inputs.map((p) => p.name).join(', ')})`,
  };
}

/**
 * Foreign keys seen through views: for a key from table A to table B, every view showing all of A's key
 * columns stands in for A, every view showing all of B's referenced columns stands in for B (views of views
 * followed to their tables), so a view embeds and is embedded as its table would be.
 */
function viewForeignKeys(
  fks: ForeignKey[],
  views: { oid: number; action: string }[],
  byOid: Map<number, Relation>,
  attnames: Map<number, Map<number, string>>,
): ForeignKey[] {
  const oidOf = new Map<Relation, number>([...byOid].map(([oid, rel]) => [rel, oid]));
  const origins = new Map<number, Map<string, { rel: number; attnum: number }>>();
  for (const v of views) origins.set(v.oid, viewColumnOrigins(v.action));
  // A view column's table column, through views of views.
  const base = (oid: number, col: string, hops = 0): { rel: number; col: string } | null => {
    const o = origins.get(oid)?.get(col);
    if (!o || hops > 10) return null;
    const name = attnames.get(o.rel)?.get(o.attnum);
    if (!name) return null;
    return origins.has(o.rel) ? base(o.rel, name, hops + 1) : { rel: o.rel, col: name };
  };
  // Per view: its columns that are a table's column as they are, `tableOid.column` → the view's name for it.
  const shown = new Map<number, Map<string, string>>();
  for (const [viewOid, cols] of origins) {
    const names = new Map<string, string>();
    for (const vc of cols.keys()) {
      const b = base(viewOid, vc);
      if (b && !names.has(`${b.rel}.${b.col}`)) names.set(`${b.rel}.${b.col}`, vc);
    }
    shown.set(viewOid, names);
  }
  // Each view with the names its columns have for the given table's columns.
  const standIns = (table: Relation, columns: string[]): { rel: Relation; columns: string[] }[] => {
    const tableOid = oidOf.get(table);
    const out: { rel: Relation; columns: string[] }[] = [];
    for (const [viewOid, names] of shown) {
      const view = byOid.get(viewOid);
      const named = columns.map((c) => names.get(`${tableOid}.${c}`));
      if (view && named.every((n) => n !== undefined)) out.push({ rel: view, columns: named as string[] });
    }
    return out;
  };
  const extra: ForeignKey[] = [];
  for (const fk of fks) {
    const froms = [{ rel: fk.table, columns: fk.columns }, ...standIns(fk.table, fk.columns)];
    const tos = [{ rel: fk.refTable, columns: fk.refColumns }, ...standIns(fk.refTable, fk.refColumns)];
    for (const f of froms) {
      for (const t of tos) {
        if (f.rel === fk.table && t.rel === fk.refTable) continue;
        extra.push({
          name: fk.name,
          table: f.rel,
          columns: f.columns,
          refTable: t.rel,
          refColumns: t.columns,
          viaView: true,
        });
      }
    }
  }
  return extra;
}

function isUnique(rel: Relation, cols: string[]): boolean {
  const set = new Set(cols);
  return rel.uniques.some((u) => u.length === set.size && u.every((c) => set.has(c)));
}

function deriveRelationships(fks: ForeignKey[]): Map<string, Relationship[]> {
  const out = new Map<string, Relationship[]>();
  const add = (r: Relationship) => {
    const key = relKey(r.source.schema, r.source.name);
    out.set(key, [...(out.get(key) ?? []), r]);
  };
  for (const fk of fks) {
    const oneToOne = isUnique(fk.table, fk.columns);
    add({
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      constraint: fk.name,
      source: fk.table,
      target: fk.refTable,
      sourceColumns: fk.columns,
      targetColumns: fk.refColumns,
      fkColumns: fk.columns,
    });
    add({
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      constraint: fk.name,
      source: fk.refTable,
      target: fk.table,
      sourceColumns: fk.refColumns,
      targetColumns: fk.columns,
      fkColumns: fk.columns,
    });
  }
  // Many-to-many through a junction whose primary key covers both foreign keys' columns.
  const byTable = new Map<Relation, ForeignKey[]>();
  for (const fk of fks) if (!fk.viaView) byTable.set(fk.table, [...(byTable.get(fk.table) ?? []), fk]);
  for (const [junction, list] of byTable) {
    const pk = new Set(junction.pk);
    if (pk.size === 0) continue;
    for (const a of list) {
      for (const b of list) {
        if (a === b) continue;
        if (![...a.columns, ...b.columns].every((c) => pk.has(c))) continue;
        add({
          cardinality: 'many-to-many',
          constraint: junction.name,
          source: a.refTable,
          target: b.refTable,
          sourceColumns: a.refColumns,
          targetColumns: b.refColumns,
          fkColumns: [...a.columns, ...b.columns],
          junction: { table: junction, sourceFk: a, targetFk: b },
        });
      }
    }
  }
  return out;
}

/** How PostgREST names a relationship in PGRST201 details. */
export function describeRelationship(r: Relationship): {
  cardinality: Cardinality;
  embedding: string;
  relationship: string;
} {
  const rel = r.junction
    ? `${r.junction.table.name} using ${r.junction.sourceFk.name}(${r.junction.sourceFk.columns.join(', ')}) and ${r.junction.targetFk.name}(${r.junction.targetFk.columns.join(', ')})`
    : `${r.constraint} using ${r.source.name}(${r.sourceColumns.join(', ')}) and ${r.target.name}(${r.targetColumns.join(', ')})`;
  return { cardinality: r.cardinality, embedding: `${r.source.name} with ${r.target.name}`, relationship: rel };
}

/** True when the embed renders as one object (or null) rather than an array. */
export function isToOne(r: Relationship): boolean {
  return r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';
}
