-- Account deletion (SPEC §7 rpc delete_user) and what happens to other people's projects when a user leaves.

-- When an assigned designer's account goes (delete_user or an admin deleting the auth user), their active
-- projects reopen: no designer, pending again, the other bids back in the running. Completed projects keep
-- their history (designer_id becomes null through the foreign key).
create function private.reopen_projects_of_leaving_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.project_bids b set status = 'pending'
   where b.status = 'rejected'
     and b.project_id in (select p.id from public.projects p where p.designer_id = old.id and p.status = 'active');
  update public.projects set designer_id = null, status = 'pending'
   where designer_id = old.id and status = 'active';
  return old;
end $$;
create trigger profiles_reopen_projects before delete on public.profiles
  for each row execute function private.reopen_projects_of_leaving_user();

-- delete_user(): removes the caller's auth user and, through the foreign keys, their profile, role, role
-- profiles, subscriptions, projects (with everything on them), bids, items, messages, notes, reviews, nudges
-- and catalog items; and their stored files: their portfolio and catalog folders and the photos of their
-- own projects. Photos they uploaded to someone else's project stay with that project.
create function public.delete_user() returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;

  -- Storage refuses direct deletes unless the transaction opts in (storage.protect_delete). The file bytes
  -- are no longer reachable once their rows are gone.
  perform set_config('storage.allow_delete_query', 'true', true);
  delete from storage.objects o
   where (o.bucket_id in ('designer-portfolio', 'catalog-images') and (storage.foldername(o.name))[1] = uid::text)
      or (o.bucket_id = 'project-photos'
          and (storage.foldername(o.name))[1] in (select p.id::text from public.projects p where p.customer_id = uid));
  perform set_config('storage.allow_delete_query', 'false', true);

  delete from auth.users where id = uid;
end $$;
revoke execute on function public.delete_user() from public, anon;
grant execute on function public.delete_user() to authenticated;
