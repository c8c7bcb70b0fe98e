-- Good Space: the designer lists are fast again with unconfirmed accounts still unlisted
-- (docs/decisions/0030-safe-by-default.md, "Unconfirmed accounts"; docs/benchmarks.md, "Confirmed designers").
--
-- designer_profiles' read rule probed private.confirmed_users (auth.users.email_confirmed_at) for every row it
-- looked at: a hashed subplan over auth.users (a sequential scan of it) or one primary-key probe per row. Every
-- designer list paid it: 24-26 ms p50 at 10,000 designers where they took ~5 ms before (npm run bench:db).
-- The rule is unchanged; what it reads is a column of the row itself:
--
-- 1. designer_profiles.confirmed: true while the account's e-mail is confirmed (and the account not deleted).
--    It is the database's to keep, never a writer's: the API roles have no column privilege on it (42501), and
--    a trigger derives it from auth.users on every insert and on every update that names it, whoever writes
--    (a security definer function, the service role, this migration's backfill).
-- 2. A trigger on auth.users follows confirmation (Auth's verify, an admin's confirm, a soft deletion).
-- 3. The read rule tests the column. nearby_designers (SECURITY INVOKER) gets it through the rule: not restated.
--
-- No new index: the rule is `own row or confirmed`, an OR that no partial index can serve, and it is now a test
-- of a column on the rows the existing indexes already return in the lists' orders (nearly all confirmed).

-- ---------------------------------------------------------------------------------------------------------
-- 1. The column and what keeps it
-- ---------------------------------------------------------------------------------------------------------
alter table public.designer_profiles add column confirmed boolean not null default false;
comment on column public.designer_profiles.confirmed is
  'Kept by the database from auth.users (email_confirmed_at set, not deleted): only confirmed designers are listed '
  'to others (designer_profiles_select_confirmed). Not writable through the API.';

-- The API roles' column grants (20261122000100_profiles_and_roles.sql, 20261126000200_place_columns.sql) name
-- their columns, so `confirmed` is not among them: an insert, update or upsert naming it answers 42501. Stated
-- again here so that a later table-wide grant would have to undo it on purpose.
revoke insert (confirmed), update (confirmed) on public.designer_profiles from anon, authenticated;

-- Whether an account counts as confirmed: the condition private.confirmed_users stated.
create function private.account_confirmed(account uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.users u where u.id = account and u.email_confirmed_at is not null and u.deleted_at is null)
$$;
revoke execute on function private.account_confirmed(uuid) from public, anon, authenticated;

-- Whatever a writer put in `confirmed` (an insert, or an update naming it), the row gets the account's truth:
-- one primary-key probe of auth.users. Updates that leave the column out (every profile edit) skip it.
create function private.designer_profile_confirmed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.confirmed := private.account_confirmed(new.user_id);
  return new;
end $$;
revoke execute on function private.designer_profile_confirmed() from public, anon, authenticated;
create trigger designer_profiles_confirmed before insert or update of confirmed on public.designer_profiles
  for each row execute function private.designer_profile_confirmed();

-- ---------------------------------------------------------------------------------------------------------
-- 2. Following confirmation
-- ---------------------------------------------------------------------------------------------------------
-- Auth's verify sets email_confirmed_at (sign-up link, admin confirm); deleting a user soft-deletes or removes
-- the row (removal cascades to the profile). A new account's profile is inserted by private.handle_new_user, whose
-- insert the trigger above reads from the new auth.users row.
create function private.sync_designer_confirmed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.designer_profiles d set confirmed = true  -- recomputed by designer_profiles_confirmed
   where d.user_id = new.id;
  return null;
end $$;
revoke execute on function private.sync_designer_confirmed() from public, anon, authenticated;
create trigger on_auth_user_confirmed after update of email_confirmed_at, deleted_at on auth.users
  for each row
  when ((old.email_confirmed_at is null) is distinct from (new.email_confirmed_at is null)
        or (old.deleted_at is null) is distinct from (new.deleted_at is null))
  execute function private.sync_designer_confirmed();

-- The designers there are: their profiles as they were (updated_at is not a confirmation's to move here).
alter table public.designer_profiles disable trigger designer_profiles_set_updated_at;
update public.designer_profiles set confirmed = true;  -- recomputed per row by designer_profiles_confirmed
alter table public.designer_profiles enable trigger designer_profiles_set_updated_at;

-- ---------------------------------------------------------------------------------------------------------
-- 3. The read rule: one's own row, or a confirmed designer's
-- ---------------------------------------------------------------------------------------------------------
drop policy designer_profiles_select_confirmed on public.designer_profiles;
create policy designer_profiles_select_confirmed on public.designer_profiles for select to authenticated
  using (user_id = (select auth.uid()) or confirmed);

-- The view backed only the rule it replaced.
drop view private.confirmed_users;
