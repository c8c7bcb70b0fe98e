-- Realtime: the per-change RLS check for postgres_changes.
-- Hosted Realtime (realtime.apply_rls) switches to each subscriber's role and claims with
-- set_config(..., true) and selects the changed row by primary key; the event is delivered only if the row is
-- visible. This function does the same for a batch of (role, claims) groups in one round trip.
-- Returns null when the table has RLS disabled (everyone with column privileges sees the change).
-- Runs as supabase_admin (the only caller); idempotent.

create schema if not exists _local_supabase;

create or replace function _local_supabase.realtime_rls_visible(entity regclass, pk jsonb, groups jsonb)
returns boolean[]
language plpgsql
as $f$
declare
  stmt text;
  g jsonb;
  visible boolean;
  result boolean[] := '{}';
begin
  if not (select c.relrowsecurity from pg_class c where c.oid = entity) then
    return null;
  end if;
  -- Untyped literals take the primary key columns' types, as hosted's prepared statement does.
  stmt := format(
    'select exists (select 1 from %s where %s)',
    entity,
    (select string_agg(format('%I = %L', key, value), ' and ') from jsonb_each_text(pk))
  );
  for g in select value from jsonb_array_elements(groups) loop
    perform set_config('role', g ->> 'role', true), set_config('request.jwt.claims', g ->> 'claims', true);
    begin
      execute stmt into visible;
    exception when others then
      -- A policy that fails for one subscriber hides the row from that subscriber only.
      visible := false;
    end;
    perform set_config('role', null, true);
    result := result || coalesce(visible, false);
  end loop;
  return result;
end
$f$;

revoke all on function _local_supabase.realtime_rls_visible(regclass, jsonb, jsonb) from public;
