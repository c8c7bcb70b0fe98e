-- Good Space: true totals on the designer dashboard, the designer's own bids, and the landing style kept
-- (docs/decisions/0020-dashboard-totals-bids-and-styles.md).
--
-- 1. Open projects near a designer. The dashboard's 'Available Projects (n)' counted the rows loaded so far, and
--    the 100-mile rule (docs/decisions/0011; src/lib/geo.ts filterNearby) ran in the browser on those rows only.
--    open_projects() (one page, keyset) and open_project_count() (the total) apply the same rule in the database:
--    with an origin, projects farther than 100 miles (haversine, R = 3,959 mi, distances rounded to whole miles)
--    are dropped, projects without coordinates stay; if that leaves nothing, every open project counts. Both are
--    SECURITY INVOKER: row-level security decides which projects the caller sees, exactly as for the table read.
-- 2. A designer's own bids with their status (public.designer_bids): a bid that lost leaves its project hidden by
--    the projects policy, so the title comes through this SECURITY DEFINER function, for the caller's own bids
--    only, with whether the caller may open the project (the projects_select_visible rule).
-- 3. customer_profiles.preferred_style holds the style's display name (as projects.preferred_style does). The
--    landing form keeps the id ('midcentury'); sign-up wrote the id as is and the profile form, whose choices
--    are names, showed 'No preference'. The sign-up trigger now stores the name for an id or a name, existing
--    rows are converted, and a constraint accepts only the 15 names.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Open projects near an origin
-- ---------------------------------------------------------------------------------------------------------

-- The box around the origin is the coarse filter (an index range); the exact circle is checked on its rows.
create index projects_open_coordinates_idx on public.projects (latitude, longitude)
  where status = 'pending' and designer_id is null;
create index projects_open_no_coordinates_idx on public.projects (created_at desc, id desc)
  where status = 'pending' and designer_id is null and (latitude is null or longitude is null);
-- Counting every open project (no origin, or none within 100 miles) reads only this index: it holds the columns
-- the projects select policy tests. Without it the count visited the heap: ~30 ms at 30,000 open projects,
-- ~4-6 ms with it.
create index projects_open_customer_id_idx on public.projects (customer_id) include (designer_id, status)
  where status = 'pending' and designer_id is null;

-- Great-circle distance in miles, as src/lib/geo.ts haversineMiles.
create function private.miles_between(
  lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision
) returns double precision
language sql immutable parallel safe set search_path = '' as $$
  select 2 * 3959 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2)
    + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;

-- The latitude/longitude box holding the 100-mile circle around the origin (src/lib/geo.ts boundingBox), or no
-- row when the nearby rule does not apply: no origin, or no open project the caller sees lies within 100 miles
-- or lacks coordinates (then every open project is shown). An origin out of range is refused (22023 → 400).
create function private.open_projects_box(origin_latitude double precision, origin_longitude double precision)
returns table (min_lat double precision, max_lat double precision, min_lng double precision, max_lng double precision)
language plpgsql stable set search_path = '' as $$
declare
  radius constant double precision := 100;
  lat_delta double precision := degrees(radius / 3959);
  lng_delta double precision;
  lo_lat double precision;
  hi_lat double precision;
  lo_lng double precision := -180;
  hi_lng double precision := 180;
begin
  if origin_latitude is null and origin_longitude is null then
    return;
  end if;
  if origin_latitude is null or origin_longitude is null
     or origin_latitude not between -90 and 90 or origin_longitude not between -180 and 180 then
    raise exception 'Invalid origin: latitude must be within -90..90 and longitude within -180..180, both or neither'
      using errcode = '22023';
  end if;
  lo_lat := greatest(-90, origin_latitude - lat_delta);
  hi_lat := least(90, origin_latitude + lat_delta);
  if hi_lat < 90 and lo_lat > -90 and cos(radians(origin_latitude)) > 1e-6 then
    lng_delta := least(180, lat_delta / cos(radians(origin_latitude)));
    -- A box across the antimeridian would need two ranges: take every longitude (the circle stays exact).
    if origin_longitude - lng_delta >= -180 and origin_longitude + lng_delta <= 180 then
      lo_lng := origin_longitude - lng_delta;
      hi_lng := origin_longitude + lng_delta;
    end if;
  end if;
  -- Whole miles, as the app shows them: 100.4 mi rounds to 100 and is within the radius.
  if exists (
    select 1 from public.projects p
    where p.status = 'pending' and p.designer_id is null
      and (p.latitude is null or p.longitude is null
           or (p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
               and private.miles_between(origin_latitude, origin_longitude, p.latitude, p.longitude) < radius + 0.5))
  ) then
    return query select lo_lat, hi_lat, lo_lng, hi_lng;
  end if;
