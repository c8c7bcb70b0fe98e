-- Storage buckets and their policies (docs/decisions/0003-storage-access.md).
--   project-photos      private: the project's customer and assigned designer read and write under {projectId}/
--   designer-portfolio  public URLs; owner writes and deletes under {userId}/; signed-in users may list
--                       designers' folders (the designer cards and portfolio pages list them)
--   catalog-images      public URLs (stored in catalog_items.image_url); owner writes, lists and deletes under
--                       {userId}/; nobody else lists it
-- Folder names are compared as text, so a malformed path never raises a cast error.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('project-photos', 'project-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('designer-portfolio', 'designer-portfolio', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('catalog-images', 'catalog-images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create function private.participant_project_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select p.id::text from public.projects p where p.customer_id = (select auth.uid())
  union all
  select p.id::text from public.projects p where p.designer_id = (select auth.uid())
$$;
create function private.owned_project_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select p.id::text from public.projects p where p.customer_id = (select auth.uid())
$$;
create function private.designer_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select ur.user_id::text from public.user_roles ur where ur.role = 'designer'
$$;
grant execute on function private.participant_project_folders(), private.owned_project_folders(),
  private.designer_folders() to authenticated, service_role;

-- project-photos --------------------------------------------------------------------------------------------
create policy "project-photos: participants read" on storage.objects for select to authenticated
  using (bucket_id = 'project-photos' and (storage.foldername(name))[1] in (select private.participant_project_folders()));
create policy "project-photos: participants upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'project-photos' and (storage.foldername(name))[1] in (select private.participant_project_folders()));
-- The uploader removes their own photo; the project's owner may remove any photo of the project.
create policy "project-photos: uploader or owner deletes" on storage.objects for delete to authenticated
  using (
    bucket_id = 'project-photos'
    and (
      ((storage.foldername(name))[1] in (select private.participant_project_folders()) and owner_id = (select auth.uid())::text)
      or (storage.foldername(name))[1] in (select private.owned_project_folders())
    )
  );

-- designer-portfolio ----------------------------------------------------------------------------------------
create policy "designer-portfolio: signed-in users list designers' folders" on storage.objects for select to authenticated
  using (
    bucket_id = 'designer-portfolio'
    and ((storage.foldername(name))[1] = (select auth.uid())::text
         or (storage.foldername(name))[1] in (select private.designer_folders()))
  );
create policy "designer-portfolio: owner uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'designer-portfolio' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "designer-portfolio: owner updates" on storage.objects for update to authenticated
  using (bucket_id = 'designer-portfolio' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'designer-portfolio' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "designer-portfolio: owner deletes" on storage.objects for delete to authenticated
  using (bucket_id = 'designer-portfolio' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- catalog-images --------------------------------------------------------------------------------------------
create policy "catalog-images: owner lists" on storage.objects for select to authenticated
  using (bucket_id = 'catalog-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "catalog-images: owner uploads" on storage.objects for insert to authenticated
  with check (bucket_id = 'catalog-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "catalog-images: owner updates" on storage.objects for update to authenticated
  using (bucket_id = 'catalog-images' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'catalog-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "catalog-images: owner deletes" on storage.objects for delete to authenticated
  using (bucket_id = 'catalog-images' and (storage.foldername(name))[1] = (select auth.uid())::text);
