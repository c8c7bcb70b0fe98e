-- Project detail (SPEC §2, §6, §8): a signed-in user opening /project/{id} of a project they may not see must be
-- told 'Access denied', and 'Project not found' only when there is no such project. Row-level security hides both
-- the same way (no row), on purpose, so the page asks this function, and only after its read returned no row.
--
-- project_access(project_id) answers for the caller only, with one of three words and nothing else:
--   'missing'  no project has this id;
--   'allowed'  the caller can read it (projects_select_visible: their own, assigned to them, or open to a designer);
--              the page then simply reads it again (it changed between the two calls, e.g. a bid was accepted);
--   'denied'   it exists and the caller may not see it.
-- It reveals only whether a project id exists, which the caller must already hold (ids are random UUIDs, never
-- listed to outsiders): no title, owner, status or count. SECURITY DEFINER to see past RLS, search_path empty,
-- executable by signed-in users only (anon has no grants anywhere, docs/decisions/0004).
create function public.project_access(project_id uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  p record;
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  select pr.customer_id, pr.designer_id, pr.status into p from public.projects pr where pr.id = project_id;
  if not found then
    return 'missing';
  end if;
  -- The same rule as the projects_select_visible policy (20261122000200_projects.sql).
  if p.customer_id = uid
     or p.designer_id = uid
     or (p.status = 'pending' and p.designer_id is null and private.has_role('designer')) then
    return 'allowed';
  end if;
  return 'denied';
end $$;
revoke execute on function public.project_access(uuid) from public, anon;
grant execute on function public.project_access(uuid) to authenticated, service_role;
