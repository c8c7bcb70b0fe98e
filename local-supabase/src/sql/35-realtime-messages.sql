-- Realtime's own schema objects, as hosted Realtime's tenant migrations leave them
-- (supabase/realtime lib/realtime/tenants/repo/migrations: redefine_authorization_tables, add_payload_to_messages,
-- messages_partitioning, messages_using_uuid, create_messages_replay_index, add_binary_payload_to_messages,
-- rename_broadcast_send_warning, restrict_realtime_schema). They exist before the first migration, so migrations
-- may write policies on realtime.messages (private channels' authorization) and call realtime.send.
-- Runs as the cluster superuser `supabase_admin`; idempotent (re-applied when this file changes).

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin;
-- Hosted lets postgres write policies on realtime.messages (supautils' policy_grants; before that, membership of
-- supabase_realtime_admin). Without supautils the owner's role is what allows CREATE POLICY, as for storage.
grant supabase_realtime_admin to postgres;

-- Partitioned by day on inserted_at (UTC, the database's time zone); the Realtime service creates the partitions
-- from yesterday to three days ahead and drops those older than 72 hours, as hosted's janitor does.
do $$
begin
  if to_regclass('realtime.messages') is null then
    create table realtime.messages (
      topic text not null,
      extension text not null,
      payload jsonb,
      event text,
      private boolean default false,
      updated_at timestamp without time zone not null default now(),
      inserted_at timestamp without time zone not null default now(),
      id uuid not null default gen_random_uuid(),
      binary_payload bytea,
      primary key (id, inserted_at)
    ) partition by range (inserted_at);
  end if;
  if not exists (select from pg_constraint where conname = 'messages_payload_exclusive'
                  and conrelid = 'realtime.messages'::regclass) then
    alter table realtime.messages
      add constraint messages_payload_exclusive check (payload is null or binary_payload is null);
  end if;
end
$$;
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

-- The topic of the channel being authorized (set by Realtime's authorization check and by realtime.send).
create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
alter function realtime.topic() owner to supabase_realtime_admin;

-- Broadcast from the database: a row in realtime.messages, delivered by Realtime to the topic's channels of the
-- same privacy. Runs as the caller (its insert policy applies); failures are warnings, as on hosted.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := gen_random_uuid();
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                                   'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  owner to supabase_realtime_admin;

-- Hosted streams realtime.messages on its own publication (ReplicationConnection.publication_name/2); the stack's
-- Realtime reads it on the same replication connection as supabase_realtime. Being a separate publication keeps
-- realtime.messages out of postgres_changes, as on hosted.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages;
  end if;
end
$$;

-- The janitor's partitions: yesterday to three days ahead (UTC days), older than 72 hours dropped.
create or replace function _local_supabase.realtime_messages_partitions() returns void
language plpgsql
as $f$
declare
  d date;
  part record;
  today date := (now() at time zone 'utc')::date;
begin
  for d in select generate_series(today - 1, today + 3, interval '1 day')::date loop
    if to_regclass(format('realtime.messages_%s', to_char(d, 'YYYY_MM_DD'))) is null then
      execute format('create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
                     'messages_' || to_char(d, 'YYYY_MM_DD'), d, d + 1);
      execute format('alter table realtime.%I owner to supabase_realtime_admin', 'messages_' || to_char(d, 'YYYY_MM_DD'));
    end if;
  end loop;
  for part in
    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'realtime.messages'::regclass and c.relname ~ '^messages_\d{4}_\d{2}_\d{2}$'
       and to_date(substr(c.relname, 10), 'YYYY_MM_DD') < ((now() at time zone 'utc') - interval '72 hours')::date
  loop
    execute format('drop table if exists realtime.%I', part.relname);
  end loop;
end
$f$;
revoke all on function _local_supabase.realtime_messages_partitions() from public;
select _local_supabase.realtime_messages_partitions();
