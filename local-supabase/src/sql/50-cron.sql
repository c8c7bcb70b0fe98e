-- pg_cron's SQL surface (citusdata/pg_cron 1.6: pg_cron.sql and its upgrade scripts), with the grants hosted
-- Supabase adds after creating the extension (supabase/postgres, postgresql_extension_custom_scripts/pg_cron).
-- The C functions are plpgsql here; a scheduler in the stack (local-supabase/src/cron) runs the jobs. The schedule
-- check mirrors src/cron/schedule.ts (conformance tests hold the two to the same answers).
-- Runs as supabase_admin, the extension's owner on hosted; idempotent.

create schema if not exists cron;
create sequence if not exists cron.jobid_seq;
create sequence if not exists cron.runid_seq;

create table if not exists cron.job (
  jobid bigint primary key default pg_catalog.nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default pg_catalog.inet_server_port(),
  database text not null default pg_catalog.current_database(),
  username text not null default current_user,
  active boolean not null default 'true',
  jobname text
);
do $$
begin
  if not exists (select from pg_constraint where conname = 'jobname_username_uniq') then
    alter table cron.job add constraint jobname_username_uniq unique (jobname, username);
  end if;
end
$$;

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigint primary key default pg_catalog.nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

alter table cron.job enable row level security;
alter table cron.job_run_details enable row level security;
drop policy if exists cron_job_policy on cron.job;
create policy cron_job_policy on cron.job using (username operator(pg_catalog.=) current_user);
drop policy if exists cron_job_run_details_policy on cron.job_run_details;
create policy cron_job_run_details_policy on cron.job_run_details using (username operator(pg_catalog.=) current_user);

-- Whether pg_cron's parser takes the schedule: a cron entry (five fields, names, ranges, steps, '$', @specials),
-- else '<1-59> second[s]'.
create or replace function cron._schedule_is_valid(schedule text) returns boolean
language plpgsql immutable
set search_path = pg_catalog
as $f$
declare
  s text := ltrim(schedule, E' \t\n');
  parts text[];
  lows int[] := array[0, 0, 1, 1, 0];
  highs int[] := array[59, 23, 31, 12, 7];
  months text[] := array['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec'];
  days text[] := array['sun','mon','tue','wed','thu','fri','sat','sun'];
  item text;
  m text[];
  a int;
  b int;
  i int;
  ok boolean := true;
begin
  if s like '@%' then
    if split_part(translate(substr(s, 2), E'\t\n', '  '), ' ', 1) in
       ('reboot', 'restart', 'yearly', 'annually', 'monthly', 'weekly', 'daily', 'midnight', 'hourly') then
      return true;
    end if;
    ok := false;
  else
    parts := array_remove(regexp_split_to_array(s, E'[ \t]+'), '');
    if coalesce(array_length(parts, 1), 0) < 5 then
      ok := false;
    end if;
  end if;
  if ok then
    <<fields>>
    for i in 1..5 loop
      continue when i = 3 and parts[i] = '$';
      foreach item in array string_to_array(parts[i], ',') loop
        m := regexp_match(item, '^(\*|[A-Za-z0-9]+)(?:-([A-Za-z0-9]+))?(?:/([0-9]+))?$');
        if m is null or (m[1] = '*' and m[2] is not null) or (m[1] <> '*' and m[2] is null and m[3] is not null)
           or (m[3] is not null and (length(m[3]) > 9 or m[3]::int <= 0 or m[3]::int > highs[i])) then
          ok := false;
          exit fields;
        end if;
        continue when m[1] = '*';
        foreach item in array array_remove(array[m[1], coalesce(m[2], m[1])], null) loop
          a := case
            when i = 4 and lower(item) = any (months) then array_position(months, lower(item))
            when i = 5 and lower(item) = any (days) then array_position(days, lower(item)) - 1
            when item ~ '^[0-9]{1,9}$' then item::int
          end;
          if a is null or a < lows[i] or a > highs[i] then
            ok := false;
            exit fields;
          end if;
        end loop;
      end loop;
    end loop;
  end if;
  if ok then
    return true;
  end if;
  m := regexp_match(schedule, E'^\\s*([0-9]{1,9})\\s*seconds?\\s*$', 'i');
  return m is not null and m[1]::int between 1 and 59;
end
$f$;

-- pg_cron's C functions check the caller's rights and then write as the extension owner. Here they are
-- SECURITY DEFINER functions, which see the owner as current_user; the caller is the role the session runs as
-- (SET ROLE, else the session user), which is what pg_cron's GetUserId() is for a plain call.
create or replace function cron._invoker() returns text
language sql stable
set search_path = pg_catalog
as $f$
  select coalesce(nullif(current_setting('role'), 'none'), session_user::text)
$f$;

