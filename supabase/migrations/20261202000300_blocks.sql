-- Blocking (docs/trust-and-safety.md, "Blocking"): one person closes all new contact with another. Either of the
-- two can no longer start a conversation about a piece, send a message in one, nudge, make or move an offer, bid,
-- accept a bid or buy from the other: each is refused with SQLSTATE 42501 and "You can't contact this person."
-- Each leaves the other's lists (designers, Good Stuff, open projects). What they already share stays readable:
-- past conversations, offers and orders; a project they already share goes on (its messages are not refused;
-- an operator handles trouble there through a report).
--
-- The blocked person is never told: they cannot read the block row, it is not in their blocked_people(), and
-- block_state() says only 'closed' (the app: "You can't contact this person.").

-- ---------------------------------------------------------------------------------------------------------
-- 1. The table
-- ---------------------------------------------------------------------------------------------------------
create table public.blocks (
  blocker_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  blocked_id uuid not null references public.profiles (id) on delete cascade,
  -- The clock, not the transaction's start: blocked_people() pages on it.
  created_at timestamptz not null default clock_timestamp(),
  primary key (blocker_id, blocked_id),
  constraint blocks_not_self check (blocker_id <> blocked_id)
);
comment on table public.blocks is 'Who blocked whom (docs/trust-and-safety.md). The blocker inserts { blocked_id }, reads and deletes their own rows; the blocked person never reads them.';
-- The other way round: "did they block me" and the blocked person's side of every rule.
create index blocks_blocked_id_blocker_id_idx on public.blocks (blocked_id, blocker_id);
-- Settings' list, newest first.
create index blocks_blocker_id_created_at_idx on public.blocks (blocker_id, created_at desc);

alter table public.blocks enable row level security;
create policy blocks_insert_own on public.blocks
  for insert to authenticated
  with check (blocker_id = (select auth.uid()));
create policy blocks_select_own on public.blocks
  for select to authenticated
  using (blocker_id = (select auth.uid()));
create policy blocks_delete_own on public.blocks
  for delete to authenticated
  using (blocker_id = (select auth.uid()));
create policy "two-factor users need aal2" on public.blocks as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.blocks from anon, authenticated;
grant select, delete on table public.blocks to authenticated;
-- blocker_id is the signed-in person's (its default); a client names only whom it blocks.
grant insert (blocked_id) on table public.blocks to authenticated;
grant all on table public.blocks to service_role;

-- A block's own rules, each with the sentence the app shows (the check and the keys stay as the backstop).
create function private.block_checked() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.blocker_id is null then
    raise exception 'Sign in to block someone' using errcode = '42501';
  end if;
  if new.blocked_id is not distinct from new.blocker_id then
    raise exception 'You can''t block yourself.' using errcode = '23514';
  end if;
  if not exists (select 1 from public.profiles p where p.id = new.blocked_id) then
    raise exception 'This person does not exist.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.blocks b where b.blocker_id = new.blocker_id and b.blocked_id = new.blocked_id) then
    raise exception 'You already blocked this person.' using errcode = '23505';
  end if;
  return new;
end $$;
revoke all on function private.block_checked() from public, anon, authenticated;
create trigger blocks_checked before insert on public.blocks
  for each row execute function private.block_checked();

-- Blocking is cheap to do and cheap to undo; 30 an hour is far above what anyone needs (docs/product.md, Limits),
-- and stops a script from churning blocks.
insert into private.rate_limits (action, max_events, per) values ('block', 30, interval '1 hour');
create trigger blocks_rate_limit before insert on public.blocks
  for each row execute function private.rate_limited_insert('block');

-- ---------------------------------------------------------------------------------------------------------
-- 2. Reading blocks
-- ---------------------------------------------------------------------------------------------------------

