-- Good Space: an open project shows designers its place and distance, never the location as typed or its
-- coordinates (issue 26; docs/decisions/0030-safe-by-default.md).
--
-- 1. projects.location (free text: people type addresses) and latitude/longitude are no API columns: anon and
--    authenticated get a column list without them. PostgREST answers 42501 for select=*, select=location, a filter
--    or an order on them, and an embed naming them, for everyone.
-- 2. A project's coordinates are its place's (the city or ZIP centroid), or rounded to 0.1° (about 7 miles) when it
--    has no place: open_projects' distances can no longer be used to trilaterate a 'lat,lng' typed by a device.
-- 3. open_projects() returns the place's label (place_label) and the distance instead of location and coordinates;
--    it and open_project_count() read as their owner (the caller may not read the coordinates they measure) and
--    restate projects_select_visible for open projects: every designer, and the project's own customer.
-- 4. project_locations(p_projects): the location as typed, for the project's customer and its assigned designer
--    (designer_id, set when a bid is accepted); other projects are left out.

-- ---------------------------------------------------------------------------------------------------------
-- 1. No location or coordinates through the API
-- ---------------------------------------------------------------------------------------------------------
revoke select on public.projects from anon, authenticated;
grant select (id, customer_id, designer_id, title, description, place_id, space_size, budget, budget_type,
              preferred_style, status, items_total, created_at, updated_at, completed_at, portfolio_consent,
              portfolio_show_costs)
  on public.projects to authenticated;
comment on column public.projects.location is
  'The location as the customer typed it (may be an address). Not granted to the API roles: designers see the '
  'place''s label (place_id → places.label); the customer and the assigned designer read it with project_locations().';
comment on column public.projects.latitude is
  'The place''s latitude (rounded to 0.1° without a place), for distances; not granted to the API roles.';
comment on column public.projects.longitude is
  'The place''s longitude (rounded to 0.1° without a place), for distances; not granted to the API roles.';

-- ---------------------------------------------------------------------------------------------------------
-- 2. Coordinates no finer than the place
-- ---------------------------------------------------------------------------------------------------------
-- Runs after projects_coordinates (triggers fire in name order), which has set place_id and the coordinates.
create function private.project_coordinates_to_place() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pl record;
begin
  if new.place_id is not null then
    select p.latitude, p.longitude into pl from public.places p where p.id = new.place_id;
    if found then
      new.latitude := pl.latitude;
      new.longitude := pl.longitude;
      return new;
    end if;
  end if;
  new.latitude := round(new.latitude::numeric, 1)::double precision;
  new.longitude := round(new.longitude::numeric, 1)::double precision;
  return new;
end $$;
revoke execute on function private.project_coordinates_to_place() from public, anon, authenticated;
create trigger projects_coordinates_to_place before insert or update of location, place_id, latitude, longitude
  on public.projects for each row execute function private.project_coordinates_to_place();

-- Existing rows (the trigger above does the work; their updated_at stays: nothing the customer changed).
alter table public.projects disable trigger projects_set_updated_at;
update public.projects set latitude = latitude where latitude is not null or longitude is not null;
alter table public.projects enable trigger projects_set_updated_at;

