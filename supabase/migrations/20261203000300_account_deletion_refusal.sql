-- Account deletion asks first (docs/milestones.md, "Leaving Good Space"; ADR 0018): delete-account removes the
-- leaving person's files before delete_user() runs, so a refusal by the database (money held in a funded
-- milestone, 20261203000200_milestones.sql) came after the photos were gone. The function now asks this first and
-- removes nothing when the answer is a sentence; the trigger stays the last word under races.
create function public.account_deletion_refusal() returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.project_milestones m
                  where (m.customer_id = (select auth.uid()) or m.designer_id = (select auth.uid()))
                    and m.status in ('funded', 'submitted', 'changes_requested', 'disputed'))
      then 'This account has money held in funded milestones: release or settle them before deleting the account.'
  end
$$;
comment on function public.account_deletion_refusal() is
  'Why the caller''s account cannot be deleted now, in the words the app shows; null when it can (docs/milestones.md).';
revoke all on function public.account_deletion_refusal() from public, anon;
grant execute on function public.account_deletion_refusal() to authenticated, service_role;