-- Whether a and b are in a block, whoever made it: the rules' question (two probes, one on each index).
create function private.blocked_between(a uuid, b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select a is not null and b is not null and (
    exists (select 1 from public.blocks x where x.blocker_id = a and x.blocked_id = b)
    or exists (select 1 from public.blocks x where x.blocker_id = b and x.blocked_id = a))
$$;
revoke all on function private.blocked_between(uuid, uuid) from public, anon, authenticated;
grant execute on function private.blocked_between(uuid, uuid) to service_role;

-- Everyone in a block with the caller, either way: the lists' filter, taken once per statement (an initplan in the
-- policies, a variable in the list functions). Empty for nearly everyone.
create function private.blocked_user_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(x.other), '{}') from (
    select b.blocked_id as other from public.blocks b where b.blocker_id = (select auth.uid())
    union
    select b.blocker_id from public.blocks b where b.blocked_id = (select auth.uid())
  ) x
$$;
revoke all on function private.blocked_user_ids() from public, anon;
grant execute on function private.blocked_user_ids() to authenticated, service_role;

-- The people the caller blocked, newest first (Settings). Their names even when their profile is not otherwise
-- readable: the blocker named them once.
create function public.blocked_people(page_size integer default 50, after_created_at timestamptz default null)
returns table (user_id uuid, full_name text, blocked_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select b.blocked_id, private.person_name(b.blocked_id, 'Someone'), b.created_at
    from public.blocks b
   where b.blocker_id = (select auth.uid())
     and (after_created_at is null or b.created_at < after_created_at)
   order by b.created_at desc, b.blocked_id desc
   limit least(greatest(coalesce(page_size, 50), 1), 100)
$$;
revoke all on function public.blocked_people(integer, timestamptz) from public, anon;
grant execute on function public.blocked_people(integer, timestamptz) to authenticated, service_role;

-- 'blocked' (the caller blocked them: Settings can unblock), 'closed' (they blocked the caller: the app says only
-- "You can't contact this person.", never who did it), 'none'.
create function public.block_state(other_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.blocks b where b.blocker_id = (select auth.uid()) and b.blocked_id = other_user)
      then 'blocked'
    when exists (select 1 from public.blocks b where b.blocker_id = other_user and b.blocked_id = (select auth.uid()))
      then 'closed'
    else 'none'
  end
$$;
revoke all on function public.block_state(uuid) from public, anon;
grant execute on function public.block_state(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 3. No new contact across a block. One trigger function on every table where contact starts, so that every path
--    (the RPCs, a direct insert, the service role's functions) meets the same rule. Only the two people concerned
--    are told: a request by anyone else goes on to the table's own policies (which refuse it in their own words),
--    so nobody learns of a block between two other people.
-- ---------------------------------------------------------------------------------------------------------
create function private.refuse_contact_across_block() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  a uuid;
  b uuid;
begin
  -- (Nested ifs: each table's fields exist on that table only.)
  if tg_table_name = 'listing_conversations' then
    -- Opening a conversation that already exists (start_listing_conversation returns it) is not new contact: it
    -- stays readable.
    if exists (select 1 from public.listing_conversations c
                where c.catalog_item_id = new.catalog_item_id and c.buyer_id = new.buyer_id) then
      return new;
    end if;
    a := new.buyer_id;
    b := new.seller_id;
  elsif tg_table_name = 'listing_messages' then
    select c.buyer_id, c.seller_id into a, b from public.listing_conversations c where c.id = new.conversation_id;
  elsif tg_table_name = 'designer_nudges' then
    a := new.client_id;
    b := new.designer_id;
  elsif tg_table_name = 'offers' then
    a := new.buyer_id;
    b := new.seller_id;
  elsif tg_table_name = 'project_bids' then
    a := new.designer_id;
    select p.customer_id into b from public.projects p where p.id = new.project_id;
  elsif tg_table_name = 'orders' then
    a := new.buyer_id;
    b := new.seller_id;
  else
    raise exception 'refuse_contact_across_block: unexpected table %', tg_table_name using errcode = '22023';
  end if;
  if me is not null and me is distinct from a and me is distinct from b then
    return new;
  end if;
  if private.blocked_between(a, b) then
    raise exception 'You can''t contact this person.' using errcode = '42501';
  end if;
  return new;
end $$;
revoke all on function private.refuse_contact_across_block() from public, anon, authenticated;

-- Named to sort before each table's other BEFORE triggers (rate limits, trims): a refused request counts nothing.
-- Conversations about pieces: a new one, and every message in an old one.
create trigger listing_conversations_blocked before insert on public.listing_conversations
  for each row execute function private.refuse_contact_across_block();
create trigger listing_messages_blocked before insert on public.listing_messages
  for each row execute function private.refuse_contact_across_block();
-- Nudges, either way: a customer's nudge, and the designer's accepting (its quote is contact). Declining closes it.
create trigger designer_nudges_blocked before insert on public.designer_nudges
  for each row execute function private.refuse_contact_across_block();
create trigger designer_nudges_blocked_answer before update of status on public.designer_nudges
  for each row when (new.status = 'accepted' and old.status is distinct from new.status)
  execute function private.refuse_contact_across_block();
-- Offers: a new one, a counter, an acceptance (which reserves the piece for the buyer). Declining and withdrawing
-- close an offer and stay allowed; an open one left alone expires in 48 hours.
create trigger offers_blocked before insert on public.offers
  for each row execute function private.refuse_contact_across_block();
create trigger offers_blocked_answer before update of status on public.offers
  for each row when (new.status in ('countered', 'accepted') and old.status is distinct from new.status)
  execute function private.refuse_contact_across_block();
-- Bids: a designer's bid on the project of a customer in a block with them, and the customer's accepting one
-- (accept_bid's update; it would make them share a project).
create trigger project_bids_blocked before insert on public.project_bids
  for each row execute function private.refuse_contact_across_block();
create trigger project_bids_blocked_answer before update of status on public.project_bids
  for each row when (new.status = 'accepted' and old.status is distinct from new.status)
  execute function private.refuse_contact_across_block();
-- Buy Now: order_open (the buy-now function, as the service role) opens no order between the two.
create trigger orders_blocked before insert on public.orders
  for each row execute function private.refuse_contact_across_block();

-- ---------------------------------------------------------------------------------------------------------
-- 4. Lists. Each leaves the other's lists both ways; unblocking brings them back (nothing is deleted).
-- ---------------------------------------------------------------------------------------------------------

-- A piece the caller already has a conversation, an offer or an order about: it stays readable to them across a
-- block, so the conversation, the offer and the order still show what they are about.
create function private.piece_in_touch(item uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.listing_conversations c
                  where c.catalog_item_id = item and c.buyer_id = (select auth.uid()))
      or exists (select 1 from public.offers o where o.catalog_item_id = item and o.buyer_id = (select auth.uid()))
      or exists (select 1 from public.orders o where o.catalog_item_id = item and o.buyer_id = (select auth.uid()))
$$;
revoke all on function private.piece_in_touch(uuid) from public, anon;
grant execute on function private.piece_in_touch(uuid) to authenticated, service_role;

-- Good Stuff read through the API (the piece page, saved pieces, nearby_catalog_items, which reads as the caller):
-- a seller's pieces are not shown to someone in a block with them. Restrictive, so it narrows whatever the
-- permissive policies allow; the block list is taken once per statement, and the third test runs only for a
-- blocked seller's rows.
create policy "pieces across a block are not shown" on public.catalog_items as restrictive
  for select to authenticated
  using (
    designer_id = (select auth.uid())
    or designer_id <> all ((select private.blocked_user_ids())::uuid[])
    or private.piece_in_touch(id)
  );

-- Saved designers: one in a block with the caller leaves the list (the row stays, for an unblock).
create policy "designers across a block are not shown" on public.saved_designers as restrictive
  for select to authenticated
  using (designer_id <> all ((select private.blocked_user_ids())::uuid[]));

-- The designers list (nearby_designers reads as the caller). Restated whole from the current schema; what changes:
-- a designer in a block with the caller is skipped in every branch (docs/trust-and-safety.md).
CREATE OR REPLACE FUNCTION public.nearby_designers(origin_latitude double precision DEFAULT NULL::double precision, origin_longitude double precision DEFAULT NULL::double precision, after_miles integer DEFAULT NULL::integer, after_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, after_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 24, near_only boolean DEFAULT true)
 RETURNS TABLE(user_id uuid, full_name text, username text, bio text, base_rate numeric, rate_per_item numeric, rate_per_sqft numeric, specialties text[], experience_years integer, location text, place_id text, latitude double precision, longitude double precision, portfolio_url text, created_at timestamp with time zone, distance_miles integer, within_reach boolean)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET enable_sort TO 'off'
AS $function$
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
  -- The people in a block with the caller, either way (docs/trust-and-safety.md): not listed to each other.
  blocked_ids uuid[] := private.blocked_user_ids();
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             null::integer, null::boolean
      from public.designer_profiles d
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
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
    where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
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
          where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
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
        where d.availability_status = 'available' and d.user_id <> all (blocked_ids) and d.latitude is not null and d.longitude is not null
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
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids) and (d.latitude is null or d.longitude is null)
        and (after_id is null or after_miles is not null or d.user_id > after_id)
      order by d.user_id
      limit lim - n;
  end if;
end $function$;

-- Open projects and their total (read as their owner). Restated whole from the moderation migration's; what changes: a
-- customer in a block with the caller, either way, has their open projects skipped.
CREATE OR REPLACE FUNCTION public.open_project_count(origin_latitude double precision DEFAULT NULL::double precision, origin_longitude double precision DEFAULT NULL::double precision)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  cos_origin double precision;
  lo_lat double precision;
  hi_lat double precision;
  lo_lng double precision;
  hi_lng double precision;
  near integer;
  uid uuid := (select auth.uid());
  every_open boolean := coalesce((select private.has_role('designer')), false);
  -- A customer in a block with the caller, either way: their open projects are not listed (docs/trust-and-safety.md).
  blocked_ids uuid[] := private.blocked_user_ids();
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return (select count(*) from public.projects p
             where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids));
  end if;
  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  near := (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
      and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );
  if near = 0 then
    return (select count(*) from public.projects p
             where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids));
  end if;
  return near + (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
      and (p.latitude is null or p.longitude is null)
  );
end $function$;
CREATE OR REPLACE FUNCTION public.open_projects(origin_latitude double precision DEFAULT NULL::double precision, origin_longitude double precision DEFAULT NULL::double precision, after_miles integer DEFAULT NULL::integer, after_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, after_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 24)
 RETURNS TABLE(id uuid, customer_id uuid, designer_id uuid, title text, description text, place_id text, place_label text, space_size integer, budget integer, budget_type public.budget_type, preferred_style text, status public.project_status, items_total numeric, created_at timestamp with time zone, updated_at timestamp with time zone, completed_at timestamp with time zone, distance_miles integer, within_reach boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_sort TO 'off'
AS $function$
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
  -- A customer in a block with the caller, either way: their open projects are not listed (docs/trust-and-safety.md).
  blocked_ids uuid[] := private.blocked_user_ids();
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.place_id,
             (select pl.label from public.places pl where pl.id = p.place_id), p.space_size, p.budget, p.budget_type,
             p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, null::integer, null::boolean
      from public.projects p
      where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
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
    where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
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
          where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
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
        where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
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
      where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid) and p.customer_id <> all (blocked_ids)
        and (p.latitude is null or p.longitude is null)
        and (after_id is null or after_miles is not null or p.id > after_id)
      order by p.id
      limit lim - n;
  end if;
end $function$;

-- Good Stuff search (read as its owner). Restated whole from the current schema; what changes: a seller in a block
-- with the caller has their pieces skipped, by two anti-joins added to the filters of someone in a block only.
CREATE OR REPLACE FUNCTION public.search_catalog_items(q text DEFAULT NULL::text, category public.catalog_category DEFAULT NULL::public.catalog_category, min_price numeric DEFAULT NULL::numeric, max_price numeric DEFAULT NULL::numeric, conditions text[] DEFAULT NULL::text[], within_miles integer DEFAULT NULL::integer, near_lat double precision DEFAULT NULL::double precision, near_lng double precision DEFAULT NULL::double precision, sort text DEFAULT 'newest'::text, after_sort_key text DEFAULT NULL::text, after_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 24)
 RETURNS SETOF public.catalog_search_result
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_sort TO 'off'
 SET enable_seqscan TO 'on'
 SET enable_indexscan TO 'on'
AS $function$
#variable_conflict use_variable
declare
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  sort_by text := coalesce(sort, 'newest');
  tsq tsquery := private.catalog_tsquery(q);
  located boolean := private.has_origin(near_lat, near_lng);
  cos_origin double precision;
  lo_lat double precision := -90;
  hi_lat double precision := 90;
  lo_lng double precision := -180;
  hi_lng double precision := 180;
  after_time timestamptz;
  after_price numeric;
  after_miles integer;
  after_unplaced boolean := false;
  filters text := 'i.is_available';
  probe integer;
  miles_sql text := 'null::integer';
  key_sql text;
  keyset text := 'true';
  order_sql text;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to search Good Stuff' using errcode = '42501';
  end if;
  if sort_by not in ('newest', 'price_asc', 'price_desc', 'distance') then
    raise exception 'Unknown sort: use newest, price_asc, price_desc or distance' using errcode = '22023';
  end if;
  if sort_by = 'distance' and not located then
    raise exception 'Sorting by distance needs your location' using errcode = '22023';
  end if;
  if within_miles is not null and within_miles < 1 then
    raise exception 'The distance must be at least 1 mile' using errcode = '22023';
  end if;
  if within_miles is not null and not located then
    raise exception 'A distance needs your location' using errcode = '22023';
  end if;
  if min_price < 0 or max_price < 0 then
    raise exception 'Prices cannot be negative' using errcode = '22023';
  end if;
  if min_price > max_price then
    raise exception 'The lowest price cannot be above the highest' using errcode = '22023';
  end if;
  if conditions is not null and exists (select 1 from unnest(conditions) c
                                         where c is null or c not in ('excellent', 'very_good', 'good', 'fair')) then
    raise exception 'Unknown condition: use excellent, very_good, good or fair' using errcode = '22023';
  end if;
  if after_id is not null and after_sort_key is not null then
    begin
      if sort_by = 'newest' then
        after_time := after_sort_key::timestamptz;
      elsif sort_by in ('price_asc', 'price_desc') then
        after_price := after_sort_key::numeric;
      elsif after_sort_key = 'unplaced' then
        after_unplaced := true;
      else
        after_miles := after_sort_key::integer;
      end if;
    exception when others then
      raise exception 'Unknown page cursor' using errcode = '22023';
    end;
  elsif after_id is not null or after_sort_key is not null then
    raise exception 'A page cursor needs both after_sort_key and after_id' using errcode = '22023';
  end if;

  if tsq is not null then
    filters := filters || ' and i.search @@ $1';
    perform set_config('enable_seqscan', 'off', true);
    select count(*) into probe from (select 1 from public.catalog_items i where i.is_available and i.search @@ tsq limit 500) x;
    perform set_config('enable_seqscan', 'on', true);
    if probe < 500 then
      perform set_config('enable_sort', 'on', true);
      perform set_config('enable_indexscan', 'off', true);
    end if;
  end if;
  if category is not null then
    filters := filters || ' and i.category = $2';
  end if;
  if min_price is not null then
    filters := filters || ' and i.price >= $3';
  end if;
  if max_price is not null then
    filters := filters || ' and i.price <= $4';
  end if;
  if conditions is not null then
    filters := filters || ' and i.condition = any ($5)';
  end if;
  if located then
    cos_origin := cos(radians(near_lat));
    miles_sql := 'case when i.latitude is not null and i.longitude is not null then floor(2 * 3959 * asin(least(1, '
      || 'sqrt(power(sin(radians(i.latitude - $6) / 2), 2) + $15 * cos(radians(i.latitude)) '
      || '* power(sin(radians(i.longitude - $7) / 2), 2)))) + 0.5)::integer end';
  end if;
  if within_miles is not null then
    select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(near_lat, near_lng, within_miles + 0.5);
    filters := filters || ' and i.latitude between $11 and $12 and i.longitude between $13 and $14';
  end if;

  -- Pieces of a seller in a block with the caller, either way, are not listed (docs/trust-and-safety.md). Added
  -- only for someone in a block: everyone else's search is the plan it was, and the anti-joins probe the blocks'
  -- two indexes (blocker, blocked) and (blocked, blocker) once per candidate piece.
  if exists (select 1 from public.blocks b where b.blocker_id = (select auth.uid()))
     or exists (select 1 from public.blocks b where b.blocked_id = (select auth.uid())) then
    filters := filters || ' and not exists (select 1 from public.blocks b where b.blocker_id = $19 and b.blocked_id = i.designer_id)'
                       || ' and not exists (select 1 from public.blocks b where b.blocker_id = i.designer_id and b.blocked_id = $19)';
  end if;

  if sort_by = 'newest' then
    key_sql := 'to_char(i.created_at at time zone ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.US"Z"'')';
    order_sql := 'i.created_at desc, i.id desc';
    if after_id is not null then
      keyset := '(i.created_at, i.id) < ($9, $10)';
    end if;
  elsif sort_by = 'price_asc' then
    key_sql := 'i.price::text';
    order_sql := 'i.price, i.id';
    if after_id is not null then
      keyset := '(i.price, i.id) > ($16, $10)';
    end if;
  elsif sort_by = 'price_desc' then
    key_sql := 'i.price::text';
    order_sql := 'i.price desc, i.id desc';
    if after_id is not null then
      keyset := '(i.price, i.id) < ($16, $10)';
    end if;
  else
    key_sql := 'coalesce(m.miles::text, ''unplaced'')';
    order_sql := 'm.miles nulls last, i.id';
    if after_unplaced then
      keyset := 'm.miles is null and i.id > $10';
    elsif after_id is not null then
      keyset := '(m.miles is null or (m.miles, i.id) > ($17, $10))';
    end if;
  end if;

  return query execute format(
    'select i.id, i.title, i.price, i.category, i.condition, i.photo_urls, i.image_url, i.location, i.created_at,
            i.status, i.reserved_until, i.held_until, i.designer_id,
            coalesce(d.full_name, d.username, ''Designer''), null::text, m.miles, %s
       from public.catalog_items i
       cross join lateral (select %s as miles) m
       left join public.designer_profiles d on d.user_id = i.designer_id
      where %s and %s %s
      order by %s
      limit $18',
    key_sql, miles_sql, filters, keyset,
    case when within_miles is not null then 'and m.miles <= $8' else '' end,
    order_sql)
  using tsq, category, min_price, max_price, conditions, near_lat, near_lng, within_miles, after_time, after_id,
        lo_lat, hi_lat, lo_lng, hi_lng, cos_origin, after_price, after_miles, lim, (select auth.uid());
end $function$;

-- Buy Now's quote. Restated whole from the current schema; what changes: a buyer in a block with the seller gets
-- can_buy false and the reason 'blocked' (the app shows "You can't contact this person.").
CREATE OR REPLACE FUNCTION public.buy_now_quote(item_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  i public.catalog_items;
  chk record;
begin
  if me is null then
    raise exception 'Sign in to buy' using errcode = '42501';
  end if;
  select * into i from public.catalog_items c where c.id = item_id;
  if not found or (i.status = 'delisted' and i.designer_id <> me) then
    raise exception 'Piece not found' using errcode = 'P0002';
  end if;
  chk := private.buy_now_check(me, i, false);
  -- A buyer in a block with the seller (either way) cannot buy from them: the order would be new contact
  -- (docs/trust-and-safety.md). order_open refuses it too (the orders_blocked trigger).
  if i.designer_id <> me and private.blocked_between(me, i.designer_id) then
    return jsonb_build_object('can_buy', false, 'reason', 'blocked', 'amount', chk.amount, 'offer_id', chk.offer_id);
  end if;
  return jsonb_build_object('can_buy', chk.reason is null, 'reason', chk.reason, 'amount', chk.amount,
                            'offer_id', chk.offer_id);
end $function$;
