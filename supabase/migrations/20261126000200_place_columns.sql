-- Good Space: every location is a place, and the database computes distances (docs/decisions/0024-places.md).
--
-- 1. place_id (→ places) on customer_profiles, designer_profiles, projects and catalog_items; coordinates on
--    customer_profiles and catalog_items; catalog_items.location (ADR 0012's follow-up: today's `dimensions`,
--    which held the listing's place, is copied into it).
-- 2. One trigger function (private.coordinates_from_location, replaced) keeps location, place_id and the
--    coordinates true on the four tables; private.place_unplaced() places the rows still without a place.
-- 3. Distance reads, SECURITY INVOKER (row-level security decides what the caller sees, as for a table read),
--    nearest first, keyset paged by (whole miles, id): nearby_designers, open_projects (replaced; its total
--    open_project_count follows the same rule) and nearby_catalog_items.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Columns
-- ---------------------------------------------------------------------------------------------------------
alter table public.customer_profiles
  add column place_id text references public.places (id) on delete set null,
  add column latitude double precision check (latitude is null or latitude between -90 and 90),
  add column longitude double precision check (longitude is null or longitude between -180 and 180);
alter table public.designer_profiles
  add column place_id text references public.places (id) on delete set null;
alter table public.projects
  add column place_id text references public.places (id) on delete set null;
alter table public.catalog_items
  add column location text check (location is null or char_length(btrim(location)) between 1 and 100),
  add column place_id text references public.places (id) on delete set null,
  add column latitude double precision check (latitude is null or latitude between -90 and 90),
  add column longitude double precision check (longitude is null or longitude between -180 and 180);

comment on column public.customer_profiles.place_id is 'The place the location names (public.places), kept by the database with the coordinates.';
comment on column public.designer_profiles.place_id is 'The place the location names (public.places), kept by the database with the coordinates.';
comment on column public.projects.place_id is 'The place the location names (public.places), kept by the database with the coordinates.';
comment on column public.catalog_items.place_id is 'The place the location names (public.places), kept by the database with the coordinates.';
comment on column public.catalog_items.location is 'Where the piece can be picked up (until this column, the form stored it in dimensions: ADR 0012).';

-- Foreign keys are indexed (schema lint), which also keeps a place's removal (on delete set null) cheap.
create index customer_profiles_place_id_idx on public.customer_profiles (place_id);
create index designer_profiles_place_id_idx on public.designer_profiles (place_id);
create index projects_place_id_idx on public.projects (place_id);
create index catalog_items_place_id_idx on public.catalog_items (place_id);
-- Good Stuff near an origin: the box on the coordinates of available pieces (as designers and open projects have).
create index catalog_items_available_coordinates_idx on public.catalog_items (latitude, longitude) where is_available;
-- The rows without coordinates close each nearest-first list in id order (the keyset of its last pages).
create index designer_profiles_available_unplaced_idx on public.designer_profiles (user_id)
  where availability_status = 'available' and (latitude is null or longitude is null);
create index projects_open_unplaced_idx on public.projects (id)
  where status = 'pending' and designer_id is null and (latitude is null or longitude is null);
create index catalog_items_available_unplaced_idx on public.catalog_items (id)
  where is_available and (latitude is null or longitude is null);

-- Clients write the place they chose; the coordinates of customers and pieces are the database's to derive
-- (designers and projects keep their existing coordinate grants).
grant insert (place_id), update (place_id) on public.customer_profiles to authenticated;
grant insert (place_id), update (place_id) on public.designer_profiles to authenticated;
grant insert (place_id) on public.projects to authenticated;
grant insert (location, place_id), update (location, place_id) on public.catalog_items to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Keeping location, place_id and the coordinates true
-- ---------------------------------------------------------------------------------------------------------

-- 'lat,lng' (what the browser's geolocation gives) as {latitude, longitude}; anything else, or out of range: null.
create function private.location_coordinates(location text) returns double precision[]
language sql immutable parallel safe set search_path = '' as $$
  select case when m is not null and abs(m[1]::float8) <= 90 and abs(m[2]::float8) <= 180
              then array[m[1]::float8, m[2]::float8] end
  from regexp_match(coalesce(location, ''), '^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$') as m
$$;

-- The place a typed location names exactly: its label with case, accents and punctuation ignored
-- (private.place_key, as search_key is made), the most populous first; a bare five-digit US ZIP code is that
-- ZIP. Null when nothing matches.
create function private.place_named(location text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  t text := btrim(coalesce(location, ''));
  k text;
  pid text;
begin
  if t = '' then
    return null;
  end if;
  if t ~ '^\d{5}$' then
    select p.id into pid from public.places p where p.id = 'zip:' || t;
    if pid is not null then
      return pid;
    end if;
  end if;
  k := private.place_key(t);
  if coalesce(k, '') = '' then
    return null;
  end if;
  select p.id into pid from public.places p where p.search_key = k order by p.population desc, p.id limit 1;
  return pid;
end $$;

-- The place for a stored location: 'lat,lng' → the nearest city (none beyond 50 miles), text → place_named.
create function private.place_for_location(location text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  c double precision[] := private.location_coordinates(location);
begin
  if c is not null then
    return (select np.id from public.nearest_place(c[1], c[2]) np limit 1);
  end if;
  return private.place_named(location);
end $$;

-- One trigger on the four tables (before insert, or an update of location, place_id or the coordinates):
--   * a place chosen (place_id set or changed): the coordinates are the place's (a 'lat,lng' location keeps its
--     exact ones: the place then names them), and an empty location becomes its label;
--   * else, when the location changed (or the place was cleared), the location decides: 'lat,lng' gives the
--     coordinates and the nearest city; text that names a place exactly gives that place and its coordinates;
--     other text has no place and keeps coordinates only when they came with it (seed data, imports, a later
--     geocoder): a new location without coordinates drops the old ones, which described another place;
--   * else (only the coordinates written) they follow the location: 'lat,lng', else the place's, else as written.
-- SECURITY DEFINER: it reads public.places and calls the place functions whoever writes the row (a signed-in user,
-- the sign-up trigger, the service role); it only sets the row's own location, place_id and coordinates.
create or replace function private.coordinates_from_location() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  c double precision[] := private.location_coordinates(new.location);
  place_changed boolean;
  location_changed boolean;
  coordinates_given boolean;
  pl record;
begin
  if tg_op = 'INSERT' then
    place_changed := new.place_id is not null;
    location_changed := true;
    coordinates_given := new.latitude is not null or new.longitude is not null;
  else
    place_changed := new.place_id is distinct from old.place_id;
    location_changed := new.location is distinct from old.location;
    coordinates_given := new.latitude is distinct from old.latitude or new.longitude is distinct from old.longitude;
  end if;

  if place_changed and new.place_id is not null then
    select p.label, p.latitude, p.longitude into pl from public.places p where p.id = new.place_id;
    if found then
      if c is not null then
        new.latitude := c[1];
        new.longitude := c[2];
      else
        new.latitude := pl.latitude;
        new.longitude := pl.longitude;
      end if;
      if nullif(btrim(new.location), '') is null then
        new.location := pl.label;
      end if;
    end if;
    -- An unknown place id is left for the foreign key to refuse (23503).
    return new;
  end if;

  if location_changed or place_changed then
    if c is not null then
      new.latitude := c[1];
      new.longitude := c[2];
      new.place_id := (select np.id from public.nearest_place(c[1], c[2]) np limit 1);
    else
      new.place_id := private.place_named(new.location);
      if new.place_id is not null then
        select p.latitude, p.longitude into new.latitude, new.longitude from public.places p where p.id = new.place_id;
      elsif tg_op = 'UPDATE' and location_changed and not coordinates_given then
        new.latitude := null;
        new.longitude := null;
      end if;
    end if;
    return new;
  end if;

  if c is not null then
    new.latitude := c[1];
    new.longitude := c[2];
  elsif new.place_id is not null then
    select p.latitude, p.longitude into new.latitude, new.longitude from public.places p where p.id = new.place_id;
  end if;
  return new;
end $$;

-- The old triggers fired on the location only; the place and the coordinates now take part.
drop trigger designer_profiles_coordinates on public.designer_profiles;
drop trigger projects_coordinates on public.projects;
create trigger customer_profiles_coordinates before insert or update of location, place_id, latitude, longitude
  on public.customer_profiles for each row execute function private.coordinates_from_location();
create trigger designer_profiles_coordinates before insert or update of location, place_id, latitude, longitude
  on public.designer_profiles for each row execute function private.coordinates_from_location();
create trigger projects_coordinates before insert or update of location, place_id, latitude, longitude
  on public.projects for each row execute function private.coordinates_from_location();
create trigger catalog_items_coordinates before insert or update of location, place_id, latitude, longitude
  on public.catalog_items for each row execute function private.coordinates_from_location();

-- Places every row whose location is text or 'lat,lng' and has no place yet (after the gazetteer is loaded:
-- scripts/places/load-places.ts calls it; seeded and older rows). Setting place_id runs the trigger, which sets
-- the coordinates. Rows that name no place stay as they are. Says how many rows it placed (a notice).
create or replace function private.place_unplaced() returns void
language plpgsql security definer set search_path = '' as $$
declare
  placed integer := 0;
  n integer;
begin
  with found as (
    select t.user_id as key, private.place_for_location(t.location) as pid
    from public.customer_profiles t where t.place_id is null and nullif(btrim(t.location), '') is not null
  )
  update public.customer_profiles t set place_id = f.pid from found f where t.user_id = f.key and f.pid is not null;
  get diagnostics n = row_count;
  placed := placed + n;

  with found as (
    select t.user_id as key, private.place_for_location(t.location) as pid
    from public.designer_profiles t where t.place_id is null and nullif(btrim(t.location), '') is not null
  )
  update public.designer_profiles t set place_id = f.pid from found f where t.user_id = f.key and f.pid is not null;
  get diagnostics n = row_count;
  placed := placed + n;

  with found as (
    select t.id as key, private.place_for_location(t.location) as pid
    from public.projects t where t.place_id is null and nullif(btrim(t.location), '') is not null
  )
  update public.projects t set place_id = f.pid from found f where t.id = f.key and f.pid is not null;
  get diagnostics n = row_count;
  placed := placed + n;

  with found as (
    select t.id as key, private.place_for_location(t.location) as pid
    from public.catalog_items t where t.place_id is null and nullif(btrim(t.location), '') is not null
  )
  update public.catalog_items t set place_id = f.pid from found f where t.id = f.key and f.pid is not null;
  get diagnostics n = row_count;
  placed := placed + n;

  raise notice 'place_unplaced: % rows placed', placed;
end $$;
revoke execute on function private.place_unplaced() from public, anon, authenticated;

-- Existing rows: a piece's place was stored in dimensions (ADR 0012); customers' 'lat,lng' get their coordinates.
update public.catalog_items set location = btrim(dimensions) where location is null;
update public.customer_profiles set location = location where private.location_coordinates(location) is not null;
select private.place_unplaced();

-- ---------------------------------------------------------------------------------------------------------
-- 3. Distance reads
-- ---------------------------------------------------------------------------------------------------------

-- Whether an origin was given: both coordinates (in range), or neither. Anything else is refused (22023 → 400).
create function private.has_origin(origin_latitude double precision, origin_longitude double precision)
returns boolean
language plpgsql immutable set search_path = '' as $$
begin
  if origin_latitude is null and origin_longitude is null then
    return false;
  end if;
  if origin_latitude is null or origin_longitude is null
     or origin_latitude not between -90 and 90 or origin_longitude not between -180 and 180 then
    raise exception 'Invalid origin: latitude must be within -90..90 and longitude within -180..180, both or neither'
      using errcode = '22023';
  end if;
  return true;
end $$;

-- The latitude/longitude box holding every point within radius_miles of the origin, the coarse filter an index
-- range serves (the exact circle is checked on its rows). The longitude half-width is the circle's true extent,
-- asin(sin r / cos lat); a circle reaching a pole or the antimeridian takes every longitude.
create function private.box_around(
  origin_latitude double precision, origin_longitude double precision, radius_miles double precision
) returns table (min_lat double precision, max_lat double precision, min_lng double precision, max_lng double precision)
language plpgsql immutable set search_path = '' as $$
declare
  r double precision := least(radius_miles / 3959, pi());
  lat_delta double precision := degrees(r);
  s double precision;
  lng_delta double precision;
begin
  min_lat := greatest(-90, origin_latitude - lat_delta);
  max_lat := least(90, origin_latitude + lat_delta);
  min_lng := -180;
  max_lng := 180;
  s := sin(r) / cos(radians(origin_latitude));
  if max_lat < 90 and min_lat > -90 and r < pi() / 2 and s < 1 then
    lng_delta := degrees(asin(s));
    if origin_longitude - lng_delta >= -180 and origin_longitude + lng_delta <= 180 then
      min_lng := origin_longitude - lng_delta;
      max_lng := origin_longitude + lng_delta;
    end if;
  end if;
  return next;
end $$;

-- How the reads below measure: the great-circle distance of private.miles_between (R = 3,959 mi), written out in
-- each query with the origin's cosine computed once, because a SQL function with a fixed search_path is never
-- inlined: called per row it made a read that measures every open project about five times slower. Whole miles are
-- rounded half up as the app rounds (floor(d + 0.5)), so "within 100 miles" is a distance shown as 100 or less.
--
-- The rule of docs/product.md (designers and open projects): with an origin, rows whose coordinates lie more than
-- 100 miles away are left out and rows without coordinates stay, after the placed ones; when no row with
-- coordinates lies within 100 miles, every row is listed, nearest first, those without coordinates last.
-- `within_reach` on each row says which held (null without an origin). Keyset: the page after the row
-- (after_miles, after_id) that ended the one before, in (distance_miles, id) order with the rows without
-- coordinates last in id order (their cursor: after_miles null, after_id set). A page takes the measured rows
-- first (ordered and cut by their keys, then read back by id) and the unmeasured ones only if it is not full.
-- Without an origin: newest first, keyset (after_created_at, after_id), as before.

-- Available designers (the directory). `after_id` is a user_id.
create function public.nearby_designers(
  origin_latitude double precision default null,
  origin_longitude double precision default null,
  after_miles integer default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 24
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
language plpgsql stable set search_path = '' as $$
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
  cut integer;
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
  reach := exists (
    select 1 from public.designer_profiles d
    where d.availability_status = 'available'
      and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );
  if reach then
    cut := 100;
  else
    lo_lat := -90; hi_lat := 90; lo_lng := -180; hi_lng := 180;
  end if;

  if after_id is null or after_miles is not null then
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
        where (cut is null or x.miles <= cut)
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.user_id > after_id))
        order by x.miles, x.user_id
        limit lim
      ) k
      join public.designer_profiles d on d.user_id = k.user_id
      order by k.miles, k.user_id;
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

-- Open projects (pending, no designer) the caller sees: the designer dashboard's 'Available Projects'. Replaces
-- the newest-first list of 20261125000300_dashboard_totals.sql (same arguments plus after_miles; the rows gain
-- place_id, distance_miles and within_reach and no longer carry the portfolio choices, read on their own).
drop function public.open_projects(double precision, double precision, timestamptz, uuid, integer);
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
language plpgsql stable set search_path = '' as $$
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
  cut integer;
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
  if reach then
    cut := 100;
  else
    lo_lat := -90; hi_lat := 90; lo_lng := -180; hi_lng := 180;
  end if;

  if after_id is null or after_miles is not null then
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
        where (cut is null or x.miles <= cut)
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.id > after_id))
        order by x.miles, x.id
        limit lim
      ) k
      join public.projects p on p.id = k.id
      order by k.miles, k.id;
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

