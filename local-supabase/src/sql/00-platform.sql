-- Platform bootstrap: what every hosted Supabase project has before its first migration.
-- Source: supabase/postgres migrations/db/init-scripts (roles, schemas, grants), supabase/auth migrations
-- (auth.uid/role/email/jwt), supabase/cli RevokeDefaultDataApiPrivilegesSql (grants after 2026-05).
-- Runs as the cluster superuser `supabase_admin`. It must stay idempotent: it is re-applied when it changes.

do $$
begin
  -- postgres is not a superuser on hosted projects; migrations run as it, so a migration that needs
  -- superuser fails here too.
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login createrole createdb replication bypassrls password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit password 'postgres'; end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin login noinherit createrole password 'postgres'; end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin login noinherit createrole password 'postgres'; end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then create role supabase_realtime_admin nologin noinherit; end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant anon, authenticated, service_role to supabase_storage_admin;
grant supabase_auth_admin, supabase_storage_admin to postgres;
-- Hosted lets postgres set authenticator's pgrst.* settings (supautils' privileged_role_allowed_configs), as
-- Supabase's docs tell users to (`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`). Without
-- supautils, ALTER ROLE … SET needs admin option on the role; neither its rights nor SET ROLE come with it.
grant authenticator to postgres with admin true, inherit false, set false;
-- A placeholder setting (no extension defines pgrst.*) may be set for a role only with SET on it.
grant set on parameter
  pgrst.db_aggregates_enabled, pgrst.db_anon_role, pgrst.db_extra_search_path, pgrst.db_hoisted_tx_settings,
  pgrst.db_max_rows, pgrst.db_plan_enabled, pgrst.db_pre_config, pgrst.db_pre_request, pgrst.db_prepared_statements,
  pgrst.db_root_spec, pgrst.db_schemas, pgrst.db_tx_end, pgrst.jwt_aud, pgrst.jwt_cache_max_lifetime,
  pgrst.jwt_role_claim_key, pgrst.openapi_mode, pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri,
  pgrst.server_cors_allowed_origins, pgrst.server_timing_enabled, pgrst.server_trace_header
  to postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

alter database postgres owner to postgres;
alter schema public owner to pg_database_owner;
grant usage on schema public to postgres, anon, authenticated, service_role;
grant create on schema public to postgres;

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema extensions to postgres with grant option;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
alter role postgres set search_path = "$user", public, extensions;
alter role authenticator set search_path = public, extensions;

-- Hosted first grants everything by default, then (projects created after 2026-05) revokes it again
-- from the API roles. PUBLIC keeps EXECUTE on new functions, as plain Postgres gives it.
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;

-- auth schema and the helpers policies call (bodies from supabase/auth migrations).
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;

create or replace function auth.uid() returns uuid language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$f$;
create or replace function auth.role() returns text language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$f$;
create or replace function auth.email() returns text language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$f$;
create or replace function auth.jwt() returns jsonb language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$f$;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to postgres, anon, authenticated, service_role;

create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;

-- Realtime streams the tables in this publication only; migrations add tables to it.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- PostgREST reloads its schema cache on this notification; hosted installs these DDL watchers.
create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $f$
begin
  perform pg_notify('pgrst', 'reload schema');
end
$f$;
do $$
begin
  if not exists (select from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_ddl_watch();
  end if;
end
$$;

-- How the Supabase CLI records applied migrations and seeds.
create schema if not exists supabase_migrations authorization postgres;
create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;