create or replace function cron._check_schedule(schedule text) returns void
language plpgsql immutable
set search_path = pg_catalog
as $f$
begin
  if not cron._schedule_is_valid(schedule) then
    raise exception using errcode = 'invalid_parameter_value', message = format('invalid schedule: %s', schedule),
      hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  end if;
end
$f$;

create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql security definer
set search_path = pg_catalog
as $f$
declare
  id bigint;
begin
  if job_name is null then raise exception 'job_name can not be NULL'; end if;
  if schedule is null then raise exception 'schedule can not be NULL'; end if;
  if command is null then raise exception 'command can not be NULL'; end if;
  perform cron._check_schedule(schedule);
  insert into cron.job (schedule, command, nodename, nodeport, database, username, active, jobname)
  values (schedule, command, 'localhost', inet_server_port(), current_database(), cron._invoker(), true, job_name)
  on conflict on constraint jobname_username_uniq do update
    set schedule = excluded.schedule, command = excluded.command, database = excluded.database
  returning jobid into id;
  return id;
end
$f$;

create or replace function cron.schedule(schedule text, command text) returns bigint
language plpgsql strict security definer
set search_path = pg_catalog
as $f$
declare
  id bigint;
begin
  perform cron._check_schedule(schedule);
  insert into cron.job (schedule, command, nodename, nodeport, database, username, active)
  values (schedule, command, 'localhost', inet_server_port(), current_database(), cron._invoker(), true)
  returning jobid into id;
  return id;
end
$f$;

-- Not the owner: allowed only with DELETE on cron.job (pg_cron's EnsureDeletePermission).
create or replace function cron._ensure_delete_permission(owner text) returns void
language plpgsql stable
set search_path = pg_catalog
as $f$
begin
  if owner is distinct from cron._invoker() and not has_table_privilege(cron._invoker(), 'cron.job', 'DELETE') then
    raise exception using errcode = 'insufficient_privilege', message = 'permission denied for table job';
  end if;
end
$f$;

create or replace function cron.unschedule(job_id bigint) returns boolean
language plpgsql strict security definer
set search_path = pg_catalog
as $f$
declare
  owner text;
begin
  select username into owner from cron.job where jobid = job_id for update;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  perform cron._ensure_delete_permission(owner);
  delete from cron.job where jobid = job_id;
  return true;
end
$f$;

create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql strict security definer
set search_path = pg_catalog
as $f$
declare
  id bigint;
  owner text;
begin
  select jobid, username into id, owner from cron.job
    where jobname = job_name and username = cron._invoker() limit 1 for update;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  perform cron._ensure_delete_permission(owner);
  delete from cron.job where jobid = id;
  return true;
end
$f$;

create or replace function cron.alter_job(
  job_id bigint,
  schedule text default null,
  command text default null,
  database text default null,
  username text default null,
  active boolean default null
) returns void
language plpgsql security definer
set search_path = pg_catalog
as $f$
declare
  caller text := cron._invoker();
  is_super boolean := (select rolsuper from pg_roles where rolname = cron._invoker());
begin
  if job_id is null then raise exception 'job_id can not be NULL'; end if;
  if username is not null and not is_super then raise exception 'must be superuser to alter username'; end if;
  if alter_job.schedule is not null then perform cron._check_schedule(alter_job.schedule); end if;
  if alter_job.database is not null and not exists (select from pg_database where datname = alter_job.database) then
    raise exception using errcode = 'undefined_database',
      message = format('database "%s" does not exist', alter_job.database);
  end if;
  if num_nonnulls(alter_job.schedule, alter_job.command, alter_job.database, alter_job.username, alter_job.active) = 0 then
    raise exception 'no updates specified'
      using hint = 'You must specify at least one job attribute to change when calling alter_job';
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id and (is_super or j.username = caller);
  if not found then
    raise exception 'Job % does not exist or you don''t own it', job_id;
  end if;
end
$f$;

comment on function cron.schedule(text, text) is 'schedule a pg_cron job';
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';
comment on function cron.alter_job(bigint, text, text, text, text, boolean)
  is 'Alter the job identified by job_id. Any option left as NULL will not be modified.';

-- pg_cron's own grants.
grant select on cron.job to public;
grant select, delete on cron.job_run_details to public;
grant select on sequence cron.jobid_seq, cron.runid_seq to public;
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;
revoke all on function cron._schedule_is_valid(text), cron._check_schedule(text), cron._invoker(),
  cron._ensure_delete_permission(text) from public;

-- Hosted Supabase's, after creating the extension: postgres may use everything and grant it on, except that it
-- only reads cron.job (jobs change through the functions).
grant usage on schema cron to postgres with grant option;
grant all on function cron.schedule(text, text), cron.schedule(text, text, text), cron.unschedule(bigint),
  cron.unschedule(text), cron.alter_job(bigint, text, text, text, text, boolean) to postgres with grant option;
grant all privileges on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;
