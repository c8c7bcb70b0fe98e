-- pg_net 0.20 (asynchronous HTTP from SQL), as hosted Supabase has it once the extension is enabled: the `net`
-- schema with the same functions, signatures, defaults, tables, columns and errors (supabase/pg_net, sql/pg_net.sql
-- and its upgrade scripts). The C parts are replaced: the URL helpers are written in SQL here, and the background
-- worker is src/net/worker.ts in the stack, woken at commit by a notification on `_local_supabase_net` (pg_net's
-- own wake() also fires only at commit, so a rolled-back request is never sent: its queue row never existed).
-- Owned by supabase_admin as on hosted; every role may use it (pg_net grants the schema, tables and sequences to
-- PUBLIC, and functions keep PUBLIC's execute since 0.12; hosted also grants the schema to the API roles).
-- Idempotent: re-applied whenever this file changes.

create schema if not exists net;

do $$
begin
  if not exists (select 1 from pg_type where typname = 'http_method' and typnamespace = 'net'::regnamespace) then
    create domain net.http_method as text
      check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
  end if;
  if not exists (select 1 from pg_type where typname = 'request_status' and typnamespace = 'net'::regnamespace) then
    create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
  end if;
  if not exists (select 1 from pg_type where typname = 'http_response' and typnamespace = 'net'::regnamespace) then
    create type net.http_response as (status_code integer, headers jsonb, body text);
  end if;
  if not exists (
    select 1 from pg_type where typname = 'http_response_result' and typnamespace = 'net'::regnamespace
  ) then
    create type net.http_response_result as (status net.request_status, message text, response net.http_response);
  end if;
end
$$;

-- Requests waiting for the worker, which deletes them as it takes them.
create unlogged table if not exists net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

-- One row per finished request, `id` being the request's; kept for pg_net.ttl (6 hours).
create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);

create index if not exists _http_response_created_idx on net._http_response (created);

-- Percent-encodes every byte but the unreserved characters (A-Z a-z 0-9 - . _ ~), as curl_easy_escape does.
create or replace function net._urlencode_string(string varchar)
returns text
language sql
immutable
as $f$
  select case when string is null then null else coalesce((
    select string_agg(
      case
        when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126) then chr(b)
        else '%' || upper(lpad(to_hex(b), 2, '0'))
      end, '' order by i)
    from (select i, get_byte(bytes, i) as b
          from (select convert_to(string, 'UTF8') as bytes) s, generate_series(0, length(bytes) - 1) as i) x
  ), '') end
$f$;

-- Checks the URL as curl's URL parser does (a scheme curl knows, an authority for http and https), normalises an
-- empty path to '/', and appends the encoded `key=value` parameters to the query (before any fragment).
create or replace function net._encode_url_with_params_array(url text, params_array text[])
returns text
language plpgsql
immutable
as $f$
declare
  m text[];
  scheme text;
  rest text;
  fragment text := '';
  hash_at int;
  params text;
begin
  if url is null or params_array is null then
    return null;
  end if;
  m := regexp_match(url, '^([A-Za-z][A-Za-z0-9+.-]*):(.*)$', 's');
  if m is null then
    raise exception 'invalid URL "%": Bad scheme', url;
  end if;
  scheme := lower(m[1]);
  if scheme not in ('dict', 'file', 'ftp', 'ftps', 'gopher', 'gophers', 'http', 'https', 'imap', 'imaps', 'ldap',
                    'ldaps', 'mqtt', 'pop3', 'pop3s', 'rtsp', 'scp', 'sftp', 'smb', 'smbs', 'smtp', 'smtps',
                    'telnet', 'tftp', 'ws', 'wss') then
    raise exception 'invalid URL "%": Unsupported URL scheme', url;
  end if;
  rest := m[2];
  if scheme in ('http', 'https', 'ws', 'wss') then
    m := regexp_match(rest, '^//([^/?#]+)(.*)$', 's');
    if m is null then
      raise exception 'invalid URL "%": No host part in the URL', url;
    end if;
    rest := '//' || m[1] || case when m[2] = '' or left(m[2], 1) <> '/' then '/' || m[2] else m[2] end;
  end if;
  hash_at := strpos(rest, '#');
  if hash_at > 0 then
    fragment := substr(rest, hash_at);
    rest := left(rest, hash_at - 1);
  end if;
  params := array_to_string(params_array, '&');
  if params <> '' then
    rest := rest || case when strpos(rest, '?') = 0 then '?' when right(rest, 1) in ('?', '&') then '' else '&' end
      || params;
  end if;
  return scheme || ':' || rest || fragment;
end
$f$;

-- The worker is a connection of the stack's own, named as pg_net's background worker is.
create or replace function net.check_worker_is_up()
returns void
language plpgsql
as $f$
begin
  if not exists (select 1 from pg_stat_activity where application_name ilike 'pg_net%worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the pg_net background worker is down due to an internal error and cannot process requests',
      hint = 'make sure that you didn''t modify any of pg_net internal tables';
  end if;
end
$f$;
comment on function net.check_worker_is_up() is
  'raises an exception if the pg_net background worker is not up, otherwise it doesn''t return anything';

-- Wakes the worker when the calling transaction commits (NOTIFY is delivered only then, and never on rollback).
create or replace function net.wake()
returns void
language sql
as $f$
  select pg_notify('_local_supabase_net', 'wake')
$f$;

create or replace function net.worker_restart()
returns bool
language sql
as $f$
  select pg_notify('_local_supabase_net', 'restart');
  select true
$f$;

create or replace function net.wait_until_running()
returns void
language plpgsql
as $f$
begin
  while not exists (select 1 from pg_stat_activity where application_name ilike 'pg_net%worker') loop
    perform pg_sleep(0.05);
  end loop;
end
$f$;
comment on function net.wait_until_running() is 'waits until the worker is running';

create or replace function net._await_response(request_id bigint)
returns bool
language plpgsql
parallel unsafe
as $f$
begin
  while not exists (select 1 from net._http_response r where r.id = request_id) loop
    perform pg_sleep(0.05);
  end loop;
  return true;
end
$f$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
parallel unsafe
as $f$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values (
    'GET',
    net._encode_url_with_params_array(url, (
      select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
      from jsonb_each_text(params))),
    headers,
    timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$f$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
parallel unsafe
as $f$
declare
  request_id bigint;
  content_type text;
begin
  select h.value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb)) as h
  where lower(h.key) = 'content-type'
  limit 1;
  -- Headers given without a content type get JSON's; any other content type is refused (the body is jsonb).
  if content_type is null then
    headers := headers || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'POST',
    net._encode_url_with_params_array(url, (
      select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
      from jsonb_each_text(params))),
    headers,
    convert_to(body::text, 'UTF8'),
    timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$f$;

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
)
returns bigint
language plpgsql
parallel unsafe
as $f$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'DELETE',
    net._encode_url_with_params_array(url, (
      select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
      from jsonb_each_text(params))),
    headers,
    convert_to(body::text, 'UTF8'),
    timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$f$;

create or replace function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql
parallel unsafe
as $f$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response r where r.id = request_id;
  -- A request still in flight looks the same as one that does not exist (as in pg_net).
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$f$;

create or replace function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql
parallel unsafe
as $f$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$f$;

grant usage on schema net to public;
grant usage on schema net to postgres, anon, authenticated, service_role;
grant all on all tables in schema net to public;
grant all on all sequences in schema net to public;