end $$;

-- One page of open projects, newest first (created_at desc, id desc), after the row (after_created_at, after_id)
-- that ended the page before: keyset paging as src/features/projects/utils/newest-first-cursor.ts describes.
-- The cursor is compared through coalesce so one plan serves the first page and every later one.
create function public.open_projects(
  origin_latitude double precision default null,
  origin_longitude double precision default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 24
) returns setof public.projects
language plpgsql stable set search_path = '' as $$
declare
  box record;
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  before_at timestamptz := coalesce(after_created_at, 'infinity');
  before_id uuid := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
begin
  select * into box from private.open_projects_box(origin_latitude, origin_longitude);
  if not found then
    return query
      select p.* from public.projects p
      where p.status = 'pending' and p.designer_id is null
        and p.created_at <= before_at and (p.created_at < before_at or p.id < before_id)
      order by p.created_at desc, p.id desc
      limit lim;
  else
    return query
      select p.* from public.projects p
      where p.status = 'pending' and p.designer_id is null
        and (p.latitude is null or p.longitude is null
             or (p.latitude between box.min_lat and box.max_lat and p.longitude between box.min_lng and box.max_lng
                 and private.miles_between(origin_latitude, origin_longitude, p.latitude, p.longitude) < 100.5))
        and p.created_at <= before_at and (p.created_at < before_at or p.id < before_id)
      order by p.created_at desc, p.id desc
      limit lim;
  end if;
end $$;

-- How many rows open_projects() lists in all, for the same origin.
create function public.open_project_count(
  origin_latitude double precision default null,
  origin_longitude double precision default null
) returns integer
language plpgsql stable set search_path = '' as $$
declare
  box record;
begin
  select * into box from private.open_projects_box(origin_latitude, origin_longitude);
  if not found then
    return (select count(*) from public.projects p where p.status = 'pending' and p.designer_id is null);
  end if;
  return (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null
      and (p.latitude is null or p.longitude is null
           or (p.latitude between box.min_lat and box.max_lat and p.longitude between box.min_lng and box.max_lng
               and private.miles_between(origin_latitude, origin_longitude, p.latitude, p.longitude) < 100.5))
  );
end $$;

revoke execute on function private.miles_between(double precision, double precision, double precision, double precision),
  private.open_projects_box(double precision, double precision) from public, anon;
grant execute on function private.miles_between(double precision, double precision, double precision, double precision),
  private.open_projects_box(double precision, double precision) to authenticated, service_role;
revoke execute on function public.open_projects(double precision, double precision, timestamptz, uuid, integer),
  public.open_project_count(double precision, double precision) from public, anon;
grant execute on function public.open_projects(double precision, double precision, timestamptz, uuid, integer),
  public.open_project_count(double precision, double precision) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. A designer's own bids, newest first
-- ---------------------------------------------------------------------------------------------------------

-- Serves designer_bids() pages and the 'My Bids (n)' count (project_bids where designer_id = me).
create index project_bids_designer_id_created_at_id_idx on public.project_bids (designer_id, created_at desc, id desc);