-- ---------------------------------------------------------------------------------------------------------
-- 3. Open projects: the place's label and the distance
-- ---------------------------------------------------------------------------------------------------------
-- Restated from 20261126000300_place_follow_ups.sql: location, latitude and longitude leave the result, the
-- place's label joins it; SECURITY DEFINER with the visibility rule in every branch.
drop function public.open_projects(double precision, double precision, integer, timestamptz, uuid, integer);
create function public.open_projects(
  origin_latitude double precision default null,
  origin_longitude double precision default null,
  after_miles integer default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 24
) returns table (
  id uuid,
  customer_id uuid,
  designer_id uuid,
  title text,
  description text,
  place_id text,
  place_label text,
  space_size integer,
  budget integer,
  budget_type public.budget_type,
  preferred_style text,
  status public.project_status,
  items_total numeric,
  created_at timestamptz,
  updated_at timestamptz,
  completed_at timestamptz,
  distance_miles integer,
  within_reach boolean
)
language plpgsql stable security definer set search_path = '' set enable_sort = off as $$
#variable_conflict use_column
declare
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  n integer := 0;
  cos_origin double precision;
  lo_lat double precision;
  hi_lat double precision;
  lo_lng double precision;
  hi_lng double precision;
  reach boolean;
  origin_point extensions.cube;
  walk_size integer;
  got integer;
  farthest double precision;
  page_miles integer;
  walked_ids uuid[];
  walked_miles integer[];
  -- projects_select_visible, restated (this function reads as its owner): an open project is seen by every
  -- designer and by its own customer.
  uid uuid := (select auth.uid());
  every_open boolean := coalesce((select private.has_role('designer')), false);
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.place_id,
             (select pl.label from public.places pl where pl.id = p.place_id), p.space_size, p.budget, p.budget_type,
             p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, null::integer, null::boolean
      from public.projects p
      where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
        and p.created_at <= coalesce(after_created_at, 'infinity')
        and (p.created_at < coalesce(after_created_at, 'infinity')
             or p.id < coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
      order by p.created_at desc, p.id desc
      limit lim;
    return;
  end if;

  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  reach := exists (
    select 1 from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
      and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );

  if (after_id is null or after_miles is not null) and reach then
    -- Within 100 miles: the box on the coordinate index, as before.
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.place_id,
             (select pl.label from public.places pl where pl.id = p.place_id), p.space_size, p.budget, p.budget_type,
             p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, k.miles, reach
      from (
        select x.id, x.miles from (
          select p.id,
                 floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
                   + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
                   + 0.5)::integer as miles
          from public.projects p
          where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
            and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
        ) x
        where x.miles <= 100
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.id > after_id))
        order by x.miles, x.id
        limit lim
      ) k
      join public.projects p on p.id = k.id
      order by k.miles, k.id;
    get diagnostics n = row_count;
  elsif after_id is null or after_miles is not null then
    -- Every open project with coordinates: the nearest-neighbour walk.
    origin_point := private.sphere_point(origin_latitude, origin_longitude);
    walk_size := 2 * lim + 16;
    loop
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(floor(w.exact + 0.5)::integer), '{}'),
             max(w.exact), count(*)
        into walked_ids, walked_miles, farthest, got
      from (
        select p.id,
               2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
                 + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
                 as exact
        from public.projects p
        where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
          and p.latitude is not null and p.longitude is not null
          and (after_id is null
               or (floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
                     + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
                     + 0.5)::integer, p.id) > (after_miles, after_id))
        order by private.sphere_point(p.latitude, p.longitude) operator(extensions.<->) origin_point
        limit walk_size
      ) w;
      exit when got < walk_size;
      page_miles := (select m from unnest(walked_miles) m order by m offset lim - 1 limit 1);
      exit when farthest > page_miles + 0.501;
      walk_size := walk_size * 8;
    end loop;
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.place_id,
             (select pl.label from public.places pl where pl.id = p.place_id), p.space_size, p.budget, p.budget_type,
             p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, w.miles, reach
      from unnest(walked_ids, walked_miles) as w(id, miles)
      join public.projects p on p.id = w.id
      order by w.miles, w.id
      limit lim;
    get diagnostics n = row_count;
  end if;
  if n < lim then
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.place_id,
             (select pl.label from public.places pl where pl.id = p.place_id), p.space_size, p.budget, p.budget_type,
             p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, null::integer, reach
      from public.projects p
      where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
        and (p.latitude is null or p.longitude is null)
        and (after_id is null or after_miles is not null or p.id > after_id)
      order by p.id
      limit lim - n;
  end if;
end $$;
comment on function public.open_projects(double precision, double precision, integer, timestamptz, uuid, integer) is
  'Open projects the caller sees (every designer; a customer their own), nearest first near an origin: the place''s '
  'label and the distance in whole miles, never the location as typed or the coordinates.';
revoke execute on function
  public.open_projects(double precision, double precision, integer, timestamptz, uuid, integer) from public, anon;
grant execute on function
  public.open_projects(double precision, double precision, integer, timestamptz, uuid, integer)
  to authenticated, service_role;

-- How many rows open_projects() lists in all, for the same origin (the same rule, restated from
-- 20261126000200_place_columns.sql as SECURITY DEFINER with the visibility rule).
create or replace function public.open_project_count(
  origin_latitude double precision default null,
  origin_longitude double precision default null
) returns integer
language plpgsql stable security definer set search_path = '' as $$
declare
  cos_origin double precision;
  lo_lat double precision;
  hi_lat double precision;
  lo_lng double precision;
  hi_lng double precision;
  near integer;
  uid uuid := (select auth.uid());
  every_open boolean := coalesce((select private.has_role('designer')), false);
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return (select count(*) from public.projects p
             where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid));
  end if;
  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  near := (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
      and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );
  if near = 0 then
    return (select count(*) from public.projects p
             where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid));
  end if;
  return near + (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open or p.customer_id = uid)
      and (p.latitude is null or p.longitude is null)
  );
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 4. The location as typed, once the project is the caller's
-- ---------------------------------------------------------------------------------------------------------
-- For the projects named (a page of cards, or the one project page): the customer's always, a designer's once
-- assigned (accept_bid sets designer_id) and for as long as they stay so. Projects the caller may not read this of,
-- or unknown ids, are left out (the app then shows the place's label). At most 100 ids (a page is 24): primary-key
-- probes.
create function public.project_locations(p_projects uuid[]) returns table (id uuid, location text)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  if p_projects is null or cardinality(p_projects) > 100 then
    raise exception 'Name between 0 and 100 projects' using errcode = '22023';
  end if;
  return query
    select p.id, p.location from public.projects p
     where p.id = any(p_projects) and (p.customer_id = uid or p.designer_id = uid)
     order by p.id;
end $$;
comment on function public.project_locations(uuid[]) is
  'The location as typed of the named projects the caller owns or is assigned to; the others are left out.';
revoke execute on function public.project_locations(uuid[]) from public, anon;
grant execute on function public.project_locations(uuid[]) to authenticated, service_role;
