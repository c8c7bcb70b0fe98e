-- Good Space: the profiles read rule, planned as indexed lookups (npm run bench:db, docs/benchmarks.md #2, #9,
-- #20–#22, #25). No data change; the visibility is exactly the one of 20261122000200_projects.sql:
-- a profile is readable by the person and by the people who share with them
--   * a project: its customer and its assigned designer (both directions, any status);
--   * a bid: the project's customer and the designer who bid (both directions, any bid or project status);
--   * a nudge: its client and its designer (both directions, any status).
--
-- Before, the policy was `id in (select private.related_user_ids())`: a six-branch set-returning SECURITY DEFINER
-- function. Postgres cannot inline it, so every statement that read even one profile first built the caller's
-- whole related set (15–40 ms at bench scale for a single embed). A per-row SECURITY DEFINER boolean helper is
-- not inlinable either: it costs a function call (six probes) per row and made a full `profiles` scan take
-- seconds. Instead the relationships are a view the planner can see into:
--   * private.related_users: the caller's related user ids (one UNION ALL branch per relationship, each
--     filtered by `(select auth.uid())`), so it only ever answers for the caller;
--   * owned by postgres (the tables' owner), so reading it does not apply the RLS of projects, bids and nudges
--     (same as the old SECURITY DEFINER function: a bidder whose bid was rejected still shares the bid with the
--     customer); it lives in `private`, which the API does not expose, and is not security_barrier so the
--     policy's `user_id = profiles.id` is pushed into every branch.
-- With the pair pushed down each branch is an index probe on (caller, row's id), so an embed costs a few
-- buffers per embedded row; for a scan of many profiles the planner hashes the whole set once instead.

-- Pair lookups: (customer, designer) of a project, (client, designer) of a nudge, a designer's bids by project.
create index projects_customer_id_designer_id_idx on public.projects (customer_id, designer_id);
create index designer_nudges_client_id_designer_id_idx on public.designer_nudges (client_id, designer_id);
drop index public.designer_nudges_client_id_idx; -- its column leads the new index (also the foreign key's index)
create index project_bids_designer_id_project_id_idx on public.project_bids (designer_id, project_id);
drop index public.project_bids_designer_id_idx; -- its column leads the new index (also the foreign key's index)

create view private.related_users as
  -- a project: I am its customer and they are its designer, or the other way round
  select p.designer_id as user_id from public.projects p where p.customer_id = (select auth.uid())
  union all
  select p.customer_id from public.projects p where p.designer_id = (select auth.uid())
  -- a bid: they bid on one of my projects (my project ids are read once: a probe per row is one index range)
  union all
  select b.designer_id from public.project_bids b
  where b.project_id = any (array(select p.id from public.projects p where p.customer_id = (select auth.uid())))
  -- a bid: I bid on one of their projects
  union all
  select p.customer_id from public.projects p
  where p.id = any (array(select b.project_id from public.project_bids b where b.designer_id = (select auth.uid())))
  -- a nudge: I nudged them, or they nudged me
  union all
  select n.designer_id from public.designer_nudges n where n.client_id = (select auth.uid())
  union all
  select n.client_id from public.designer_nudges n where n.designer_id = (select auth.uid());
comment on view private.related_users is
  'The signed-in user''s related people (shared project, bid or nudge); backs the profiles select policy.';
revoke all on private.related_users from public, anon, authenticated, service_role;
grant select on private.related_users to authenticated, service_role;

drop policy profiles_select_self_or_related on public.profiles;
create policy profiles_select_self_or_related on public.profiles for select to authenticated
  using (id = (select auth.uid()) or exists (select 1 from private.related_users r where r.user_id = profiles.id));

drop function private.related_user_ids();
