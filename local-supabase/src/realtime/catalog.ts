import type pg from 'pg';
import type { TypeCategory, TypeInfo } from './values.ts';

/**
 * Catalog facts the dispatcher needs per change, cached. A relation's entry is dropped whenever pgoutput
 * sends its Relation message again, which Postgres does after any relcache invalidation of the table
 * (ALTER TABLE, ENABLE ROW LEVEL SECURITY, GRANT/REVOKE on it or its columns), so cached columns, primary
 * key, RLS flag and column privileges never outlive a change to them.
 */
export interface RelationInfo {
  oid: number;
  rlsEnabled: boolean;
  primaryKey: string[];
  /** Columns in attnum order, as hosted lists them in `columns`. */
  columns: { name: string; type: TypeInfo }[];
  /** role → columns it may SELECT, filled on demand. */
  selectable: Map<string, Promise<Set<string>>>;
}

const CATEGORY_BY_OID: Record<number, TypeCategory> = {
  16: 'bool',
  20: 'number',
  21: 'number',
  23: 'number',
  700: 'number',
  701: 'number',
  1700: 'number',
  1082: 'date',
  1114: 'timestamp',
  1184: 'timestamptz',
  114: 'json',
  3802: 'jsonb',
};

interface TypeRow {
  oid: number;
  typname: string;
  regtype: string;
  typtype: string;
  typelem: number;
  typbasetype: number;
  typdelim: string;
  typrelid: number;
  is_array: boolean;
}

export class Catalog {
  private readonly types = new Map<number, TypeInfo>();
  private readonly relations = new Map<number, Promise<RelationInfo>>();

  constructor(private readonly pool: pg.Pool) {}

  invalidateRelation(oid: number): void {
    this.relations.delete(oid);
  }

  relation(oid: number): Promise<RelationInfo> {
    let p = this.relations.get(oid);
    if (!p) {
      p = this.loadRelation(oid);
      p.catch(() => this.relations.delete(oid));
      this.relations.set(oid, p);
    }
    return p;
  }

  /** Columns `role` may select in the relation (has_column_privilege, as realtime.apply_rls checks). */
  selectable(rel: RelationInfo, role: string): Promise<Set<string>> {
    let p = rel.selectable.get(role);
    if (!p) {
      p = this.pool
        .query<{ attname: string }>(
          `select a.attname from pg_attribute a
            where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
              and exists (select 1 from pg_roles where rolname = $2)
              and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
          [rel.oid, role],
        )
        .then((r) => new Set(r.rows.map((x) => x.attname)));
      p.catch(() => rel.selectable.delete(role));
      rel.selectable.set(role, p);
    }
    return p;
  }

  async type(oid: number): Promise<TypeInfo> {
    await this.loadTypes([oid]);
    return this.types.get(oid)!;
  }

  typeSync(oid: number): TypeInfo | undefined {
    return this.types.get(oid);
  }

  /** Loads the types (and their element, base and field types) not cached yet. */
  async loadTypes(oids: number[]): Promise<void> {
    const rows = new Map<number, TypeRow>();
    const fields = new Map<number, { name: string; typeOid: number }[]>();
    let pending = [...new Set(oids)].filter((o) => !this.types.has(o));
    while (pending.length > 0) {
      const res = await this.pool.query<TypeRow>(
        `select t.oid::int as oid, t.typname::text as typname, t.oid::regtype::text as regtype, t.typtype::text as typtype,
                t.typelem::int as typelem, t.typbasetype::int as typbasetype, t.typdelim::text as typdelim,
                t.typrelid::int as typrelid,
                (t.typelem <> 0 and t.typsubscript = 'array_subscript_handler'::regproc) as is_array
           from pg_type t where t.oid = any($1::oid[])`,
        [pending],
      );
      const next: number[] = [];
      const want = (o: number) => {
        if (o && !this.types.has(o) && !rows.has(o) && !pending.includes(o)) next.push(o);
      };
      for (const row of res.rows) {
        rows.set(row.oid, row);
        if (row.is_array) want(row.typelem);
        if (row.typtype === 'd') want(row.typbasetype);
        if (row.typtype === 'c') {
          const attrs = await this.pool.query<{ name: string; type_oid: number }>(
            `select attname::text as name, atttypid::int as type_oid from pg_attribute
              where attrelid = $1 and attnum > 0 and not attisdropped order by attnum`,
            [row.typrelid],
          );
          fields.set(
            row.oid,
            attrs.rows.map((a) => ({ name: a.name, typeOid: a.type_oid })),
          );
          attrs.rows.forEach((a) => want(a.type_oid));
        }
      }
      pending = [...new Set(next)];
    }
    // Build TypeInfo objects; composites may refer to each other, so fill in two passes.
    const build = (oid: number, seen: Set<number>): TypeInfo => {
      const cached = this.types.get(oid);
      if (cached) return cached;
      const row = rows.get(oid);
      if (!row) return { oid, typname: 'unknown', regtype: 'text', category: 'other', delimiter: ',' };
      const info: TypeInfo = {
        oid,
        typname: row.typname,
        regtype: row.regtype,
        category: 'other',
        delimiter: row.typdelim || ',',
      };
      this.types.set(oid, info);
      // to_jsonb looks through domains: the category is the base type's.
      let base = row;
      const guard = new Set<number>();
      while (base.typtype === 'd' && rows.has(base.typbasetype) && !guard.has(base.oid)) {
        guard.add(base.oid);
        base = rows.get(base.typbasetype)!;
      }
      if (CATEGORY_BY_OID[base.oid]) info.category = CATEGORY_BY_OID[base.oid]!;
      else if (base.is_array) {
        info.category = 'array';
        info.delimiter = rows.get(base.typelem)?.typdelim || base.typdelim || ',';
        info.element = build(base.typelem, seen);
      } else if (base.typtype === 'c' && fields.has(base.oid)) {
        info.category = 'composite';
        info.fields = fields.get(base.oid)!.map((f) => ({ name: f.name, type: build(f.typeOid, seen) }));
      }
      return info;
    };
    for (const oid of rows.keys()) build(oid, new Set());
  }

  private async loadRelation(oid: number): Promise<RelationInfo> {
    const res = await this.pool.query<{
      rls: boolean;
      pk: string[];
      columns: { name: string; typeOid: number }[] | null;
    }>(
      `select c.relrowsecurity as rls,
              coalesce((select array_agg(a.attname::text order by a.attnum)
                          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                         where i.indrelid = c.oid and i.indisprimary), '{}') as pk,
              (select json_agg(json_build_object('name', a.attname, 'typeOid', a.atttypid::int) order by a.attnum)
                 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
         from pg_class c where c.oid = $1`,
      [oid],
    );
    const row = res.rows[0];
    if (!row) throw new Error(`relation ${oid} not found`);
    const cols = row.columns ?? [];
    await this.loadTypes(cols.map((c) => c.typeOid));
    return {
      oid,
      rlsEnabled: row.rls,
      primaryKey: row.pk,
      columns: cols.map((c) => ({ name: c.name, type: this.types.get(c.typeOid)! })),
      selectable: new Map(),
    };
  }
}
