-- Designer filters (docs/decisions/0036-find-it-first.md; docs/places.md, "Distance reads"):
--  1. designer_profiles.rating and review_count: the average a designer's page shows (to one decimal) and the count
--     of reviews behind it, kept by a trigger on reviews (hidden reviews leave both, as they leave the page), so a
--     minimum rating and the rating order are an indexed read instead of an average over every review per call.
--  2. public.search_designers: the directory with filters (style, base rate range, minimum rating, verified badge,
--     distance) and three orders (nearest, rating, rate), keyset-paged, security invoker with the same visibility
--     as nearby_designers (available designers; blocked and suspended people left out; row-level security).

-- ---------------------------------------------------------------------------------------------------------
-- 1. The rating on the profile, the database's to keep
-- ---------------------------------------------------------------------------------------------------------
alter table public.designer_profiles
  add column rating numeric(2, 1) check (rating is null or rating between 1 and 5),
  add column review_count integer not null default 0 check (review_count >= 0),
  add constraint designer_profiles_rating_with_reviews check ((rating is null) = (review_count = 0));
comment on column public.designer_profiles.rating is
  'Average rating of the designer''s visible reviews, rounded half up to one decimal as shown; null without one. Set only by the database (reviews trigger).';
comment on column public.designer_profiles.review_count is
  'How many visible (not hidden) reviews the designer has. Set only by the database (reviews trigger).';
-- The API roles' grants on designer_profiles name their columns, so neither is writable by clients; stated again so
-- a later broad grant is seen to be wrong.
revoke insert (rating, review_count), update (rating, review_count) on public.designer_profiles from anon, authenticated;

create function private.designer_rating_refresh(designer uuid) returns void
language sql security definer set search_path = '' as $$
  update public.designer_profiles d
     set rating = r.average, review_count = r.count
    from (
      select round(avg(v.rating)::numeric, 1) as average, count(*)::integer as count
      from public.reviews v where v.designer_id = designer and v.hidden_at is null
    ) r
   where d.user_id = designer
     and (d.rating is distinct from r.average or d.review_count <> r.count)
$$;
revoke execute on function private.designer_rating_refresh(uuid) from public, anon, authenticated;

create function private.reviews_rating() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.designer_rating_refresh(old.designer_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.designer_id is distinct from old.designer_id) then
    perform private.designer_rating_refresh(new.designer_id);
  end if;
  return null;
end $$;
revoke execute on function private.reviews_rating() from public, anon, authenticated;

create trigger reviews_rating after insert or delete or update of rating, hidden_at, designer_id on public.reviews
  for each row execute function private.reviews_rating();

-- Reviews written before this migration.
update public.designer_profiles d
   set rating = r.average, review_count = r.count
  from (
    select v.designer_id, round(avg(v.rating)::numeric, 1) as average, count(*)::integer as count
    from public.reviews v where v.hidden_at is null group by v.designer_id
  ) r
 where d.user_id = r.designer_id;

-- The two orders besides nearest, on the directory's rows (available designers), keyed as the pages are.
create index designer_profiles_available_rating_idx on public.designer_profiles (rating desc nulls last, user_id)
  where availability_status = 'available';
create index designer_profiles_available_rate_idx on public.designer_profiles (base_rate, user_id)
  where availability_status = 'available';

