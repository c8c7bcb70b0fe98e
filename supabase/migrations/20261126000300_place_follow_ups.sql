-- Good Space: places, follow-ups (docs/decisions/0024-places.md).
--
-- 1. Sign-up keeps the place chosen on the landing form: private.handle_new_user copies pending_profile.place_id
--    into the new customer or designer profile when it names a row of public.places (an unknown id is left out;
--    sign-up never fails for it).
-- 2. A nearest-neighbour index (cube points on the unit sphere, GiST) under the lists that put every row with
--    coordinates nearest first: nearby_designers and open_projects when none lies within 100 miles, and
--    nearby_catalog_items without a distance. Same arguments, rows and order; a page no longer sorts the table.

-- ---------------------------------------------------------------------------------------------------------
-- 1. The sign-up trigger (last defined in 20261125000300_dashboard_totals.sql; unchanged but for place_id)
-- ---------------------------------------------------------------------------------------------------------
-- The place is looked up here rather than left to the foreign key: a stale or forged id in the metadata must not
-- fail the sign-up (Auth would answer 500 and create nobody). With a place and no location, the coordinates
-- trigger names the location after the place; with both, the location stays as typed (ADR 0024).
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  pending jsonb := case when jsonb_typeof(meta -> 'pending_profile') = 'object' then meta -> 'pending_profile' else '{}'::jsonb end;
  wanted text := nullif(btrim(meta ->> 'role'), '');
  r public.app_role;
  uname text := nullif(left(btrim(meta ->> 'username'), 50), '');
  place text;
begin
  if wanted is null then
    r := 'customer';
  elsif wanted in ('customer', 'designer') then
    r := wanted::public.app_role;
  else
    raise exception 'Invalid role "%": must be customer or designer', wanted using errcode = '22023';
  end if;

  if jsonb_typeof(pending -> 'place_id') = 'string' then
    select p.id into place from public.places p where p.id = btrim(pending ->> 'place_id');
  end if;

  insert into public.profiles (id, full_name, email)
  values (new.id, nullif(left(btrim(meta ->> 'full_name'), 100), ''), new.email);
  insert into public.user_roles (user_id, role) values (new.id, r);

  if r = 'customer' then
    begin
      insert into public.customer_profiles (user_id, username, location, place_id, space_size, budget_range, preferred_style)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        place,
        case when (pending ->> 'space_size') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'space_size')::numeric)::integer end,
        case when (pending ->> 'budget_range') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'budget_range')::numeric)::integer end,
        private.design_style_name(pending ->> 'preferred_style')
      );
    exception when check_violation or invalid_text_representation or numeric_value_out_of_range then
      insert into public.customer_profiles (user_id, username) values (new.id, uname);
    end;
  else
    begin
      insert into public.designer_profiles (user_id, username, location, place_id, bio, specialties, portfolio_url, base_rate)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        place,
        nullif(btrim(pending ->> 'bio'), ''),
        case when jsonb_typeof(pending -> 'specialties') = 'array'
             then array(select jsonb_array_elements_text(pending -> 'specialties'))
             when nullif(btrim(pending ->> 'specialties'), '') is not null
             then array(select btrim(s) from unnest(string_to_array(pending ->> 'specialties', ',')) s where btrim(s) <> '')
             else '{}'::text[] end,
        nullif(btrim(pending ->> 'portfolio_url'), ''),
        case when (pending ->> 'base_rate') ~ '^\s*\d+(\.\d+)?\s*$' then (pending ->> 'base_rate')::numeric else 0 end
      );
    exception when check_violation or invalid_text_representation or numeric_value_out_of_range then
      insert into public.designer_profiles (user_id, username) values (new.id, uname);
    end;
  end if;
  return new;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Nearest first over everything: a nearest-neighbour index
-- ---------------------------------------------------------------------------------------------------------
-- The lists that measure every row with coordinates (designers and open projects when none lies within 100
-- miles, Good Stuff without a distance) sorted the whole table by distance for each page: 20-37 ms for 30,000
-- open projects on bench:db's dataset, over the 20 ms goal through /rest/v1. Each row's place as a point on the
-- unit sphere (x, y, z) in a GiST index (the `cube` extension) gives them a nearest-neighbour walk instead: the
-- straight-line (chord) distance between two such points is 2 sin(d / 2R), which grows with the great-circle
-- distance d, so `order by point <-> origin` reads rows nearest first and stops after the page
-- (docs/decisions/0024-places.md, Cost). `cube` is a trusted extension (PostgreSQL 13+): `postgres` creates it
-- here as on hosted Supabase, where it is offered in `extensions` (earthdistance, built on it, is not trusted).
create extension if not exists cube with schema extensions;

