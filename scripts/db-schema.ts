/**
 * `npm run db:schema`: regenerates supabase/schema.sql, the database's current schema as the migrations leave it,
 * in one file a reader can search (docs/schema.md). The migrations stay the history and what deploys; this file is
 * read, never applied.
 *
 * PostgreSQL deparses every object itself (pg_get_functiondef, pg_get_constraintdef, pg_get_indexdef,
 * pg_get_triggerdef, pg_get_viewdef, pg_get_expr), as pg_dump does; this script only picks the objects, orders them
 * by name (collation "C") and lays them out per table. The connection's search_path is empty, so every name is
 * written schema-qualified whatever the role's settings are. No OID, timestamp, port or version reaches the output.
 *
 * What is written: every schema the project owns (all but the platform's, PLATFORM_SCHEMAS), whole; of the
 * platform's schemas only what migrations add to them: policies on auth, storage and realtime tables, triggers
 * there that call the project's functions, storage buckets, cron jobs, which tables Realtime streams, and
 * PostgREST's settings on roles. An object
 * kind this script does not lay out fails the run (`unsupported`) rather than being left out.
 *
 * The database is a throw-away one (own ports and data folder, rebuilt from supabase/migrations each run), as for
 * `npm run db:types`, so a developer's data and a running `npm start` are never touched.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoRoot } from './lib/repo-root.ts';

export const SCHEMA_FILE = 'supabase/schema.sql';

/**
 * Schemas the platform creates (hosted Supabase's and the local stack's own): not the project's. Every other
 * schema (public, private, any a migration creates) is written whole.
 */
const PLATFORM_SCHEMAS = [
  '_local_supabase',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgbouncer',
  'pgsodium',
  'pgsodium_masks',
  'realtime',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'vault',
];
/** Platform schemas whose tables migrations may give policies and triggers (Supabase's docs tell projects to). */
const EXTENDED_PLATFORM_SCHEMAS = ['auth', 'realtime', 'storage'];
/** Extensions every hosted project has before its first migration (local-supabase/src/sql/00-platform.sql). */
const PLATFORM_EXTENSIONS = ['pg_graphql', 'pg_stat_statements', 'pgcrypto', 'plpgsql', 'supabase_vault', 'uuid-ossp'];
/** Migrations run as postgres: objects it owns say nothing; another owner is written out. */
const MIGRATION_ROLE = 'postgres';

type Row = Record<string, unknown>;
type Query = <T extends Row>(sql: string, params?: unknown[]) => Promise<T[]>;

/** The one row a catalogue query about one object returns. */
async function one<T extends Row>(q: Query, sql: string, params: unknown[]): Promise<T> {
  const [row] = await q<T>(sql, params);
  if (!row) throw new Error(`no row for ${JSON.stringify(params)}: ${sql}`);
  return row;
}

function unsupported(what: string): never {
  throw new Error(`${what}: scripts/db-schema.ts does not lay out this kind of object yet; extend it.`);
}

const section = (title: string) => `-- ${'='.repeat(100)}\n-- ${title}\n-- ${'='.repeat(100)}`;

/** One statement per line group; parts joined by a blank line, empty parts dropped. */
const joinBlocks = (blocks: string[]) => blocks.filter((b) => b.trim() !== '').join('\n\n');

/**
 * GRANT/REVOKE statements that turn PostgreSQL's default privileges for the object (acldefault) into its ACL,
 * the way pg_dump writes them: revokes first, then grants, grantees with the same privileges on one line.
 */
