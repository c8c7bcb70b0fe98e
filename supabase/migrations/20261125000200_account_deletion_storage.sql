-- Account deletion removes files through Storage, not SQL (docs/decisions/0018-account-deletion-through-storage.md).
--
-- Deleting storage.objects rows in SQL removes only the rows: on hosted Supabase the bytes stay in the object
-- store, unreachable and never cleaned up (storage.protect_delete exists to stop exactly that). Only the Storage
-- API removes both. So delete_user() no longer touches storage.objects: it refuses while any of the caller's files
-- remain (their portfolio and catalog folders, the photos of their own projects), and the delete-account edge
-- function removes those through Storage first, then calls it. Callers without files are deleted as before; the
-- check and the deletion are one transaction, so an account never goes while files it owns are still stored.

create or replace function public.delete_user() returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;

  -- The same set the delete-account function removes: photos a designer uploaded to someone else's project stay.
  if exists (
    select 1 from storage.objects o
     where (o.bucket_id in ('designer-portfolio', 'catalog-images') and (storage.foldername(o.name))[1] = uid::text)
        or (o.bucket_id = 'project-photos'
            and (storage.foldername(o.name))[1] in (select p.id::text from public.projects p where p.customer_id = uid))
  ) then
    raise exception 'Stored files remain: delete the account through the delete-account function'
      using errcode = 'P0001',
            hint = 'Only the Storage API removes a file''s bytes; the function removes the files, then calls delete_user().';
  end if;

  -- Through the foreign keys: profile, role, role profiles, subscriptions, projects (with everything on them),
  -- bids, items, messages, notes, reviews, nudges, catalog items; the profiles trigger reopens the active
  -- projects of a leaving designer (20261122000500_account_deletion.sql).
  delete from auth.users where id = uid;
end $$;
revoke execute on function public.delete_user() from public, anon;
grant execute on function public.delete_user() to authenticated;