-- The style filter takes an id ('midcentury') or a name ('Mid-Century Modern'); the function is immutable and
-- reads nothing, so the directory's readers may call it.
grant execute on function private.design_style_name(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. search_designers
-- ---------------------------------------------------------------------------------------------------------
-- Arguments (all optional): style (id or name of the app's 15 styles; matches designer_profiles.specialties),
-- min_rate/max_rate (base_rate, inclusive), min_rating (1-5, against the rating shown; designers without reviews are
-- then left out), verified_only (a verified badge), within_miles (whole miles from the origin, placed designers
-- only; needs an origin), sort 'nearest' | 'rating' | 'rate', after (the last row of the page before, as returned:
-- its user_id and the key of the order), page_size (1-100), near_only (Available designers' rule, docs/product.md:
-- within 100 miles, or everyone when nobody matching is that near; ignored when within_miles is given).
--
-- Orders and their keys: nearest from an origin (distance_miles, user_id), designers without a place last by
-- user_id, as nearby_designers; nearest without an origin is newest first (created_at desc, user_id desc);
-- rating (rating desc, user_id), designers without reviews last by user_id; rate (base_rate, user_id).
-- within_reach: null without an origin; true when a distance cut chose the rows (within_miles, or the 100-mile rule
-- held); false when every matching designer is listed.
create function public.search_designers(
  style text default null,
  min_rate numeric default null,
  max_rate numeric default null,
  min_rating numeric default null,
  verified_only boolean default false,
  within_miles integer default null,
  origin_latitude double precision default null,
  origin_longitude double precision default null,
  sort text default 'nearest',
  after jsonb default null,
  page_size integer default 24,
  near_only boolean default false
)
returns table (
  user_id uuid, full_name text, username text, bio text, base_rate numeric, rate_per_item numeric,
  rate_per_sqft numeric, specialties text[], experience_years integer, location text, place_id text,
  portfolio_url text, created_at timestamptz, verified text, rating numeric, review_count integer,
  distance_miles integer, within_reach boolean
)
language plpgsql stable
set search_path = ''
-- As nearby_designers (docs/places.md, "Nearest first over every row"): the nearest walk always reads its index.
set enable_sort = off
as $function$
#variable_conflict use_column
declare
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  order_by text := coalesce(nullif(btrim(sort), ''), 'nearest');
  style_name text;
  chosen boolean := within_miles is not null;
  has_o boolean;
  cos_origin double precision;
  cut_miles integer;
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
  n integer := 0;
  a_id uuid;
  a_miles integer;
  a_created timestamptz;
  a_rating numeric;
  a_rate numeric;
  -- The people in a block with the caller, either way, and suspended accounts (docs/trust-and-safety.md): not listed.
  blocked_ids uuid[] := private.blocked_user_ids() || private.suspended_user_ids();
begin
  if order_by not in ('nearest', 'rating', 'rate') then
    raise exception 'Sort designers by nearest, rating or rate.' using errcode = '22023';
  end if;
  if nullif(btrim(style), '') is not null then
    style_name := private.design_style_name(style);
    if style_name is null then
      raise exception 'Choose a style from the list.' using errcode = '22023';
    end if;
  end if;
  if min_rate < 0 or max_rate < 0 then
    raise exception 'A rate cannot be below $0.' using errcode = '22023';
  end if;
  if min_rate > max_rate then
    raise exception 'The lowest rate cannot be above the highest.' using errcode = '22023';
  end if;
  if min_rating not between 1 and 5 then
    raise exception 'A minimum rating is from 1 to 5 stars.' using errcode = '22023';
  end if;
  if within_miles < 1 then
    raise exception 'A distance is at least 1 mile.' using errcode = '22023';
  end if;
  if after is not null and jsonb_typeof(after) <> 'object' then
    raise exception 'The page cursor is the last row of the page before.' using errcode = '22023';
  end if;
  has_o := private.has_origin(origin_latitude, origin_longitude);
  if chosen and not has_o then
    raise exception 'A distance needs your place: add it to your profile.' using errcode = '22023';
  end if;

  a_id := (after ->> 'user_id')::uuid;
  a_miles := (after ->> 'distance_miles')::integer;
  a_created := (after ->> 'created_at')::timestamptz;
  a_rating := (after ->> 'rating')::numeric;
  a_rate := (after ->> 'base_rate')::numeric;

  if has_o then
    cos_origin := cos(radians(origin_latitude));
    if chosen then
      cut_miles := within_miles;
      reach := true;
    elsif coalesce(near_only, false) then
      select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
      reach := exists (
        select 1 from public.designer_profiles d
        where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
          and (style_name is null or d.specialties @> array[style_name])
          and (min_rate is null or d.base_rate >= min_rate) and (max_rate is null or d.base_rate <= max_rate)
          and (min_rating is null or d.rating >= min_rating)
          and (not coalesce(verified_only, false) or d.verified is not null)
          and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
          and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
              < 100.5
      );
      if reach then
        cut_miles := 100;
      end if;
    else
      reach := false;
    end if;
    if cut_miles is not null then
      select * into lo_lat, hi_lat, lo_lng, hi_lng
        from private.box_around(origin_latitude, origin_longitude, cut_miles + 0.5);
    end if;
  end if;

  -- Rating and rate: one read in the order's index, the distance measured on the rows it returns.
  if order_by in ('rating', 'rate') then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft,
             d.specialties, d.experience_years, d.location, d.place_id, d.portfolio_url, d.created_at, d.verified,
             d.rating, d.review_count, m.miles, reach
      from public.designer_profiles d
      cross join lateral (
        select case when has_o and d.latitude is not null and d.longitude is not null then
          floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
            + 0.5)::integer
        end as miles
      ) m
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
        and (style_name is null or d.specialties @> array[style_name])
        and (min_rate is null or d.base_rate >= min_rate) and (max_rate is null or d.base_rate <= max_rate)
        and (min_rating is null or d.rating >= min_rating)
        and (not coalesce(verified_only, false) or d.verified is not null)
        -- A distance cut keeps the placed designers inside it and, under the 100-mile rule only, the unplaced.
        and (cut_miles is null
             or (d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
                 and m.miles <= cut_miles)
             or (not chosen and (d.latitude is null or d.longitude is null)))
        and (a_id is null
             or (order_by = 'rate' and (d.base_rate, d.user_id) > (a_rate, a_id))
             or (order_by = 'rating' and a_rating is not null
                 and (d.rating < a_rating or (d.rating = a_rating and d.user_id > a_id) or d.rating is null))
             or (order_by = 'rating' and a_rating is null and d.rating is null and d.user_id > a_id))
      order by case when order_by = 'rating' then d.rating end desc nulls last,
               case when order_by = 'rate' then d.base_rate end,
               d.user_id
      limit lim;
    return;
  end if;

  -- Nearest without an origin: the directory's order, newest first.
  if not has_o then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft,
             d.specialties, d.experience_years, d.location, d.place_id, d.portfolio_url, d.created_at, d.verified,
             d.rating, d.review_count, null::integer, null::boolean
      from public.designer_profiles d
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
        and (style_name is null or d.specialties @> array[style_name])
        and (min_rate is null or d.base_rate >= min_rate) and (max_rate is null or d.base_rate <= max_rate)
        and (min_rating is null or d.rating >= min_rating)
        and (not coalesce(verified_only, false) or d.verified is not null)
        and (a_id is null or (d.created_at, d.user_id) < (a_created, a_id))
      order by d.created_at desc, d.user_id desc
      limit lim;
    return;
  end if;

  if (a_id is null or a_miles is not null) and cut_miles is not null then
    -- Within a distance: the box on the coordinate index, as nearby_designers.
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft,
             d.specialties, d.experience_years, d.location, d.place_id, d.portfolio_url, d.created_at, d.verified,
             d.rating, d.review_count, k.miles, reach
      from (
        select x.user_id, x.miles from (
          select d.user_id,
                 floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                   + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                   + 0.5)::integer as miles
          from public.designer_profiles d
          where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
            and (style_name is null or d.specialties @> array[style_name])
            and (min_rate is null or d.base_rate >= min_rate) and (max_rate is null or d.base_rate <= max_rate)
            and (min_rating is null or d.rating >= min_rating)
            and (not coalesce(verified_only, false) or d.verified is not null)
            and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
        ) x
        where x.miles <= cut_miles
          and (a_id is null or x.miles > a_miles or (x.miles = a_miles and x.user_id > a_id))
        order by x.miles, x.user_id
        limit lim
      ) k
      join public.designer_profiles d on d.user_id = k.user_id
      order by k.miles, k.user_id;
    get diagnostics n = row_count;
  elsif a_id is null or a_miles is not null then
    -- Every matching designer with coordinates: the nearest-neighbour walk (docs/places.md), the filters applied to
    -- the rows it reads; a selective filter makes it read further (the walk grows eightfold until a page is sure).
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
        where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
          and d.latitude is not null and d.longitude is not null
          and (style_name is null or d.specialties @> array[style_name])
          and (min_rate is null or d.base_rate >= min_rate) and (max_rate is null or d.base_rate <= max_rate)
          and (min_rating is null or d.rating >= min_rating)
          and (not coalesce(verified_only, false) or d.verified is not null)
          and (a_id is null
               or (floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                     + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                     + 0.5)::integer, d.user_id) > (a_miles, a_id))
        order by private.sphere_point(d.latitude, d.longitude) operator(extensions.<->) origin_point
        limit walk_size
      ) w;
      exit when got < walk_size;
      page_miles := (select m from unnest(walked_miles) m order by m offset lim - 1 limit 1);
      exit when farthest > page_miles + 0.501;
      walk_size := walk_size * 8;
    end loop;
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft,
             d.specialties, d.experience_years, d.location, d.place_id, d.portfolio_url, d.created_at, d.verified,
             d.rating, d.review_count, w.miles, reach
      from unnest(walked_ids, walked_miles) as w(id, miles)
      join public.designer_profiles d on d.user_id = w.id
      order by w.miles, w.id
      limit lim;
    get diagnostics n = row_count;
  end if;
  -- Designers without a place close the list in id order, except under a distance the user chose.
  if n < lim and not chosen then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft,
             d.specialties, d.experience_years, d.location, d.place_id, d.portfolio_url, d.created_at, d.verified,
             d.rating, d.review_count, null::integer, reach
      from public.designer_profiles d
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
        and (d.latitude is null or d.longitude is null)
        and (style_name is null or d.specialties @> array[style_name])
        and (min_rate is null or d.base_rate >= min_rate) and (max_rate is null or d.base_rate <= max_rate)
        and (min_rating is null or d.rating >= min_rating)
        and (not coalesce(verified_only, false) or d.verified is not null)
        and (a_id is null or a_miles is not null or d.user_id > a_id)
      order by d.user_id
      limit lim - n;
  end if;
end $function$;
comment on function public.search_designers(text, numeric, numeric, numeric, boolean, integer, double precision,
  double precision, text, jsonb, integer, boolean) is
  'The designer directory with filters and orders, keyset-paged (docs/places.md, "Designer filters").';
revoke execute on function public.search_designers(text, numeric, numeric, numeric, boolean, integer,
  double precision, double precision, text, jsonb, integer, boolean) from public, anon;
grant execute on function public.search_designers(text, numeric, numeric, numeric, boolean, integer,
  double precision, double precision, text, jsonb, integer, boolean) to authenticated, service_role;
