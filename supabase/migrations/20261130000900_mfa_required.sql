-- The second factor protects the API, not only the pages (docs/decisions/0030-safe-by-default.md, docs/product.md,
-- Accounts). A user with a verified factor (auth.mfa_factors) must present an aal2 token: a password alone
-- (aal1) reads nothing, writes nothing and calls nothing. A user without a factor, anon and the service role
-- are unaffected. Three layers, as Supabase's MFA guide ("Enforce rules for MFA logins") and its "Securing your
-- API" guide (pre-request) prescribe:
--   1. one RESTRICTIVE policy per table the API roles reach (every table of public, storage.objects, and
--      realtime.messages where it exists), so a policy that grants is ANDed with the assurance level — the Data
--      API, Storage and Realtime's postgres_changes all apply it;
--   2. PostgREST's db-pre-request, private.check_request(), which refuses the whole request before its query,
--      so every RPC, including the SECURITY DEFINER ones that bypass row-level security, is covered in one place;
--   3. the edge functions check the token's aal themselves (supabase/functions/_shared/assurance.ts).
-- This migration must stay the last of issue 26's: its loop covers every table that exists when it runs;
-- tests/database/schema-lint.test.ts fails for a later table without the policy.

-- True when the caller's token is aal2 or the caller has no verified factor. SECURITY DEFINER to read
-- auth.mfa_factors (not granted to the API roles); one index lookup (mfa_factors_user_id_idx). Policies call it
-- as `(select private.aal_satisfied())`, an initplan evaluated once per statement, never per row.
create or replace function private.aal_satisfied() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
    );
$$;
revoke all on function private.aal_satisfied() from public;
grant execute on function private.aal_satisfied() to authenticated, service_role;

do $$
declare
  t record;
begin
  for t in
    select n.nspname as schema_name, c.relname as table_name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and c.relrowsecurity
      and (n.nspname = 'public'
        or (n.nspname = 'storage' and c.relname = 'objects')
        or (n.nspname = 'realtime' and c.relname = 'messages'))
  loop
    execute format('drop policy if exists "two-factor users need aal2" on %I.%I', t.schema_name, t.table_name);
    execute format(
      'create policy "two-factor users need aal2" on %I.%I as restrictive for all to authenticated '
      'using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()))',
      t.schema_name, t.table_name);
  end loop;
end;
$$;

-- PostgREST's db-pre-request: called as the request's role, after its claims are set, before its query; what
-- it raises is the response. 403 with code insufficient_aal (not 401: the token is valid and the app reads 401
-- as "the session is gone"; GoTrue's own insufficient_aal is 401 on /user, see the ADR part).
create or replace function private.check_request() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  -- anon and the service role carry no user: nothing to check.
  if auth.uid() is null or private.aal_satisfied() then
    return;
  end if;
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'insufficient_aal',
      'message', 'Verify your second factor to continue',
      'details', 'This account has two-factor sign-in on; this session was signed in with a password only (aal1).',
      'hint', 'Enter the code from your authenticator app (supabase.auth.mfa.challengeAndVerify), then retry with the aal2 session.'
    )::text,
    detail = json_build_object('status', 403, 'status_text', 'Forbidden', 'headers', json_build_object())::text;
end;
$$;
revoke all on function private.check_request() from public;
-- Every request runs it as its own role, anon included (which may use the schema for this function only).
grant usage on schema private to anon;
grant execute on function private.check_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.check_request';
notify pgrst, 'reload config';
