-- Storage schema as a hosted project has it after the Storage API's tenant migrations (storage-api v1.60,
-- migrations/tenant 0001–0060): tables, triggers, helper functions, grants. Written for this project from
-- those migrations' observable result (columns, names, signatures, behaviour), not copied.
-- Runs as the cluster superuser and is re-applied whenever it changes, so every statement is idempotent.
-- Objects are created by supabase_storage_admin (as on hosted) so it owns them; `postgres` is a member of
-- supabase_storage_admin (00-platform.sql), which is what lets migrations `create policy ... on storage.objects`.

set local role supabase_storage_admin;
set local search_path = storage, pg_catalog;

-- New tables and functions in `storage` are reachable by the API roles (0002-storage-schema).
alter default privileges for role supabase_storage_admin in schema storage
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on sequences to postgres, anon, authenticated, service_role;

do $$
begin
  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typname = 'buckettype'
  ) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text,
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id)
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- 0046/0049: the API roles reach both tables (policies decide); postgres may grant them on.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;

-- ---------------------------------------------------------------------------------------------------
-- Helper functions policies call. foldername keeps every segment but the file name:
-- 'a/b/c.png' -> {a,b}; filename -> 'c.png'; extension -> 'png'.
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $f$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[1 : array_length(parts, 1) - 1];
end
$f$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $f$
declare
  parts text[] := string_to_array(name, '/');
begin
  return parts[array_length(parts, 1)];
end
$f$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $f$
declare
  parts text[] := string_to_array(name, '/');
  file text := parts[array_length(parts, 1)];
begin
  return reverse(split_part(reverse(file), '.', 1));
end
$f$;

-- The operation the Storage API is performing (it sets storage.operation per request).
create or replace function storage.operation() returns text
language plpgsql stable as $f$
begin
  return current_setting('storage.operation', true);
end
$f$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean
language sql stable as $f$
  select case
    when coalesce(expected_operation, '') = '' then false
    else coalesce(
      regexp_replace(coalesce(storage.operation(), ''), '^storage\.', '')
        = regexp_replace(expected_operation, '^storage\.', ''),
      false)
  end
$f$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean
language sql stable as $f$
  select exists (
    select 1 from unnest(expected_operations) e
    where coalesce(e, '') <> ''
      and regexp_replace(coalesce(storage.operation(), ''), '^storage\.', '') = regexp_replace(e, '^storage\.', '')
  )
$f$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $f$
begin
  return query
    select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id
    from storage.objects o
    group by o.bucket_id;
end
$f$;

-- One level of a "folder" listing, as POST /object/list runs it (security invoker, so SELECT policies apply).
-- `prefix` ends with '/' (or is empty); `levels` is the number of segments of prefix + 1; `search` narrows by
-- name start, case-insensitively. Sub-folders come back as rows with a null id; sorted by name they interleave
-- with files (lower(name), byte order); sorted by another column, folders come first.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql stable security invoker as $f$
declare
  v_start text := lower(coalesce(prefix, '') || coalesce(search, ''));
  v_col text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_dir text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
  v_limit int := least(coalesce(limits, 100), 1500);
begin
  return query execute format($q$
    with matched as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             -- position of the first '/' after the searched text: > 0 means the row sits in a sub-folder
             strpos(substr(o.name, length($1) + 1), '/') as slash
      from storage.objects o
      where o.bucket_id = $2
        and left(lower(o.name), length($1)) = $1
    ), folders as (
      -- one row per sub-folder, whatever the case of its members (the key is lower-cased)
      select split_part(min(left(m.name, length($1) + m.slash - 1)), '/', $3) as name,
             lower(left(m.name, length($1) + m.slash)) as sort_key
      from matched m
      where m.slash > 0
      group by lower(left(m.name, length($1) + m.slash))
    ), entries as (
      select f.name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata, f.sort_key, 0 as kind
      from folders f
      union all
      select split_part(m.name, '/', $3), m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata,
             lower(m.name), 1
      from matched m
      where m.slash = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    order by %s
    limit $4 offset $5
  $q$,
    case when v_col = 'name'
      then format('e.sort_key collate "C" %s', v_dir)
      else format('e.kind, (case when e.kind = 0 then e.sort_key end) collate "C" %1$s, e.%2$I %1$s, e.sort_key collate "C" %1$s', v_dir, v_col)
    end
  ) using v_start, bucketname, levels, v_limit, greatest(coalesce(offsets, 0), 0);
end
$f$;

-- ---------------------------------------------------------------------------------------------------
-- Triggers.
create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $f$
begin
  new.updated_at = now();
  return new;
end
$f$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $f$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$f$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- 0055: deleting rows directly (SQL editor, migrations) would orphan the stored files; only the Storage API,
-- which sets storage.allow_delete_query for its own transactions, may delete.
create or replace function storage.protect_delete() returns trigger
language plpgsql as $f$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$f$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

grant execute on all functions in schema storage to postgres, anon, authenticated, service_role;

reset role;