async function aclStatements(q: Query, acl: unknown, kind: string, owner: string, target: string): Promise<string[]> {
  const rows = await q<{ op: string; grantee: string; privileges: string; grantable: boolean }>(
    `with actual as (
       select grantee, privilege_type, is_grantable
       from aclexplode(coalesce($1::aclitem[], acldefault($2::"char", $3::regrole)))
     ), standard as (
       select grantee, privilege_type, is_grantable from aclexplode(acldefault($2::"char", $3::regrole))
     ), changes as (
       select 'revoke' as op, * from (select * from standard except select * from actual) r
       union all
       select 'grant', * from (select * from actual except select * from standard) g
     ), grouped as (
       select op, grantee, is_grantable,
         string_agg(lower(privilege_type), ', ' order by lower(privilege_type) collate "C") as privileges
       from changes group by op, grantee, is_grantable
     ), every_privilege as (
       -- what the owner has by default is every privilege the object kind knows: written "all", as pg_dump does
       select string_agg(lower(privilege_type), ', ' order by lower(privilege_type) collate "C") as privileges
       from aclexplode(acldefault($2::"char", $3::regrole)) where grantee = $3::regrole
     )
     select op,
       case when grantee = 0 then 'public' else quote_ident(grantee::regrole::text) end as grantee,
       case when g.privileges = e.privileges and e.privileges like '%,%' then 'all' else g.privileges end
         as privileges,
       is_grantable as grantable
     from grouped g, every_privilege e`,
    [acl, kind, owner],
  );
  const byPrivileges = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${r.op === 'revoke' ? 0 : 1}\t${r.op}\t${r.privileges}\t${r.op === 'grant' && r.grantable ? ' with grant option' : ''}`;
    byPrivileges.set(key, [...(byPrivileges.get(key) ?? []), r.grantee]);
  }
  return [...byPrivileges]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, grantees]) => {
      const [, op, privileges, option] = key.split('\t');
      const who = grantees.sort().join(', ');
      return op === 'revoke'
        ? `revoke ${privileges} on ${target} from ${who};`
        : `grant ${privileges} on ${target} to ${who}${option};`;
    });
}

/** The object's own comment (a column's comment: columnComments). */
async function comments(q: Query, catalog: string, oid: unknown, target: string): Promise<string[]> {
  const rows = await q<{ text: string }>(
    `select quote_literal(description) as text from pg_description
     where classoid = $1::regclass and objoid = $2 and objsubid = 0`,
    [catalog, oid],
  );
  return rows.map((r) => `comment on ${target} is ${r.text};`);
}

const ownerStatement = (owner: string, target: string) =>
  owner === MIGRATION_ROLE ? [] : [`alter ${target} owner to ${owner};`];

async function extensionsPart(q: Query): Promise<string> {
  const rows = await q<{ name: string; schema: string }>(
    `select quote_ident(extname) as name, quote_ident(extnamespace::regnamespace::text) as schema
     from pg_extension where extname <> all($1) order by extname collate "C"`,
    [PLATFORM_EXTENSIONS],
  );
  return rows.map((r) => `create extension if not exists ${r.name} with schema ${r.schema};`).join('\n');
}

async function schemasPart(q: Query, owned: string[]): Promise<string> {
  const rows = await q<{ oid: unknown; name: string; owner: string; acl: unknown }>(
    `select oid, quote_ident(nspname) as name, nspowner::regrole::text as owner, nspacl as acl
     from pg_namespace where nspname = any($1) order by nspname collate "C"`,
    [owned],
  );
  const blocks: string[] = [];
  for (const s of rows) {
    const lines = s.name === 'public' ? [] : [`create schema ${s.name};`];
    if (s.name !== 'public') lines.push(...ownerStatement(s.owner, `schema ${s.name}`));
    lines.push(...(await comments(q, 'pg_namespace', s.oid, `schema ${s.name}`)));
    lines.push(...(await aclStatements(q, s.acl, 'n', s.owner, `schema ${s.name}`)));
    blocks.push(lines.join('\n'));
  }
  return joinBlocks(blocks);
}

const DEFAULT_ACL_OBJECTS: Record<string, [kind: string, noun: string]> = {
  r: ['r', 'tables'],
  S: ['s', 'sequences'],
  f: ['f', 'functions'],
  T: ['T', 'types'],
  n: ['n', 'schemas'],
};

async function defaultPrivilegesPart(q: Query, owned: string[]): Promise<string> {
  const rows = await q<{ role: string; schema: string | null; objtype: string; acl: unknown }>(
    `select * from (
       select defaclrole::regrole::text as role,
         case when defaclnamespace = 0 then null else quote_ident(defaclnamespace::regnamespace::text) end as schema,
         defaclobjtype::text as objtype, defaclacl as acl
       from pg_default_acl
       where defaclnamespace = 0 or defaclnamespace::regnamespace::text = any($1)
     ) d order by role collate "C", schema collate "C" nulls first, objtype collate "C"`,
    [owned],
  );
  const lines: string[] = [];
  for (const r of rows) {
    const [kind, noun] =
      DEFAULT_ACL_OBJECTS[r.objtype] ?? unsupported(`default privileges on objects of type ${r.objtype}`);
    const prefix = `alter default privileges for role ${r.role}${r.schema ? ` in schema ${r.schema}` : ''}`;
    // A schema's entry adds to the global defaults (only its grants count); a global entry replaces
    // PostgreSQL's defaults (its revokes count too).
    const statements = await aclStatements(q, r.acl, kind, r.role, noun);
    for (const s of statements) {
      if (r.schema && s.startsWith('revoke')) continue;
      lines.push(`${prefix} ${s}`);
    }
  }
  return lines.join('\n');
}

async function typesPart(q: Query, owned: string[]): Promise<string> {
  const rows = await q<{ oid: unknown; name: string; typtype: string; relid: unknown; owner: string; acl: unknown }>(
    `select t.oid, t.oid::regtype::text as name, t.typtype, t.typrelid as relid, t.typowner::regrole::text as owner,
       t.typacl as acl
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = any($1)
       and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')
       and not exists (select from pg_type e where e.typarray = t.oid)
       and not exists (select from pg_depend d where d.objid = t.oid and d.deptype = 'e')
     order by n.nspname collate "C", t.typname collate "C"`,
    [owned],
  );
  const blocks: string[] = [];
  for (const t of rows) {
    let create: string;
    if (t.typtype === 'e') {
      const labels = await q<{ label: string }>(
        `select quote_literal(enumlabel) as label from pg_enum where enumtypid = $1 order by enumsortorder`,
        [t.oid],
      );
      const oneLine = `create type ${t.name} as enum (${labels.map((l) => l.label).join(', ')});`;
      create =
        oneLine.length <= 118
          ? oneLine
          : `create type ${t.name} as enum (\n${labels.map((l) => `  ${l.label}`).join(',\n')}\n);`;
    } else if (t.typtype === 'c') {
      const attributes = await q<{ line: string }>(
        `select quote_ident(attname) || ' ' || format_type(atttypid, atttypmod) as line
         from pg_attribute where attrelid = $1 and attnum > 0 and not attisdropped order by attnum`,
        [t.relid],
      );
      create = `create type ${t.name} as (\n${attributes.map((a) => `  ${a.line}`).join(',\n')}\n);`;
    } else {
      unsupported(`type ${t.name} (typtype ${t.typtype})`);
    }
    blocks.push(
      [
        create,
        ...ownerStatement(t.owner, `type ${t.name}`),
        ...(await comments(q, 'pg_type', t.oid, `type ${t.name}`)),
        ...(await aclStatements(q, t.acl, 'T', t.owner, `type ${t.name}`)),
      ].join('\n'),
    );
  }
  return joinBlocks(blocks);
}

async function sequencesPart(q: Query, owned: string[]): Promise<string> {
  const rows = await q<{ oid: unknown; name: string; owner: string; acl: unknown; definition: string }>(
    `select c.oid, c.oid::regclass::text as name, c.relowner::regrole::text as owner, c.relacl as acl,
       format('create sequence %s as %s increment by %s minvalue %s maxvalue %s start with %s cache %s%s;',
         c.oid::regclass, format_type(s.seqtypid, null), s.seqincrement, s.seqmin, s.seqmax, s.seqstart,
         s.seqcache, case when s.seqcycle then ' cycle' else '' end) as definition
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_sequence s on s.seqrelid = c.oid
     where n.nspname = any($1) and c.relkind = 'S'
       -- an identity column's sequence is part of the column
       and not exists (select from pg_depend d where d.objid = c.oid and d.deptype in ('i', 'e'))
     order by n.nspname collate "C", c.relname collate "C"`,
    [owned],
  );
  const blocks: string[] = [];
  for (const s of rows) {
    blocks.push(
      [
        s.definition,
        ...ownerStatement(s.owner, `sequence ${s.name}`),
        ...(await comments(q, 'pg_class', s.oid, `sequence ${s.name}`)),
        ...(await aclStatements(q, s.acl, 's', s.owner, `sequence ${s.name}`)),
      ].join('\n'),
    );
  }
  return joinBlocks(blocks);
}

async function columnComments(q: Query, oid: unknown, table: string): Promise<string[]> {
  const rows = await q<{ column: string; text: string }>(
    `select quote_ident(a.attname) as column, quote_literal(d.description) as text
     from pg_description d join pg_attribute a on a.attrelid = d.objoid and a.attnum = d.objsubid
     where d.classoid = 'pg_class'::regclass and d.objoid = $1 and d.objsubid > 0 order by a.attnum`,
    [oid],
  );
  return rows.map((r) => `comment on column ${table}.${r.column} is ${r.text};`);
}

async function columnGrants(q: Query, oid: unknown, table: string): Promise<string[]> {
  const rows = await q<{ grantee: string; grantable: boolean; privileges: string }>(
    `with items as (
       select a.attnum, quote_ident(a.attname) as col, x.*
       from pg_attribute a, aclexplode(a.attacl) x
       where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped and a.attacl is not null
     ), per_privilege as (
       select grantee, is_grantable, lower(privilege_type) as privilege,
         string_agg(col, ', ' order by attnum) as cols
       from items group by grantee, is_grantable, privilege_type
     )
     select case when grantee = 0 then 'public' else quote_ident(grantee::regrole::text) end as grantee,
       is_grantable as grantable,
       string_agg(privilege || ' (' || cols || ')', ', ' order by privilege collate "C") as privileges
     from per_privilege group by grantee, is_grantable
     order by case when grantee = 0 then 'public' else grantee::regrole::text end collate "C", is_grantable`,
    [oid],
  );
  return rows.map(
    (r) => `grant ${r.privileges} on ${table} to ${r.grantee}${r.grantable ? ' with grant option' : ''};`,
  );
}

async function policies(q: Query, tableOid: unknown, table: string): Promise<string[]> {
  const rows = await q<{
    name: string;
    permissive: boolean;
    cmd: string;
    roles: string;
    qual: string | null;
    check: string | null;
  }>(
    `select quote_ident(p.polname) as name, p.polpermissive as permissive, p.polcmd as cmd,
       (select string_agg(case when r = 0 then 'public' else quote_ident(r::regrole::text) end, ', '
          order by case when r = 0 then 'public' else r::regrole::text end collate "C")
        from unnest(p.polroles) r) as roles,
       pg_get_expr(p.polqual, p.polrelid, true) as qual,
       pg_get_expr(p.polwithcheck, p.polrelid, true) as check
     from pg_policy p where p.polrelid = $1 order by p.polname collate "C"`,
    [tableOid],
  );
  const commands: Record<string, string> = { '*': 'all', r: 'select', a: 'insert', w: 'update', d: 'delete' };
  return rows.map(
    (p) =>
      [
        `create policy ${p.name} on ${table}${p.permissive ? '' : ' as restrictive'}`,
        `  for ${commands[p.cmd] ?? unsupported(`policy command ${p.cmd}`)} to ${p.roles}`,
        ...(p.qual === null ? [] : [`  using (${p.qual})`]),
        ...(p.check === null ? [] : [`  with check (${p.check})`]),
      ].join('\n') + ';',
  );
}

async function triggers(q: Query, tableOid: unknown, functionSchemas?: string[]): Promise<string[]> {
  const rows = await q<{ definition: string }>(
    `select pg_get_triggerdef(t.oid, true) as definition
     from pg_trigger t join pg_proc f on f.oid = t.tgfoid join pg_namespace n on n.oid = f.pronamespace
     where t.tgrelid = $1 and not t.tgisinternal and ($2::text[] is null or n.nspname = any($2))
     order by t.tgname collate "C"`,
    [tableOid, functionSchemas ?? null],
  );
  return rows.map((r) => `${r.definition};`);
}

async function tableBlock(q: Query, t: { oid: unknown; name: string; owner: string; acl: unknown }): Promise<string> {
  const table = t.name;
  const info = await one<{
    rls: boolean;
    force: boolean;
    replident: string;
    options: string | null;
    inherits: boolean;
  }>(
    q,
    `select relrowsecurity as rls, relforcerowsecurity as force, relreplident as replident,
       array_to_string(reloptions, ', ') as options,
       exists (select from pg_inherits where inhrelid = c.oid or inhparent = c.oid) as inherits
     from pg_class c where oid = $1`,
    [t.oid],
  );
  if (info.inherits) unsupported(`inheritance on ${table}`);
  const columns = await q<{ line: string }>(
    `select quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
       || case when a.attcollation <> ty.typcollation then ' collate ' || a.attcollation::regcollation::text else '' end
       || case
            when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid, true) || ') stored'
            when a.attidentity = 'a' then ' generated always as identity'
            when a.attidentity = 'd' then ' generated by default as identity'
            when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid, true)
            else '' end
       || case when a.attnotnull then ' not null' else '' end as line
     from pg_attribute a join pg_type ty on ty.oid = a.atttypid
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped order by a.attnum`,
    [t.oid],
  );
  // Not-null constraints are the columns' `not null` (PostgreSQL 18 also lists them here).
  const constraints = await q<{ line: string; oid: unknown; name: string }>(
    `select 'constraint ' || quote_ident(conname) || ' ' || pg_get_constraintdef(oid, true) as line, oid,
       quote_ident(conname) as name
     from pg_constraint where conrelid = $1 and contype <> 'n'
     order by array_position(array['p', 'u', 'x', 'c', 'f']::"char"[], contype), conname collate "C"`,
    [t.oid],
  );
  const constraintComments: string[] = [];
  for (const c of constraints) {
    constraintComments.push(...(await comments(q, 'pg_constraint', c.oid, `constraint ${c.name} on ${table}`)));
  }
  const indexes = await q<{ definition: string }>(
    `select pg_get_indexdef(i.indexrelid) || ';' as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = $1 and not exists (select from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)
     order by c.relname collate "C"`,
    [t.oid],
  );
  const publications = await q<{ line: string }>(
    `select 'alter publication ' || quote_ident(p.pubname) || ' add table ' || $2
       || case when r.prattrs is not null then ' (' || (select string_agg(quote_ident(attname), ', ' order by attnum)
            from pg_attribute where attrelid = r.prrelid and attnum = any(r.prattrs)) || ')' else '' end
       || case when r.prqual is not null then ' where (' || pg_get_expr(r.prqual, r.prrelid, true) || ')' else '' end
       || ';' as line
     from pg_publication_rel r join pg_publication p on p.oid = r.prpubid
     where r.prrelid = $1 order by p.pubname collate "C"`,
    [t.oid, table],
  );
  const replicaIdentity: Record<string, string> = { f: 'full', n: 'nothing' };
  if (info.replident === 'i') unsupported(`replica identity using index on ${table}`);
  const create = `create table ${table} (\n${[...columns, ...constraints].map((l) => `  ${l.line}`).join(',\n')}\n)${
    info.options ? ` with (${info.options})` : ''
  };`;
  return [
    create,
    ...ownerStatement(t.owner, `table ${table}`),
    ...(await comments(q, 'pg_class', t.oid, `table ${table}`)),
    ...(await columnComments(q, t.oid, table)),
    ...constraintComments,
    ...(info.rls ? [`alter table ${table} enable row level security;`] : []),
    ...(info.force ? [`alter table ${table} force row level security;`] : []),
    ...(replicaIdentity[info.replident]
      ? [`alter table ${table} replica identity ${replicaIdentity[info.replident]};`]
      : []),
    ...indexes.map((i) => i.definition),
    ...(await triggers(q, t.oid)),
    ...(await policies(q, t.oid, table)),
    ...(await aclStatements(q, t.acl, 'r', t.owner, `table ${table}`)),
    ...(await columnGrants(q, t.oid, `table ${table}`)),
    ...publications.map((p) => p.line),
  ].join('\n');
}

async function relations(q: Query, owned: string[], kinds: string[]) {
  return q<{ oid: unknown; name: string; owner: string; acl: unknown; kind: string }>(
    `select c.oid, c.oid::regclass::text as name, c.relowner::regrole::text as owner, c.relacl as acl,
       c.relkind as kind
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind = any($2::"char"[])
       and not exists (select from pg_depend d where d.objid = c.oid and d.deptype = 'e')
     order by n.nspname collate "C", c.relname collate "C"`,
    [owned, kinds],
  );
}

async function tablesPart(q: Query, owned: string[]): Promise<string> {
  const [odd] = await relations(q, owned, ['m', 'p', 'f']);
  if (odd) unsupported(`relation ${odd.name} (relkind ${odd.kind})`);
  const blocks: string[] = [];
  for (const t of await relations(q, owned, ['r'])) blocks.push(await tableBlock(q, t));
  return joinBlocks(blocks);
}

async function viewsPart(q: Query, owned: string[]): Promise<string> {
  const blocks: string[] = [];
  for (const v of await relations(q, owned, ['v'])) {
    const { definition, options } = await one<{ definition: string; options: string | null }>(
      q,
      `select pg_get_viewdef(oid, true) as definition, array_to_string(reloptions, ', ') as options
       from pg_class where oid = $1`,
      [v.oid],
    );
    blocks.push(
      [
        `create view ${v.name}${options ? ` with (${options})` : ''} as\n${definition.trimEnd()}`,
        ...ownerStatement(v.owner, `view ${v.name}`),
        ...(await comments(q, 'pg_class', v.oid, `view ${v.name}`)),
        ...(await columnComments(q, v.oid, v.name)),
        ...(await triggers(q, v.oid)),
        ...(await aclStatements(q, v.acl, 'r', v.owner, `table ${v.name}`)),
        ...(await columnGrants(q, v.oid, `table ${v.name}`)),
      ].join('\n'),
    );
  }
  return joinBlocks(blocks);
}

async function functionsPart(q: Query, owned: string[]): Promise<string> {
  const rows = await q<{ oid: unknown; signature: string; kind: string; owner: string; acl: unknown }>(
    `select p.oid, p.oid::regprocedure::text as signature, p.prokind as kind, p.proowner::regrole::text as owner,
       p.proacl as acl
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any($1) and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by n.nspname collate "C", p.proname collate "C", pg_get_function_identity_arguments(p.oid) collate "C"`,
    [owned],
  );
  const blocks: string[] = [];
  for (const f of rows) {
    if (f.kind !== 'f' && f.kind !== 'p') unsupported(`${f.signature} (prokind ${f.kind})`);
    const noun = f.kind === 'p' ? 'procedure' : 'function';
    const { definition } = await one<{ definition: string }>(q, `select pg_get_functiondef($1) as definition`, [f.oid]);
    blocks.push(
      [
        `${definition.trimEnd()};`,
        ...ownerStatement(f.owner, `${noun} ${f.signature}`),
        ...(await comments(q, 'pg_proc', f.oid, `${noun} ${f.signature}`)),
        ...(await aclStatements(q, f.acl, 'f', f.owner, `${noun} ${f.signature}`)),
      ].join('\n'),
    );
  }
  return joinBlocks(blocks);
}

async function platformAdditionsPart(q: Query, owned: string[]): Promise<string> {
  const blocks: string[] = [];
  // Roles and the database are the platform's; of their settings, PostgREST's (pgrst.*, which Supabase's docs
  // have projects set) and any on the database itself are the project's.
  const settings = await q<{ line: string }>(
    `select * from (
       select format('alter %s set %s = %L;',
           case when s.setrole = 0 then 'database ' || quote_ident(current_database())
             else 'role ' || quote_ident(s.setrole::regrole::text) end,
           split_part(c, '=', 1), substr(c, strpos(c, '=') + 1)) as line,
         case when s.setrole = 0 then '' else s.setrole::regrole::text end as who, split_part(c, '=', 1) as name
       from pg_db_role_setting s, unnest(s.setconfig) c
       where (s.setdatabase = 0 or s.setdatabase = (select oid from pg_database where datname = current_database()))
         and (s.setrole = 0 or c like 'pgrst.%')
     ) r order by who collate "C", name collate "C"`,
  );
  blocks.push(settings.map((r) => r.line).join('\n'));
  const tables = await q<{ oid: unknown; name: string }>(
    `select c.oid, c.oid::regclass::text as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p', 'v')
     order by n.nspname collate "C", c.relname collate "C"`,
    [EXTENDED_PLATFORM_SCHEMAS],
  );
  for (const t of tables) {
    const added = [...(await triggers(q, t.oid, owned)), ...(await policies(q, t.oid, t.name))];
    if (added.length) blocks.push(`-- ${t.name}\n${added.join('\n')}`);
  }
  if ((await q(`select from pg_class where oid = to_regclass('storage.buckets')`)).length) {
    const buckets = await q<{ line: string }>(
      `select format('(%L, %L, %s, %s, %s)', id, name, case when public then 'true' else 'false' end,
         coalesce(file_size_limit::text, 'null'), coalesce(quote_literal(allowed_mime_types), 'null')) as line
       from storage.buckets order by id collate "C"`,
    );
    if (buckets.length) {
      blocks.push(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values\n${buckets
          .map((b) => `  ${b.line}`)
          .join(',\n')};`,
      );
    }
  }
  if ((await q(`select from pg_class where oid = to_regclass('cron.job')`)).length) {
    const jobs = await q<{ line: string }>(
      `select format('select cron.schedule(%L, %L, %L);%s', jobname, schedule, command,
         case when active then '' else ' -- inactive' end) as line
       from cron.job order by jobname collate "C"`,
    );
    blocks.push(jobs.map((j) => j.line).join('\n'));
  }
  return joinBlocks(blocks);
}