-- The caller's bids only (whatever is passed), one page after (after_created_at, after_id), with the title of
-- each bid's project, which the caller saw when bidding, and can_open: whether the projects policy lets the
-- caller open it now (assigned to them, or still open and they are a designer). Nothing else about projects
-- the caller may no longer see.
create function public.designer_bids(
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 20
) returns table (
  id uuid,
  project_id uuid,
  project_title text,
  bid_amount numeric,
  estimated_days integer,
  status public.bid_status,
  created_at timestamptz,
  can_open boolean
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  uid uuid := (select auth.uid());
  lim integer := least(greatest(coalesce(page_size, 20), 1), 100);
  before_at timestamptz := coalesce(after_created_at, 'infinity');
  before_id uuid := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  designer boolean;
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  designer := private.has_role('designer');
  return query
    select b.id, b.project_id, p.title, b.bid_amount, b.estimated_days, b.status, b.created_at,
           (p.designer_id = uid or (p.status = 'pending' and p.designer_id is null and designer)) as can_open
    from public.project_bids b
    join public.projects p on p.id = b.project_id
    where b.designer_id = uid
      and b.created_at <= before_at and (b.created_at < before_at or b.id < before_id)
    order by b.created_at desc, b.id desc
    limit lim;
end $$;
revoke execute on function public.designer_bids(timestamptz, uuid, integer) from public, anon;
grant execute on function public.designer_bids(timestamptz, uuid, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 3. customer_profiles.preferred_style: the style's display name
-- ---------------------------------------------------------------------------------------------------------

-- The 15 styles (src/config/design-styles.ts): the name for an id or for the name itself, else null.
create function private.design_style_name(style text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select s.name
  from (values
    ('midcentury', 'Mid-Century Modern'), ('bohemian', 'Bohemian'), ('industrial', 'Industrial'),
    ('scandinavian', 'Scandinavian'), ('vintage', 'Vintage Eclectic'), ('coastal', 'Coastal'),
    ('farmhouse', 'Farmhouse'), ('artdeco', 'Art Deco'), ('contemporary', 'Contemporary'),
    ('transitional', 'Transitional'), ('mediterranean', 'Mediterranean'), ('tropical', 'Tropical'),
    ('minimalist', 'Minimalist'), ('maximalist', 'Maximalist'), ('cottage', 'Cottage Core')
  ) as s (id, name)
  where s.id = btrim(style) or s.name = btrim(style)
$$;
-- Called only by the sign-up trigger (SECURITY DEFINER) and this migration.
revoke execute on function private.design_style_name(text) from public, anon, authenticated;

-- Rows written before: an id becomes its name; a value that names no style could never be shown or kept by the
-- profile form (it saved 'No preference' over it), so it becomes null.
update public.customer_profiles
   set preferred_style = private.design_style_name(preferred_style)
 where preferred_style is not null
   and preferred_style is distinct from private.design_style_name(preferred_style);

alter table public.customer_profiles add constraint customer_profiles_preferred_style_known check (
  preferred_style is null or preferred_style in (
    'Mid-Century Modern', 'Bohemian', 'Industrial', 'Scandinavian', 'Vintage Eclectic', 'Coastal', 'Farmhouse',
    'Art Deco', 'Contemporary', 'Transitional', 'Mediterranean', 'Tropical', 'Minimalist', 'Maximalist', 'Cottage Core'
  )
);

-- Sign-up (docs/decisions/0002): as 20261122000100_profiles_and_roles.sql, with the pending style stored as its
-- name whether the landing form's id or a name arrives; an unknown style is left out instead of dropping the
-- other pending fields with it.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  pending jsonb := case when jsonb_typeof(meta -> 'pending_profile') = 'object' then meta -> 'pending_profile' else '{}'::jsonb end;
  wanted text := nullif(btrim(meta ->> 'role'), '');
  r public.app_role;
  uname text := nullif(left(btrim(meta ->> 'username'), 50), '');
begin
  if wanted is null then
    r := 'customer';
  elsif wanted in ('customer', 'designer') then
    r := wanted::public.app_role;
  else
    raise exception 'Invalid role "%": must be customer or designer', wanted using errcode = '22023';
  end if;

  insert into public.profiles (id, full_name, email)
  values (new.id, nullif(left(btrim(meta ->> 'full_name'), 100), ''), new.email);
  insert into public.user_roles (user_id, role) values (new.id, r);

  if r = 'customer' then
    begin
      insert into public.customer_profiles (user_id, username, location, space_size, budget_range, preferred_style)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        case when (pending ->> 'space_size') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'space_size')::numeric)::integer end,
        case when (pending ->> 'budget_range') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'budget_range')::numeric)::integer end,
        private.design_style_name(pending ->> 'preferred_style')
      );
    exception when check_violation or invalid_text_representation or numeric_value_out_of_range then
      insert into public.customer_profiles (user_id, username) values (new.id, uname);
    end;
  else
    begin
      insert into public.designer_profiles (user_id, username, location, bio, specialties, portfolio_url, base_rate)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
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