-- The point on the unit sphere for a latitude and longitude, in degrees. IMMUTABLE (pure arithmetic) so that an
-- index may hold it; not inlined (fixed search_path), so a query must call it as the index does to use it.
create function private.sphere_point(latitude double precision, longitude double precision) returns extensions.cube
language sql immutable strict parallel safe set search_path = '' as $$
  select extensions.cube(array[
    pg_catalog.cos(pg_catalog.radians(latitude)) * pg_catalog.cos(pg_catalog.radians(longitude)),
    pg_catalog.cos(pg_catalog.radians(latitude)) * pg_catalog.sin(pg_catalog.radians(longitude)),
    pg_catalog.sin(pg_catalog.radians(latitude))
  ]::double precision[])
$$;
-- Signed-in callers' reads use it (security invoker), and so does whoever writes a row of the indexed tables.
revoke execute on function private.sphere_point(double precision, double precision) from public, anon;
grant execute on function private.sphere_point(double precision, double precision) to authenticated, service_role;

-- Only the rows each list measures: partial, like the coordinate indexes beside them.
create index designer_profiles_available_sphere_idx on public.designer_profiles
  using gist (private.sphere_point(latitude, longitude))
  where availability_status = 'available' and latitude is not null and longitude is not null;
create index projects_open_sphere_idx on public.projects
  using gist (private.sphere_point(latitude, longitude))
  where status = 'pending' and designer_id is null and latitude is not null and longitude is not null;
create index catalog_items_available_sphere_idx on public.catalog_items
  using gist (private.sphere_point(latitude, longitude))
  where is_available and latitude is not null and longitude is not null;

-- The three reads below are those of 20261126000200_place_columns.sql (same arguments, rows, rules and keyset),
-- except where every row with coordinates is listed: there the measured rows come from the nearest-neighbour
-- walk. The page is ordered by (whole miles, id) and the walk by exact distance, and rows shown at the same
-- whole mile go in id order, so the walk cannot stop after page_size rows: it reads 2 × page_size + 16 rows past
-- the cursor, takes M, the whole miles of the page_size-th of them in key order, and is done when the farthest
-- row read lies beyond M + 0.5 miles (0.001 more for rounding): every row not read is farther still, so none of
-- them belongs on the page. Otherwise (many rows at one whole mile) it reads eight times as many and looks again.
-- The walk's rows pass row-level security as any read does.
--
-- The three run with enable_sort off, so that the walk always reads the index: the planner may otherwise prefer
-- to measure and sort every row when it expects few. It does for open projects read by a designer: row-level
-- security repeats the open-project conditions (status = 'pending' and designer_id is null, inside an OR), the
-- planner counts them twice and expects a few hundred rows instead of 30,000, and while it plans for the call's
-- own values (a session's first five calls) it sorted every open project (113 ms instead of 2 for a fifth page
-- on bench:db's dataset). Every other statement in them needs its sort whatever the plan (the box, the page) or
-- reads an index in its order, so the setting changes nothing else.

-- Available designers (the directories). `after_id` is a user_id. `near_only` (default true) applies the 100-mile
-- rule (/designers); false lists every designer nearest first with `within_reach` false (Browse Designers, where a
-- customer looks for anyone they like). A new argument is a new signature: the old one goes first, so PostgREST
-- never sees two.
drop function public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer);
create function public.nearby_designers(
  origin_latitude double precision default null,
  origin_longitude double precision default null,
  after_miles integer default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 24,
  near_only boolean default true
) returns table (
  user_id uuid,
  full_name text,
  username text,
  bio text,
  base_rate numeric,
  rate_per_item numeric,
  rate_per_sqft numeric,
  specialties text[],
  experience_years integer,
  location text,
  place_id text,
  latitude double precision,
  longitude double precision,
  portfolio_url text,
  created_at timestamptz,
  distance_miles integer,
  within_reach boolean
)
language plpgsql stable set search_path = '' set enable_sort = off as $$
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
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             null::integer, null::boolean
      from public.designer_profiles d
      where d.availability_status = 'available'
        and d.created_at <= coalesce(after_created_at, 'infinity')
        and (d.created_at < coalesce(after_created_at, 'infinity')
             or d.user_id < coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
      order by d.created_at desc, d.user_id desc
      limit lim;
    return;
  end if;

  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  reach := coalesce(near_only, true) and exists (
    select 1 from public.designer_profiles d
    where d.availability_status = 'available'
      and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );

  if (after_id is null or after_miles is not null) and reach then
    -- Within 100 miles: the box on the coordinate index, as before.
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             k.miles, reach
      from (
        select x.user_id, x.miles from (
          select d.user_id,
                 floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                   + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                   + 0.5)::integer as miles
          from public.designer_profiles d
          where d.availability_status = 'available'
            and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
        ) x
        where x.miles <= 100
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.user_id > after_id))
        order by x.miles, x.user_id
        limit lim
      ) k
      join public.designer_profiles d on d.user_id = k.user_id
      order by k.miles, k.user_id;
    get diagnostics n = row_count;
  elsif after_id is null or after_miles is not null then
    -- Every designer with coordinates: the nearest-neighbour walk.
    origin_point := private.sphere_point(origin_latitude, origin_longitude);
    walk_size := 2 * lim + 16;
    loop
      select coalesce(array_agg(w.user_id), '{}'), coalesce(array_agg(floor(w.exact + 0.5)::integer), '{}'),
             max(w.exact), count(*)
        into walked_ids, walked_miles, farthest, got
      from (
        select d.user_id,
               2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                 + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                 as exact
        from public.designer_profiles d
        where d.availability_status = 'available' and d.latitude is not null and d.longitude is not null
          and (after_id is null
               or (floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                     + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                     + 0.5)::integer, d.user_id) > (after_miles, after_id))
        order by private.sphere_point(d.latitude, d.longitude) operator(extensions.<->) origin_point
        limit walk_size
      ) w;
      exit when got < walk_size;
      page_miles := (select m from unnest(walked_miles) m order by m offset lim - 1 limit 1);
      exit when farthest > page_miles + 0.501;
      walk_size := walk_size * 8;
    end loop;
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             w.miles, reach
      from unnest(walked_ids, walked_miles) as w(id, miles)
      join public.designer_profiles d on d.user_id = w.id
      order by w.miles, w.id
      limit lim;
    get diagnostics n = row_count;
  end if;
  if n < lim then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             null::integer, reach
      from public.designer_profiles d
      where d.availability_status = 'available' and (d.latitude is null or d.longitude is null)
        and (after_id is null or after_miles is not null or d.user_id > after_id)
      order by d.user_id
      limit lim - n;
  end if;
