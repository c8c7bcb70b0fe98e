-- Good Space: performance (npm run bench:db, docs/benchmarks.md). Indexes only; no policy or data change.
--
-- The app pages open projects and available designers newest first with the id as tie-breaker
-- (`order created_at desc, id desc`, docs/decisions/0011; src/features/projects/api/get-available-projects.ts,
-- src/features/designers/api/get-designers.ts). With only created_at in the partial index, a page past the
-- first few made the planner read every open project (~30,000 at 100,000 projects) through a bitmap scan and
-- sort them: page 20 of open projects took ~190 ms. With the tie-breaker in the index the rows come out in the
-- page's order and a page reads only offset + limit index entries.

create index projects_open_created_at_id_idx on public.projects (created_at desc, id desc)
  where status = 'pending' and designer_id is null;
drop index public.projects_open_created_at_idx;

create index designer_profiles_available_created_at_user_id_idx on public.designer_profiles (created_at desc, user_id desc)
  where availability_status = 'available';
drop index public.designer_profiles_available_idx;