const HEADER = `-- supabase/schema.sql: the database's current schema, as supabase/migrations leave it (docs/schema.md).
-- GENERATED by \`npm run db:schema\` (scripts/db-schema.ts): do not edit; a test fails when it is stale.
-- For reading, not for applying: the migrations are the history and what deploys. Objects are ordered by name,
-- each table with its constraints, comments, row-level security, indexes, triggers, policies and grants.`;

/** The schema document for the database at `dbUrl`: the same text for the same migrations, on any machine. */
export async function generateSchema(dbUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const q: Query = async (sql, params) => (await client.query(sql, params)).rows;
  try {
    await client.query('begin isolation level repeatable read read only');
    // Every name schema-qualified, whatever the role's search_path.
    await client.query(`select set_config('search_path', '', true)`);
    const owned = (
      await q<{ name: string }>(
        `select nspname as name from pg_namespace
         where nspname <> all($1) and nspname !~ '^pg_' order by nspname collate "C"`,
        [PLATFORM_SCHEMAS],
      )
    ).map((r) => r.name);
    const events = await q<{ name: string }>(
      `select e.evtname as name from pg_event_trigger e join pg_proc p on p.oid = e.evtfoid
       join pg_namespace n on n.oid = p.pronamespace where n.nspname = any($1)`,
      [owned],
    );
    const [event] = events;
    if (event) unsupported(`event trigger ${event.name}`);
    const parts: [string, string][] = [
      ['Extensions (beyond those every project has)', await extensionsPart(q)],
      [`Schemas: ${owned.join(', ')}`, await schemasPart(q, owned)],
      ['Default privileges', await defaultPrivilegesPart(q, owned)],
      ['Types', await typesPart(q, owned)],
      ['Sequences', await sequencesPart(q, owned)],
      ['Tables', await tablesPart(q, owned)],
      ['Views', await viewsPart(q, owned)],
      ['Functions', await functionsPart(q, owned)],
      [
        `Additions to the platform: PostgREST settings, policies, triggers, storage buckets, cron jobs`,
        await platformAdditionsPart(q, owned),
      ],
    ];
    await client.query('commit');
    const body = parts
      .filter(([, text]) => text.trim() !== '')
      .map(([title, text]) => `${section(title)}\n\n${text}`)
      .join('\n\n');
    return `${HEADER}\n\n${body}\n`;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  // Only the database is needed: start no HTTP services.
  process.env.LOCAL_SUPABASE_SERVICES = '';
  const { loadConfig, startStack, wipeData } = await import('@good-space/local-supabase');
  const base = Number(process.env.DB_SCHEMA_PORT_BASE ?? 56530);
  const config = loadConfig({
    apiPort: base + 1,
    dbPort: base + 2,
    inboxPort: base + 4,
    dataDir: path.join('.data', 'db-schema'),
  });
  wipeData(config);
  const stack = await startStack(config, () => undefined);
  try {
    const schema = await generateSchema(config.dbUrl);
    const out = path.join(repoRoot, SCHEMA_FILE);
    writeFileSync(out, schema);
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
