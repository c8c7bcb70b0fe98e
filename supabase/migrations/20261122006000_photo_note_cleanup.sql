-- Good Space: a project photo's note goes with the photo.
--
-- project_photo_notes is keyed by the photo's storage path (project_id, photo_path). The storage policies let the
-- uploader or the project owner remove a project photo (20261122000400_storage.sql, docs/decisions/0003), and
-- account deletion removes files too; without this trigger the note would outlive its photo and come back if a
-- file of the same name were uploaded later. SECURITY DEFINER because the note may belong to the owner while the
-- designer who uploaded the photo removes it (notes are otherwise deleted by the project owner only).

create function private.delete_photo_note() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.project_photo_notes n
  where n.photo_path = old.name
    and n.project_id::text = (storage.foldername(old.name))[1];
  return null;
end $$;
revoke execute on function private.delete_photo_note() from public, anon, authenticated;

create trigger project_photos_delete_note after delete on storage.objects
  for each row when (old.bucket_id = 'project-photos')
  execute function private.delete_photo_note();