end $$;

revoke execute on function
  public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer, boolean)
  from public, anon;
grant execute on function
  public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer, boolean)
  to authenticated, service_role;

-- Open projects (pending, no designer) the caller sees: the designer dashboard's 'Available Projects'.
create or replace function public.open_projects(
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
  location text,
  place_id text,
  latitude double precision,
  longitude double precision,
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
language plpgsql stable set search_path = '' set enable_sort = off as $$
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
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.location, p.place_id, p.latitude,
             p.longitude, p.space_size, p.budget, p.budget_type, p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, null::integer, null::boolean
      from public.projects p
      where p.status = 'pending' and p.designer_id is null
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
    where p.status = 'pending' and p.designer_id is null
      and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );

  if (after_id is null or after_miles is not null) and reach then
    -- Within 100 miles: the box on the coordinate index, as before.
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.location, p.place_id, p.latitude,
             p.longitude, p.space_size, p.budget, p.budget_type, p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, k.miles, reach
      from (
        select x.id, x.miles from (
          select p.id,
                 floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
                   + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
                   + 0.5)::integer as miles
          from public.projects p
          where p.status = 'pending' and p.designer_id is null
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
        where p.status = 'pending' and p.designer_id is null and p.latitude is not null and p.longitude is not null
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
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.location, p.place_id, p.latitude,
             p.longitude, p.space_size, p.budget, p.budget_type, p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, w.miles, reach
      from unnest(walked_ids, walked_miles) as w(id, miles)
      join public.projects p on p.id = w.id
      order by w.miles, w.id
      limit lim;
    get diagnostics n = row_count;
  end if;
  if n < lim then
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.location, p.place_id, p.latitude,
             p.longitude, p.space_size, p.budget, p.budget_type, p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, null::integer, reach
      from public.projects p
      where p.status = 'pending' and p.designer_id is null and (p.latitude is null or p.longitude is null)
        and (after_id is null or after_miles is not null or p.id > after_id)
      order by p.id
      limit lim - n;
  end if;
end $$;

-- Good Stuff near the caller: available pieces nearest first (within_miles: only those; else every piece).
create or replace function public.nearby_catalog_items(
  origin_latitude double precision default null,
  origin_longitude double precision default null,
  within_miles integer default null,
  item_category public.catalog_category default null,
  after_miles integer default null,
  after_id uuid default null,
  page_size integer default 24
) returns table (
  id uuid,
  designer_id uuid,
  title text,
  description text,
  category public.catalog_category,
  price numeric,
  dimensions text,
  condition text,
  image_url text,
  location text,
  place_id text,
  latitude double precision,
  longitude double precision,
  created_at timestamptz,
  distance_miles integer
)
language plpgsql stable set search_path = '' set enable_sort = off as $$
#variable_conflict use_column
declare
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  n integer := 0;
  cos_origin double precision;
  lo_lat double precision := -90;
  hi_lat double precision := 90;
  lo_lng double precision := -180;
  hi_lng double precision := 180;
  origin_point extensions.cube;
  walk_size integer;
  got integer;
  farthest double precision;
  page_miles integer;
  walked_ids uuid[];
  walked_miles integer[];
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    raise exception 'An origin is required: origin_latitude and origin_longitude' using errcode = '22023';
  end if;
  if within_miles is not null and within_miles < 1 then
    raise exception 'within_miles must be at least 1' using errcode = '22023';
  end if;
  cos_origin := cos(radians(origin_latitude));

  if (after_id is null or after_miles is not null) and within_miles is not null then
    -- Within a distance: the box on the coordinate index, as before.
    select * into lo_lat, hi_lat, lo_lng, hi_lng
    from private.box_around(origin_latitude, origin_longitude, within_miles + 0.5);
    return query
      select i.id, i.designer_id, i.title, i.description, i.category, i.price, i.dimensions, i.condition, i.image_url,
             i.location, i.place_id, i.latitude, i.longitude, i.created_at, k.miles
      from (
        select x.id, x.miles from (
          select i.id,
                 floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(i.latitude - origin_latitude) / 2), 2)
                   + cos_origin * cos(radians(i.latitude)) * power(sin(radians(i.longitude - origin_longitude) / 2), 2))))
                   + 0.5)::integer as miles
          from public.catalog_items i
          where i.is_available and (item_category is null or i.category = item_category)
            and i.latitude between lo_lat and hi_lat and i.longitude between lo_lng and hi_lng
        ) x
        where x.miles <= within_miles
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.id > after_id))
        order by x.miles, x.id
        limit lim
      ) k
      join public.catalog_items i on i.id = k.id
      order by k.miles, k.id;
    get diagnostics n = row_count;
  elsif after_id is null or after_miles is not null then
    -- Every available piece with coordinates: the nearest-neighbour walk.
    origin_point := private.sphere_point(origin_latitude, origin_longitude);
    walk_size := 2 * lim + 16;
    loop
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(floor(w.exact + 0.5)::integer), '{}'),
             max(w.exact), count(*)
        into walked_ids, walked_miles, farthest, got
      from (
        select i.id,
               2 * 3959 * asin(least(1, sqrt(power(sin(radians(i.latitude - origin_latitude) / 2), 2)
                 + cos_origin * cos(radians(i.latitude)) * power(sin(radians(i.longitude - origin_longitude) / 2), 2))))
                 as exact
        from public.catalog_items i
        where i.is_available and i.latitude is not null and i.longitude is not null
          and (item_category is null or i.category = item_category)
          and (after_id is null
               or (floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(i.latitude - origin_latitude) / 2), 2)
                     + cos_origin * cos(radians(i.latitude)) * power(sin(radians(i.longitude - origin_longitude) / 2), 2))))
                     + 0.5)::integer, i.id) > (after_miles, after_id))
        order by private.sphere_point(i.latitude, i.longitude) operator(extensions.<->) origin_point
        limit walk_size
      ) w;
      exit when got < walk_size;
      page_miles := (select m from unnest(walked_miles) m order by m offset lim - 1 limit 1);
      exit when farthest > page_miles + 0.501;
      walk_size := walk_size * 8;
    end loop;
    return query
      select i.id, i.designer_id, i.title, i.description, i.category, i.price, i.dimensions, i.condition, i.image_url,
             i.location, i.place_id, i.latitude, i.longitude, i.created_at, w.miles
      from unnest(walked_ids, walked_miles) as w(id, miles)
      join public.catalog_items i on i.id = w.id
      order by w.miles, w.id
      limit lim;
    get diagnostics n = row_count;
  end if;
  if n < lim and within_miles is null then
    return query
      select i.id, i.designer_id, i.title, i.description, i.category, i.price, i.dimensions, i.condition, i.image_url,
             i.location, i.place_id, i.latitude, i.longitude, i.created_at, null::integer
      from public.catalog_items i
      where i.is_available and (item_category is null or i.category = item_category)
        and (i.latitude is null or i.longitude is null)
        and (after_id is null or after_miles is not null or i.id > after_id)
      order by i.id
      limit lim - n;
  end if;
end $$;
