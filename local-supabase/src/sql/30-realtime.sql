-- Realtime: the per-change RLS check for postgres_changes.
-- Hosted Realtime (realtime.apply_rls) switches to each subscriber's role and claims with
-- set_config(..., true) and selects the changed row by primary key; the event is delivered only if the row is
-- visible. This function does the same for a batch of (role, claims) groups in one round trip.
-- Returns null when the table has RLS disabled (everyone with column privileges sees the change).
-- Runs as supabase_admin (the only caller); idempotent.

create schema if not exists _local_supabase;

drop function if exists _local_supabase.realtime_rls_visible(regclass, jsonb, jsonb);

create or replace function _local_supabase.realtime_rls_visible(entity regclass, pk jsonb, groups jsonb, xid bigint)
returns boolean[]
language plpgsql
as $f$
declare
  g jsonb;
  visible boolean;
  result boolean[] := '{}';
  xmax bigint;
  full_xid bigint;
  deadline timestamptz := clock_timestamp() + interval '2 seconds';
begin
  -- Without RLS every subscriber may see the row (as hosted). A table that vanished meanwhile counts as
  -- RLS on, so the checks below fail and nobody is sent anything.
  if (select not c.relrowsecurity from pg_class c where c.oid = entity) then
    return array_fill(true, array[jsonb_array_length(groups)]);
  end if;
  -- The WAL sender can hand over a commit a moment before the committing backend leaves the proc array, so
  -- a fresh snapshot may not see the row yet. Wait (briefly) until the transaction is visible, or the row
  -- would look invisible to every subscriber.
  xmax := pg_snapshot_xmax(pg_current_snapshot())::text::bigint;
  full_xid := ((xmax >> 32) << 32) | xid;
  if full_xid - xmax > 2147483648 then
    full_xid := full_xid - 4294967296; -- the 32-bit xid belongs to the previous epoch
  end if;
  while not pg_visible_in_snapshot(full_xid::text::xid8, pg_current_snapshot()) and clock_timestamp() < deadline loop
    perform pg_sleep(0.001);
  end loop;
  -- One plan for every group (as hosted's walrus_rls_stmt); untyped literals take the key columns' types.
  if exists (select 1 from pg_prepared_statements where name = '_realtime_rls_row') then
    deallocate _realtime_rls_row;
  end if;
  execute format(
    'prepare _realtime_rls_row as select exists (select 1 from %s where %s)',
    entity,
    (select string_agg(format('%I = %L', key, value), ' and ') from jsonb_each_text(pk))
  );
  begin
    for g in select value from jsonb_array_elements(groups) loop
      perform set_config('request.jwt.claims', g ->> 'claims', true);
      -- Switching roles costs more than the check itself; the caller sends groups sorted by role.
      if current_user::text is distinct from (g ->> 'role') then
        perform set_config('role', null, true);
        perform set_config('role', g ->> 'role', true);
      end if;
      execute 'execute _realtime_rls_row' into visible;
      result := result || coalesce(visible, false);
    end loop;
  exception when others then
    -- A policy failed for some subscriber: redo the batch one group at a time, so that only the groups
    -- whose check fails lose the event.
    result := '{}';
    for g in select value from jsonb_array_elements(groups) loop
      perform set_config('role', null, true);
      perform set_config('request.jwt.claims', g ->> 'claims', true);
      perform set_config('role', g ->> 'role', true);
      begin
        execute 'execute _realtime_rls_row' into visible;
      exception when others then
        visible := false;
      end;
      result := result || coalesce(visible, false);
    end loop;
  end;
  perform set_config('role', null, true);
  deallocate _realtime_rls_row;
  return result;
end
$f$;

revoke all on function _local_supabase.realtime_rls_visible(regclass, jsonb, jsonb, bigint) from public;