-- How many rows open_projects() lists in all, for the same origin (the same rule).
create or replace function public.open_project_count(
  origin_latitude double precision default null,
  origin_longitude double precision default null
) returns integer
language plpgsql stable set search_path = '' as $$
declare
  cos_origin double precision;
  lo_lat double precision;
  hi_lat double precision;
  lo_lng double precision;
  hi_lng double precision;
  near integer;
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return (select count(*) from public.projects p where p.status = 'pending' and p.designer_id is null);
  end if;
  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  near := (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null
      and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );
  if near = 0 then
    return (select count(*) from public.projects p where p.status = 'pending' and p.designer_id is null);
  end if;
  return near + (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (p.latitude is null or p.longitude is null)
  );
end $$;

-- The box of the old list is no longer used.
drop function private.open_projects_box(double precision, double precision);

-- Good Stuff near the caller: available pieces nearest first. With within_miles (whole miles, e.g. 25, 50 or
-- 100) only pieces that close, placed ones only; without it every available piece, those without coordinates
-- last (cursor: after_miles null). item_category narrows to one kind (an argument may not share the name of
-- the result's column `category`). An origin is required (22023 without one): newest first without a position is
-- the table read the Good Stuff grid already makes.
create function public.nearby_catalog_items(
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
language plpgsql stable set search_path = '' as $$
#variable_conflict use_column
declare
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  n integer := 0;
  cos_origin double precision;
  lo_lat double precision := -90;
  hi_lat double precision := 90;
  lo_lng double precision := -180;
  hi_lng double precision := 180;
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    raise exception 'An origin is required: origin_latitude and origin_longitude' using errcode = '22023';
  end if;
  if within_miles is not null and within_miles < 1 then
    raise exception 'within_miles must be at least 1' using errcode = '22023';
  end if;
  cos_origin := cos(radians(origin_latitude));
  if within_miles is not null then
    select * into lo_lat, hi_lat, lo_lng, hi_lng
    from private.box_around(origin_latitude, origin_longitude, within_miles + 0.5);
  end if;

  if after_id is null or after_miles is not null then
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
        where (within_miles is null or x.miles <= within_miles)
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.id > after_id))
        order by x.miles, x.id
        limit lim
      ) k
      join public.catalog_items i on i.id = k.id
      order by k.miles, k.id;
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

-- Helpers the invoker functions call as the signed-in user; the trigger's and the backfill's run as their owner.
revoke execute on function private.location_coordinates(text), private.place_named(text),
  private.place_for_location(text) from public, anon, authenticated;
revoke execute on function private.has_origin(double precision, double precision),
  private.box_around(double precision, double precision, double precision) from public, anon;
grant execute on function private.has_origin(double precision, double precision),
  private.box_around(double precision, double precision, double precision) to authenticated, service_role;
revoke execute on function
  public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer),
  public.open_projects(double precision, double precision, integer, timestamptz, uuid, integer),
  public.nearby_catalog_items(double precision, double precision, integer, public.catalog_category, integer, uuid, integer)
  from public, anon;
grant execute on function
  public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer),
  public.open_projects(double precision, double precision, integer, timestamptz, uuid, integer),
  public.nearby_catalog_items(double precision, double precision, integer, public.catalog_category, integer, uuid, integer)
  to authenticated, service_role;
