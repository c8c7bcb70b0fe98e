-- Moderation (docs/trust-and-safety.md; docs/decisions/0032): what reports do, hidden content, the operators'
-- actions and suspension. Builds on 20261202000100_trust_foundation.sql (operators, reports, the audit log).
--
--  1. Hidden content: a hidden_at column on pieces, project messages, piece messages, reviews and projects, set only
--     by the database; a hidden message's text is swapped for 'Removed by Good Space' (the original is kept in
--     private.hidden_content for operators and put back on restore).
--  2. Report rules (a trigger on reports): the subject exists and the reporter can see it, it is not their own, one
--     open report per person and thing, 20 reports an hour; 3 different people reporting the same content hide it.
--  3. Suspension: profiles.suspended_at; the pre-request check refuses every request of a suspended account.
--  4. The operators' functions: moderation_queue, moderation_subject, moderate, suspend_account, reinstate_account.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Hidden content
-- ---------------------------------------------------------------------------------------------------------
alter table public.catalog_items add column hidden_at timestamptz;
alter table public.messages add column hidden_at timestamptz;
alter table public.listing_messages add column hidden_at timestamptz;
alter table public.reviews add column hidden_at timestamptz;
alter table public.projects add column hidden_at timestamptz;
comment on column public.catalog_items.hidden_at is 'Hidden by Good Space (docs/trust-and-safety.md): out of Good Stuff for everyone but its seller and operators; is_available is false while set. Set only by the database.';
comment on column public.messages.hidden_at is 'Removed by Good Space: content reads ''Removed by Good Space'' (the original is in private.hidden_content). Set only by the database.';
comment on column public.listing_messages.hidden_at is 'Removed by Good Space: body reads ''Removed by Good Space'' (the original is in private.hidden_content). Set only by the database.';
comment on column public.reviews.hidden_at is 'Hidden by Good Space: returned to operators only (so it leaves the page and the average). Set only by the database.';
comment on column public.projects.hidden_at is 'Hidden by Good Space: out of the open projects list; its customer and designer still see it. Set only by the database.';
comment on column public.catalog_items.status is 'available | sold | delisted (the seller''s); is_available is kept equal to status = ''available'' and hidden_at is null.';

-- projects and profiles grant columns one by one; the other tables grant select on the whole table.
grant select (hidden_at) on table public.projects to authenticated;

-- What is hidden, why, and a hidden message's original text. cause: 'reports' (3 people reported it: a dismissal
-- shows it again), 'operator' (an operator hid it), 'suspension' (its owner's account is suspended: reinstating
-- shows it again).
create table private.hidden_content (
  subject_kind public.report_subject not null,
  subject_id uuid not null,
  cause text not null check (cause in ('reports', 'operator', 'suspension')),
  original text,
  hidden_at timestamptz not null default now(),
  primary key (subject_kind, subject_id)
);
comment on table private.hidden_content is 'Content Good Space hid, why, and the original text of hidden messages (docs/trust-and-safety.md). Not reachable through the API.';
revoke all on table private.hidden_content from public, anon, authenticated;

create function private.removed_text() returns text
language sql immutable set search_path = '' as $$ select 'Removed by Good Space'::text $$;
revoke all on function private.removed_text() from public;

-- Pieces: is_available (which every Good Stuff list, search, nearby and their indexes read) also needs the piece
-- shown, so hiding takes it off the market and the seller cannot put it back (hidden_at is not granted).
create or replace function private.catalog_item_market_columns() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if cardinality(new.photo_urls) = 0 and new.image_url is not null then
      new.photo_urls := array[new.image_url];
    end if;
    if not new.is_available and new.status = 'available' then
      new.status := 'delisted';
    end if;
  else
    if new.photo_urls is not distinct from old.photo_urls and new.image_url is distinct from old.image_url then
      new.photo_urls := case when new.image_url is null then new.photo_urls[2:]
                             else array[new.image_url] || coalesce(new.photo_urls[2:], '{}') end;
    end if;
    if new.status is not distinct from old.status and new.is_available is distinct from old.is_available then
      new.status := case when new.is_available then 'available' else 'delisted' end;
    end if;
  end if;
  -- The labels ('Very good') are accepted for the keys ('very_good'), whatever their case; anything else is
  -- left for the check to refuse.
  new.condition := coalesce(case lower(regexp_replace(btrim(new.condition), '[[:space:]_]+', ' ', 'g'))
    when 'excellent' then 'excellent' when 'very good' then 'very_good' when 'good' then 'good' when 'fair' then 'fair'
  end, new.condition);
  new.image_url := new.photo_urls[1];
  new.is_available := new.status = 'available' and new.hidden_at is null;
  return new;
end $$;
revoke all on function private.catalog_item_market_columns() from public;
-- The trigger fires on every update already (no column list), so setting hidden_at recomputes is_available.

-- A hidden piece is seen by its seller and operators only (a restrictive policy, so it composes with the others).
create policy catalog_items_hidden_seller_only on public.catalog_items as restrictive
  for select to authenticated
  using (hidden_at is null or designer_id = (select auth.uid()) or (select private.is_operator()));
-- A hidden review is returned to operators only: it leaves the designer's page and their average.
create policy reviews_hidden_operators_only on public.reviews as restrictive
  for select to authenticated
  using (hidden_at is null or (select private.is_operator()));
-- A hidden project leaves the designers' view of open projects; its customer and designer still see it.
create policy projects_hidden_participants_only on public.projects as restrictive
  for select to authenticated
  using (hidden_at is null or customer_id = (select auth.uid()) or designer_id = (select auth.uid())
         or (select private.is_operator()));

-- Nothing new starts on a hidden piece: no offer, no new conversation, no project item (the functions that make
-- them check status; these triggers add the piece being shown, for every way in).
create function private.refuse_hidden_piece() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.catalog_items i where i.id = new.catalog_item_id and i.hidden_at is not null) then
    if tg_table_name = 'listing_conversations' then
      -- Reopening a conversation that already exists is reading it, not starting one.
      if exists (select 1 from public.listing_conversations c
                  where c.catalog_item_id = new.catalog_item_id and c.buyer_id = new.buyer_id) then
        return new;
      end if;
      raise exception 'Piece not found' using errcode = 'P0002';
    end if;
    raise exception 'This piece is no longer available' using errcode = '55000';
  end if;
  return new;
end $$;
revoke all on function private.refuse_hidden_piece() from public;
-- Named to fire before the rate-limit triggers (alphabetical order), so a refused attempt is not counted.
create trigger offers_hidden_piece before insert on public.offers
  for each row execute function private.refuse_hidden_piece();
create trigger listing_conversations_hidden_piece before insert on public.listing_conversations
  for each row execute function private.refuse_hidden_piece();
create trigger project_items_hidden_piece before insert on public.project_items
  for each row when (new.catalog_item_id is not null) execute function private.refuse_hidden_piece();

-- Buy Now (buy_now_quote, order_open): a hidden piece is not available.
CREATE OR REPLACE FUNCTION private.buy_now_check(buyer uuid, i public.catalog_items, paid boolean, OUT reason text, OUT amount numeric, OUT offer_id uuid)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  h private.catalog_holds;
begin
  select coalesce(o.counter_amount, o.amount), o.id into amount, offer_id
    from public.offers o
   where o.catalog_item_id = i.id and o.buyer_id = buyer and o.status = 'accepted' and o.reserved_until > now()
   order by o.reserved_until desc
   limit 1;
  -- A price the seller lowered below the agreed offer is what the buyer pays: an offer is never worse than the price.
  amount := least(amount, i.price);
  if i.designer_id = buyer then
    reason := 'own_piece';
  elsif i.status <> 'available' or i.hidden_at is not null then
    reason := 'not_available';
  elsif not paid
        and not exists (select 1 from public.seller_accounts a where a.user_id = i.designer_id and a.can_be_paid) then
    reason := 'seller_not_ready';
  elsif i.reserved_until > now() and offer_id is null then
    reason := 'reserved';
  elsif i.held_until > now() then
    select * into h from private.catalog_holds x where x.catalog_item_id = i.id;
    if not exists (select 1 from public.projects p
                    where p.id = h.project_id and buyer in (p.customer_id, p.designer_id)) then
      reason := 'held';
    end if;
  end if;
end $function$;

-- Projects: a hidden project takes no bids or nudges and leaves the open projects list and its count.
create or replace function private.is_open_project(pid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
    where p.id = pid and p.status = 'pending' and p.designer_id is null and p.hidden_at is null
      and p.customer_id <> (select auth.uid())
  )
$$;
revoke all on function private.is_open_project(uuid) from public;
grant execute on function private.is_open_project(uuid) to authenticated, service_role;

create or replace function private.is_pending_owned_project(pid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
    where p.id = pid and p.customer_id = (select auth.uid()) and p.status = 'pending' and p.hidden_at is null
  )
$$;
revoke all on function private.is_pending_owned_project(uuid) from public;
grant execute on function private.is_pending_owned_project(uuid) to authenticated, service_role;

create or replace function private.lock_open_project_for_bid() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- SECURITY DEFINER changes current_user, not the request's role setting.
  if coalesce(current_setting('role', true), 'none') not in ('authenticated', 'anon') then
    return new;
  end if;
  perform 1 from public.projects p
   where p.id = new.project_id and p.status = 'pending' and p.designer_id is null and p.hidden_at is null
   for share;
  if not found then
    raise exception 'This project is no longer taking bids' using errcode = '23514';
  end if;
  return new;
end $$;
revoke all on function private.lock_open_project_for_bid() from public;

-- open_project_count and open_projects as before, but a designer's "every open project" leaves out hidden ones
-- (the customer still sees their own).
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
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return (select count(*) from public.projects p
             where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid));
  end if;
  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  near := (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
      and p.latitude between lo_lat and hi_lat and p.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(p.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(p.latitude)) * power(sin(radians(p.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );
  if near = 0 then
    return (select count(*) from public.projects p
             where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid));
  end if;
  return near + (
    select count(*) from public.projects p
    where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
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
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select p.id, p.customer_id, p.designer_id, p.title, p.description, p.place_id,
             (select pl.label from public.places pl where pl.id = p.place_id), p.space_size, p.budget, p.budget_type,
             p.preferred_style, p.status, p.items_total,
             p.created_at, p.updated_at, p.completed_at, null::integer, null::boolean
      from public.projects p
      where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
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
    where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
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
          where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
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
        where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
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
      where p.status = 'pending' and p.designer_id is null and (every_open and p.hidden_at is null or p.customer_id = uid)
        and (p.latitude is null or p.longitude is null)
        and (after_id is null or after_miles is not null or p.id > after_id)
      order by p.id
      limit lim - n;
  end if;
end $function$;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Subjects: who is responsible for one, what it is called, where it is in the app
-- ---------------------------------------------------------------------------------------------------------

-- The person responsible for a subject (the person, the seller, the sender, the reviewer, the customer), or null
-- when the subject does not exist.
create function private.subject_owner(p_kind public.report_subject, p_id uuid) returns uuid
language sql stable security definer set search_path = '' as $$
  select case p_kind
    when 'person' then (select p.id from public.profiles p where p.id = p_id)
    when 'piece' then (select i.designer_id from public.catalog_items i where i.id = p_id)
    when 'project_message' then (select m.sender_id from public.messages m where m.id = p_id)
    when 'piece_message' then (select m.sender_id from public.listing_messages m where m.id = p_id)
    when 'review' then (select r.client_id from public.reviews r where r.id = p_id)
    when 'project' then (select p.customer_id from public.projects p where p.id = p_id)
  end
$$;
revoke all on function private.subject_owner(public.report_subject, uuid) from public;

-- Whether `who` can see the subject in the app (the reports rule: one reports only what one can see).
create function private.subject_visible_to(p_kind public.report_subject, p_id uuid, who uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case p_kind
    when 'person' then exists (select 1 from public.profiles p where p.id = p_id)
    when 'piece' then exists (
      select 1 from public.catalog_items i
       where i.id = p_id
         and ((i.status in ('available', 'sold') and i.hidden_at is null)
              or exists (select 1 from public.listing_conversations c where c.catalog_item_id = i.id and c.buyer_id = who)
              or exists (select 1 from public.orders o where o.catalog_item_id = i.id and o.buyer_id = who)
              or exists (select 1 from public.offers o where o.catalog_item_id = i.id and o.buyer_id = who)))
    when 'project' then exists (
      select 1 from public.projects p
       where p.id = p_id
         and (who in (p.customer_id, p.designer_id)
              or (p.status = 'pending' and p.designer_id is null and p.hidden_at is null and private.is_designer(who))))
    when 'project_message' then exists (
      select 1 from public.messages m join public.projects p on p.id = m.project_id
       where m.id = p_id
         and (who in (p.customer_id, p.designer_id)
              or (p.status = 'pending' and p.designer_id is null and p.hidden_at is null and private.is_designer(who))))
    when 'piece_message' then exists (
      select 1 from public.listing_messages m join public.listing_conversations c on c.id = m.conversation_id
       where m.id = p_id and who in (c.buyer_id, c.seller_id))
    when 'review' then exists (select 1 from public.reviews r where r.id = p_id and r.hidden_at is null)
    else false
  end
$$;
revoke all on function private.subject_visible_to(public.report_subject, uuid, uuid) from public;

-- The subject in words ("listing", "message"...), for the sentences people read.
create function private.subject_noun(p_kind public.report_subject) returns text
language sql immutable set search_path = '' as $$
  select case p_kind
    when 'person' then 'person'
    when 'piece' then 'listing'
    when 'project_message' then 'message'
    when 'piece_message' then 'message'
    when 'review' then 'review'
    when 'project' then 'project'
  end
$$;
revoke all on function private.subject_noun(public.report_subject) from public;

-- Where the subject is in the app (src/config/paths.ts), for its owner and the console; null for a customer.
create function private.subject_link(p_kind public.report_subject, p_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case p_kind
    when 'person' then (select '/designer/' || r.user_id from public.user_roles r
                         where r.user_id = p_id and r.role = 'designer')
    when 'piece' then (select '/good-stuff/' || i.id from public.catalog_items i where i.id = p_id)
    when 'project_message' then (select '/project/' || m.project_id from public.messages m where m.id = p_id)
    when 'piece_message' then (
      select '/good-stuff/' || c.catalog_item_id || '/conversation/' || c.id
        from public.listing_messages m join public.listing_conversations c on c.id = m.conversation_id
       where m.id = p_id)
    when 'review' then (select '/designer-reviews/' || r.designer_id from public.reviews r where r.id = p_id)
    when 'project' then (select '/project/' || p.id from public.projects p where p.id = p_id)
  end
$$;
revoke all on function private.subject_link(public.report_subject, uuid) from public;

-- ---------------------------------------------------------------------------------------------------------
-- 3. Hiding and showing again
-- ---------------------------------------------------------------------------------------------------------

-- Hides content (not persons) for `p_cause`; returns false when it was hidden already (then an operator's hide
-- makes the cause 'operator', so a later dismissal does not show it again). A hidden piece leaves the market as
-- when its seller delists it: open offers on it are declined (lapsed ones expired).
create function private.hide_content(p_kind public.report_subject, p_id uuid, p_cause text default 'operator')
returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  original text;
begin
  if p_kind = 'person' then
    raise exception 'People are not hidden: suspend the account instead' using errcode = '22023';
  end if;
  if exists (select 1 from private.hidden_content h where h.subject_kind = p_kind and h.subject_id = p_id) then
    if p_cause = 'operator' then
      update private.hidden_content h set cause = 'operator'
       where h.subject_kind = p_kind and h.subject_id = p_id;
    end if;
    return false;
  end if;
  if private.subject_owner(p_kind, p_id) is null then
    raise exception 'Nothing to hide: it no longer exists' using errcode = 'P0002';
  end if;
  case p_kind
    when 'piece' then
      update public.catalog_items set hidden_at = now() where id = p_id;
      perform private.expire_offers(p_id);
      update public.offers o set status = 'declined'
       where o.catalog_item_id = p_id and o.status in ('open', 'countered');
    when 'project' then
      update public.projects set hidden_at = now() where id = p_id;
    when 'review' then
      update public.reviews set hidden_at = now() where id = p_id;
    when 'project_message' then
      select m.content into original from public.messages m where m.id = p_id for update;
      update public.messages set content = private.removed_text(), hidden_at = now() where id = p_id;
      -- The message's notification carried its text too.
      update public.notifications n set body = private.removed_text()
       where n.kind = 'message_received' and n.data ->> 'message_id' = p_id::text;
    when 'piece_message' then
      select m.body into original from public.listing_messages m where m.id = p_id for update;
      update public.listing_messages set body = private.removed_text(), hidden_at = now() where id = p_id;
      update public.notifications n set body = private.removed_text()
        from public.listing_messages m
       where m.id = p_id and n.kind = 'listing_message' and n.actor_id = m.sender_id
         and n.data ->> 'conversation_id' = m.conversation_id::text
         and n.body = private.clip(original, 500);
  end case;
  insert into private.hidden_content (subject_kind, subject_id, cause, original)
  values (p_kind, p_id, p_cause, original);
  return true;
end $$;
revoke all on function private.hide_content(public.report_subject, uuid, text) from public;

-- Shows hidden content again (a hidden message gets its text back); returns false when it was not hidden.
create function private.restore_content(p_kind public.report_subject, p_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  h private.hidden_content;
begin
  delete from private.hidden_content x where x.subject_kind = p_kind and x.subject_id = p_id returning * into h;
  if not found then
    return false;
  end if;
  case p_kind
    when 'piece' then
      update public.catalog_items set hidden_at = null where id = p_id;
    when 'project' then
      update public.projects set hidden_at = null where id = p_id;
    when 'review' then
      update public.reviews set hidden_at = null where id = p_id;
    when 'project_message' then
      update public.messages set content = h.original, hidden_at = null where id = p_id;
      update public.notifications n
         set body = case when char_length(h.original) <= 200 then h.original else left(h.original, 199) || '…' end
       where n.kind = 'message_received' and n.data ->> 'message_id' = p_id::text;
    when 'piece_message' then
      update public.listing_messages set body = h.original, hidden_at = null where id = p_id;
    else
      null;
  end case;
  return true;
end $$;
revoke all on function private.restore_content(public.report_subject, uuid) from public;

-- ---------------------------------------------------------------------------------------------------------
-- 4. Report rules
-- ---------------------------------------------------------------------------------------------------------
insert into private.rate_limits (action, max_events, per) values
  ('report', 20, interval '1 hour');  -- reports made (docs/trust-and-safety.md)

create function private.report_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
begin
  -- What the reporter writes is the subject, the reason and the details; the rest is the database's.
  new.status := 'open';
  new.resolved_at := null;
  new.resolved_by := null;
  new.details := nullif(btrim(new.details), '');
  owner := private.subject_owner(new.subject_kind, new.subject_id);
  if owner is null or not private.subject_visible_to(new.subject_kind, new.subject_id, new.reporter_id) then
    raise exception 'We couldn''t find what you are reporting' using errcode = 'P0002';
  end if;
  if owner = new.reporter_id then
    raise exception '%', case new.subject_kind
        when 'person' then 'You can''t report yourself'
        when 'piece' then 'You can''t report your own listing'
        when 'review' then 'You can''t report your own review'
        when 'project' then 'You can''t report your own project'
        else 'You can''t report your own message'
      end
      using errcode = '42501';
  end if;
  if exists (select 1 from public.reports r
              where r.reporter_id = new.reporter_id and r.subject_kind = new.subject_kind
                and r.subject_id = new.subject_id and r.status = 'open') then
    raise exception 'You already reported this.' using errcode = '23505';
  end if;
  new.subject_user_id := owner;
  perform private.take_rate('report');
  return new;
end $$;
revoke all on function private.report_before_insert() from public;
create trigger reports_rules before insert on public.reports
  for each row execute function private.report_before_insert();

-- Three different people reporting the same content hide it until an operator acts (people are never hidden:
-- suspending is an operator's decision). Its owner is told.
create function private.report_after_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.subject_kind = 'person' then
    return null;
  end if;
  -- One report at a time per subject: two racing third reports do not both miss the count.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('report:' || new.subject_kind::text || ':' || new.subject_id::text, 0));
  if (select count(distinct r.reporter_id) from public.reports r
       where r.subject_kind = new.subject_kind and r.subject_id = new.subject_id and r.status = 'open') >= 3
     and private.hide_content(new.subject_kind, new.subject_id, 'reports') then
    perform private.notify(
      new.subject_user_id, 'content_hidden', null, null,
      format('Your %s is hidden while we look at it', private.subject_noun(new.subject_kind)),
      'Several people reported it. It stays hidden until Good Space has looked at the reports.',
      coalesce(private.subject_link(new.subject_kind, new.subject_id), '/notifications'),
      jsonb_build_object('subject_kind', new.subject_kind, 'subject_id', new.subject_id));
  end if;
  return null;
end $$;
revoke all on function private.report_after_insert() from public;
create trigger reports_hide_after_three after insert on public.reports
  for each row execute function private.report_after_insert();

-- ---------------------------------------------------------------------------------------------------------
-- 5. Operators' actions
-- ---------------------------------------------------------------------------------------------------------
create function private.require_operator() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_operator((select auth.uid())) then
    raise exception 'Only Good Space operators can do this' using errcode = '42501';
  end if;
end $$;
revoke all on function private.require_operator() from public;

-- What a reporter is told, in plain words, when an operator acts on what they reported.
create function private.report_outcome(p_kind public.report_subject, p_action text) returns text
language sql immutable set search_path = '' as $$
  select case
    when p_kind = 'person' then case p_action
      when 'warn' then 'We looked at the person you reported and warned them. Thank you.'
      when 'suspend' then 'We suspended the account of the person you reported. Thank you.'
      else 'We looked at the person you reported and took no action. Thank you for telling us.'
    end
    else case p_action
      when 'hide' then format('We removed the %s you reported. Thank you.', private.subject_noun(p_kind))
      when 'warn' then format('We looked at the %s you reported and warned the person responsible. Thank you.',
                              private.subject_noun(p_kind))
      when 'suspend' then format('We suspended the account of the person responsible for the %s you reported. Thank you.',
                                 private.subject_noun(p_kind))
      else format('We looked at the %s you reported and left it up. Thank you for telling us.',
                  private.subject_noun(p_kind))
    end
  end
$$;
revoke all on function private.report_outcome(public.report_subject, text) from public;

-- Closes the subject's open reports as the calling operator and tells each reporter the outcome; returns their ids.
create function private.close_reports(p_kind public.report_subject, p_id uuid, p_status text, p_action text)
returns uuid[]
language plpgsql security definer set search_path = '' as $$
declare
  closed uuid[];
  r record;
begin
  for r in
    update public.reports x set status = p_status, resolved_at = now(), resolved_by = (select auth.uid())
     where x.subject_kind = p_kind and x.subject_id = p_id and x.status = 'open'
    returning x.id, x.reporter_id
  loop
    closed := closed || r.id;
    perform private.notify(r.reporter_id, 'report_outcome', null, null, private.report_outcome(p_kind, p_action),
                           null, '/notifications',
                           jsonb_build_object('report_id', r.id, 'subject_kind', p_kind, 'subject_id', p_id,
                                              'outcome', p_action));
  end loop;
  return coalesce(closed, '{}');
end $$;
revoke all on function private.close_reports(public.report_subject, uuid, text, text) from public;

create function public.moderate(p_kind public.report_subject, p_id uuid, p_action text, p_reason text)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  owner uuid;
  cause text;
  closed uuid[];
  why text := btrim(p_reason);
begin
  perform private.require_operator();
  if p_action is null or p_action not in ('dismiss', 'hide', 'restore', 'warn') then
    raise exception 'Choose dismiss, hide, restore or warn' using errcode = '22023';
  end if;
  if why is null or why = '' then
    raise exception 'Give a reason for this action' using errcode = '23514';
  end if;
  owner := private.subject_owner(p_kind, p_id);
  if owner is null then
    raise exception 'We couldn''t find that: it may have been deleted' using errcode = 'P0002';
  end if;
  if p_kind = 'person' and p_action in ('hide', 'restore') then
    raise exception 'People are not hidden: suspend the account instead' using errcode = '22023';
  end if;
  case p_action
    when 'dismiss' then
      -- Hidden because three people reported it: the dismissal shows it again. An operator's hide stays.
      select h.cause into cause from private.hidden_content h where h.subject_kind = p_kind and h.subject_id = p_id;
      if cause = 'reports' then
        perform private.restore_content(p_kind, p_id);
      end if;
    when 'hide' then
      perform private.hide_content(p_kind, p_id, 'operator');
      perform private.notify(owner, 'content_hidden', null, null,
                             format('We removed your %s', private.subject_noun(p_kind)), why,
                             coalesce(private.subject_link(p_kind, p_id), '/notifications'),
                             jsonb_build_object('subject_kind', p_kind, 'subject_id', p_id));
    when 'restore' then
      if not private.restore_content(p_kind, p_id) then
        raise exception 'This is not hidden' using errcode = '55000';
      end if;
    when 'warn' then
      perform private.notify(owner, 'account_warning', null, null, 'A warning from Good Space', why,
                             coalesce(private.subject_link(p_kind, p_id), '/notifications'),
                             jsonb_build_object('subject_kind', p_kind, 'subject_id', p_id));
  end case;
  closed := private.close_reports(p_kind, p_id, case when p_action = 'dismiss' then 'dismissed' else 'actioned' end,
                                  p_action);
  return private.log_moderation(p_action, p_kind, p_id, owner, why, closed);
end $$;
comment on function public.moderate(public.report_subject, uuid, text, text) is 'An operator''s decision on a reported subject (docs/trust-and-safety.md): dismiss, hide, restore or warn. Closes its open reports, tells the reporters and the owner, writes the audit log line whose id it returns.';
revoke all on function public.moderate(public.report_subject, uuid, text, text) from public;
grant execute on function public.moderate(public.report_subject, uuid, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 6. Suspension
-- ---------------------------------------------------------------------------------------------------------
alter table public.profiles add column suspended_at timestamptz;
comment on column public.profiles.suspended_at is 'Suspended by Good Space (docs/trust-and-safety.md): every API request of the account is refused (private.check_request). Set only by suspend_account / reinstate_account.';
grant select (suspended_at) on table public.profiles to authenticated;
create index profiles_suspended_idx on public.profiles (id) where suspended_at is not null;

-- Everyone suspended (a handful at most, read through the partial index): the designer lists leave them out, as
-- blocks leave out the people in a block (nearby_designers; docs/trust-and-safety.md, Suspended accounts).
create function private.suspended_user_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(p.id), '{}') from public.profiles p where p.suspended_at is not null
$$;
revoke all on function private.suspended_user_ids() from public, anon;
grant execute on function private.suspended_user_ids() to authenticated, service_role;

-- Whether the signed-in account may act: false while it is suspended.
create function private.account_active() returns boolean
language sql stable security definer set search_path = '' as $$
  select not exists (select 1 from public.profiles p where p.id = (select auth.uid()) and p.suspended_at is not null)
$$;
revoke all on function private.account_active() from public;
grant execute on function private.account_active() to authenticated, service_role;

-- Storage does not run the pre-request check: a suspended account's token, valid until it expires, reads and writes
-- no file there either.
create policy "suspended accounts are refused" on storage.objects as restrictive
  for all to authenticated
  using ((select private.account_active())) with check ((select private.account_active()));

-- The PostgREST pre-request check: a suspended account is refused everything (403 account_suspended), then the
-- second-factor check as before (docs/security.md).
create or replace function private.check_request() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is not null and not private.account_active() then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'account_suspended',
        'message', 'This account is suspended.',
        'details', 'Good Space suspended this account after a report. Every request of it is refused until Good Space reinstates it.',
        'hint', null
      )::text,
      detail = json_build_object('status', 403, 'status_text', 'Forbidden', 'headers', json_build_object())::text;
  end if;
  -- anon and the service role carry no user: nothing to check.
  if auth.uid() is null or private.aal_satisfied() then
    return;
  end if;
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'insufficient_aal',
      'message', 'Verify your second factor to continue',
      'details', 'This account has two-factor sign-in on; this session was signed in with a password only (aal1).',
      'hint', 'Enter the code from your authenticator app (supabase.auth.mfa.challengeAndVerify), then retry with the aal2 session.'
    )::text,
    detail = json_build_object('status', 403, 'status_text', 'Forbidden', 'headers', json_build_object())::text;
end;
$$;
revoke all on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;

-- The database's part of suspending an account (the moderate-account function then bans it in Auth and ends its
-- sessions): their pieces hidden, their open offers withdrawn, offers on their pieces declined, their pending
-- projects out of the open list, the other party of each active project told.
create function public.suspend_account(p_user uuid, p_reason text, p_subject_kind public.report_subject default null,
                                       p_subject_id uuid default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  why text := btrim(p_reason);
  me uuid := (select auth.uid());
  x record;
  closed uuid[];
begin
  perform private.require_operator();
  if why is null or why = '' then
    raise exception 'Give a reason for this action' using errcode = '23514';
  end if;
  if (p_subject_kind is null) <> (p_subject_id is null) then
    raise exception 'Give both the kind and the id of the reported subject, or neither' using errcode = '22023';
  end if;
  if p_user = me then
    raise exception 'You can''t suspend yourself' using errcode = '42501';
  end if;
  perform 1 from public.profiles p where p.id = p_user for update;
  if not found then
    raise exception 'We couldn''t find that person' using errcode = 'P0002';
  end if;
  if (select p.suspended_at from public.profiles p where p.id = p_user) is not null then
    raise exception 'This account is already suspended' using errcode = '55000';
  end if;
  if p_subject_kind is not null and private.subject_owner(p_subject_kind, p_subject_id) is distinct from p_user then
    raise exception 'That subject is not this person''s' using errcode = '22023';
  end if;
  update public.profiles set suspended_at = now() where id = p_user;
  for x in select i.id from public.catalog_items i where i.designer_id = p_user and i.hidden_at is null loop
    perform private.hide_content('piece', x.id, 'suspension');
  end loop;
  for x in select p.id from public.projects p
            where p.customer_id = p_user and p.status = 'pending' and p.hidden_at is null loop
    perform private.hide_content('project', x.id, 'suspension');
  end loop;
  update public.offers o set status = 'withdrawn' where o.buyer_id = p_user and o.status in ('open', 'countered');
  for x in select p.id, p.title, case when p.customer_id = p_user then p.designer_id else p.customer_id end as other
             from public.projects p
            where p.status = 'active' and p_user in (p.customer_id, p.designer_id) loop
    perform private.notify(x.other, 'project_paused', x.id, null, format('"%s" is paused', x.title),
                           'The other person on this project can''t use Good Space for now. Your project, its items and messages are kept.',
                           '/project/' || x.id, jsonb_build_object('project_id', x.id));
  end loop;
  closed := private.close_reports('person', p_user, 'actioned', 'suspend');
  if p_subject_kind is not null and p_subject_kind <> 'person' then
    closed := closed || private.close_reports(p_subject_kind, p_subject_id, 'actioned', 'suspend');
  end if;
  return private.log_moderation('suspend', coalesce(p_subject_kind, 'person'), coalesce(p_subject_id, p_user),
                                p_user, why, closed);
end $$;
comment on function public.suspend_account(uuid, text, public.report_subject, uuid) is 'The database''s part of suspending an account (docs/trust-and-safety.md); operators only, through the moderate-account function. Returns the audit log line''s id.';
revoke all on function public.suspend_account(uuid, text, public.report_subject, uuid) from public;
grant execute on function public.suspend_account(uuid, text, public.report_subject, uuid) to authenticated;

-- Undoes what suspension did: the account works again, and what suspension hid is shown again (what an operator or
-- reports hid stays hidden). Withdrawn and declined offers stay so: their buyers and sellers were told.
create function public.reinstate_account(p_user uuid, p_reason text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  why text := btrim(p_reason);
  x record;
begin
  perform private.require_operator();
  if why is null or why = '' then
    raise exception 'Give a reason for this action' using errcode = '23514';
  end if;
  perform 1 from public.profiles p where p.id = p_user for update;
  if not found then
    raise exception 'We couldn''t find that person' using errcode = 'P0002';
  end if;
  if (select p.suspended_at from public.profiles p where p.id = p_user) is null then
    raise exception 'This account is not suspended' using errcode = '55000';
  end if;
  update public.profiles set suspended_at = null where id = p_user;
  for x in select h.subject_kind, h.subject_id from private.hidden_content h
            where h.cause = 'suspension'
              and ((h.subject_kind = 'piece'
                    and exists (select 1 from public.catalog_items i where i.id = h.subject_id and i.designer_id = p_user))
                or (h.subject_kind = 'project'
                    and exists (select 1 from public.projects p where p.id = h.subject_id and p.customer_id = p_user))) loop
    perform private.restore_content(x.subject_kind, x.subject_id);
  end loop;
  return private.log_moderation('reinstate', 'person', p_user, p_user, why, '{}');
end $$;
comment on function public.reinstate_account(uuid, text) is 'The database''s part of reinstating a suspended account (docs/trust-and-safety.md); operators only, through the moderate-account function. Returns the audit log line''s id.';
revoke all on function public.reinstate_account(uuid, text) from public;
grant execute on function public.reinstate_account(uuid, text) to authenticated;

-- Ends every session of an account (auth.sessions and their refresh tokens), for the moderate-account function:
-- GoTrue's admin API has no "sign out this user" (auth.admin.signOut takes the user's own JWT), so the service
-- role does it here (docs/decisions/0032).
create function public.end_user_sessions(p_user uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  n integer;
begin
  delete from auth.refresh_tokens t where t.user_id = p_user::text;
  delete from auth.sessions s where s.user_id = p_user;
  get diagnostics n = row_count;
  return n;
end $$;
revoke all on function public.end_user_sessions(uuid) from public, anon, authenticated;
grant execute on function public.end_user_sessions(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 7. The console's reads: the queue of reported subjects and one subject in full
-- ---------------------------------------------------------------------------------------------------------

-- What the console calls the subject: the piece's or project's title, the person's name, a message's first words
-- (the original of a hidden one), a review's comment.
create function private.subject_label(p_kind public.report_subject, p_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case p_kind
    when 'person' then private.person_name(p_id, 'Someone')
    when 'piece' then (select i.title from public.catalog_items i where i.id = p_id)
    when 'project' then (select p.title from public.projects p where p.id = p_id)
    when 'project_message' then (
      select private.clip(coalesce(h.original, m.content), 80) from public.messages m
        left join private.hidden_content h on h.subject_kind = 'project_message' and h.subject_id = m.id
       where m.id = p_id)
    when 'piece_message' then (
      select private.clip(coalesce(h.original, m.body), 80) from public.listing_messages m
        left join private.hidden_content h on h.subject_kind = 'piece_message' and h.subject_id = m.id
       where m.id = p_id)
    when 'review' then (
      select coalesce(private.clip(nullif(btrim(r.comment), ''), 80),
                      case when r.rating = 1 then 'A 1-star review' else format('A %s-star review', r.rating) end)
        from public.reviews r where r.id = p_id)
  end
$$;
revoke all on function private.subject_label(public.report_subject, uuid) from public;

create function public.moderation_queue(page_size integer default 20, after_first_reported_at timestamptz default null,
                                        after_subject_id uuid default null)
returns table (subject_kind public.report_subject, subject_id uuid, subject_user_id uuid, subject_user_name text,
               subject_label text, report_count integer, reporter_count integer, reasons public.report_reason[],
               first_reported_at timestamptz, last_reported_at timestamptz, hidden boolean)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform private.require_operator();
  return query
    select g.subject_kind, g.subject_id, g.subject_user_id, private.person_name(g.subject_user_id, null),
           private.subject_label(g.subject_kind, g.subject_id), g.report_count, g.reporter_count, g.reasons,
           g.first_reported_at, g.last_reported_at,
           exists (select 1 from private.hidden_content h
                    where h.subject_kind = g.subject_kind and h.subject_id = g.subject_id)
      from (
        select r.subject_kind, r.subject_id, (array_agg(r.subject_user_id))[1] as subject_user_id,
               count(*)::integer as report_count, count(distinct r.reporter_id)::integer as reporter_count,
               array_agg(distinct r.reason order by r.reason) as reasons,
               min(r.created_at) as first_reported_at, max(r.created_at) as last_reported_at
          from public.reports r
         where r.status = 'open'
         group by r.subject_kind, r.subject_id
      ) g
     where after_first_reported_at is null
        or (g.first_reported_at, g.subject_id) > (after_first_reported_at, coalesce(after_subject_id, '00000000-0000-0000-0000-000000000000'))
     order by g.first_reported_at, g.subject_id
     limit least(greatest(coalesce(page_size, 20), 1), 100);
end $$;
comment on function public.moderation_queue(integer, timestamptz, uuid) is 'Operators only: subjects with open reports, oldest first report first; keyset on (first_reported_at, subject_id) (docs/trust-and-safety.md).';
revoke all on function public.moderation_queue(integer, timestamptz, uuid) from public;
grant execute on function public.moderation_queue(integer, timestamptz, uuid) to authenticated;

create function public.moderation_subject(p_kind public.report_subject, p_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  owner uuid;
  content jsonb;
  person jsonb;
  original text;
begin
  perform private.require_operator();
  owner := private.subject_owner(p_kind, p_id);
  if owner is null then
    raise exception 'We couldn''t find that: it may have been deleted' using errcode = 'P0002';
  end if;
  select h.original into original from private.hidden_content h where h.subject_kind = p_kind and h.subject_id = p_id;
  content := case p_kind
    when 'person' then (
      select jsonb_build_object('title', private.person_name(p.id, null), 'text', d.bio, 'photos', '[]'::jsonb,
                                'price', null, 'created_at', p.created_at, 'context', null)
        from public.profiles p left join public.designer_profiles d on d.user_id = p.id where p.id = p_id)
    when 'piece' then (
      select jsonb_build_object('title', i.title, 'text', i.description, 'photos', to_jsonb(i.photo_urls),
                                'price', i.price, 'created_at', i.created_at, 'context', null)
        from public.catalog_items i where i.id = p_id)
    when 'project' then (
      select jsonb_build_object('title', p.title, 'text', p.description, 'photos', '[]'::jsonb, 'price', null,
                                'created_at', p.created_at,
                                'context', format('A %s project, budget %s', p.status, private.money(p.budget)))
        from public.projects p where p.id = p_id)
    when 'project_message' then (
      select jsonb_build_object('title', null, 'text', coalesce(original, m.content), 'photos', '[]'::jsonb,
                                'price', null, 'created_at', m.created_at,
                                'context', format('In the project "%s"', p.title))
        from public.messages m join public.projects p on p.id = m.project_id where m.id = p_id)
    when 'piece_message' then (
      select jsonb_build_object('title', null, 'text', coalesce(original, m.body), 'photos', '[]'::jsonb,
                                'price', null, 'created_at', m.created_at,
                                'context', format('In the conversation about "%s"', i.title))
        from public.listing_messages m
        join public.listing_conversations c on c.id = m.conversation_id
        join public.catalog_items i on i.id = c.catalog_item_id
       where m.id = p_id)
    when 'review' then (
      select jsonb_build_object('title', case when r.rating = 1 then '1 star' else r.rating || ' stars' end,
                                'text', r.comment, 'photos', '[]'::jsonb, 'price', null, 'created_at', r.created_at,
                                'context', format('A review of %s', private.person_name(r.designer_id, 'a designer')))
        from public.reviews r where r.id = p_id)
  end;
  select jsonb_build_object('id', p.id, 'name', private.person_name(p.id, null), 'role', ur.role,
                            'created_at', p.created_at, 'suspended_at', p.suspended_at)
    into person
    from public.profiles p left join public.user_roles ur on ur.user_id = p.id
   where p.id = owner;
  return jsonb_build_object(
    'kind', p_kind,
    'id', p_id,
    'hidden', exists (select 1 from private.hidden_content h where h.subject_kind = p_kind and h.subject_id = p_id),
    'link', private.subject_link(p_kind, p_id),
    'content', content,
    'person', person,
    'reports', coalesce((
      select jsonb_agg(jsonb_build_object('id', r.id, 'reporter_id', r.reporter_id,
                                          'reporter_name', private.person_name(r.reporter_id, null),
                                          'reason', r.reason, 'details', r.details, 'status', r.status,
                                          'created_at', r.created_at)
                       order by (r.status = 'open') desc, r.created_at desc, r.id)
        from public.reports r where r.subject_kind = p_kind and r.subject_id = p_id), '[]'::jsonb),
    'history', jsonb_build_object(
      'reports', coalesce((
        select jsonb_agg(jsonb_build_object('id', x.id, 'subject_kind', x.subject_kind, 'subject_id', x.subject_id,
                                            'reason', x.reason, 'status', x.status, 'created_at', x.created_at)
                         order by x.created_at desc, x.id)
          from (select r.* from public.reports r
                 where r.subject_user_id = owner and not (r.subject_kind = p_kind and r.subject_id = p_id)
                 order by r.created_at desc, r.id limit 50) x), '[]'::jsonb),
      'actions', coalesce((
        select jsonb_agg(jsonb_build_object('id', a.id, 'action', a.action, 'reason', a.reason,
                                            'operator_name', a.operator_name, 'subject_kind', a.subject_kind,
                                            'created_at', a.created_at)
                         order by a.created_at desc, a.id desc)
          from (select m.* from public.moderation_actions m where m.target_user_id = owner
                 order by m.created_at desc, m.id desc limit 50) a), '[]'::jsonb),
      'account_created_at', (select p.created_at from public.profiles p where p.id = owner),
      'orders_bought', (select count(*) from public.orders o
                         where o.buyer_id = owner and o.status in ('paid', 'ready', 'completed')),
      'orders_sold', (select count(*) from public.orders o
                       where o.seller_id = owner and o.status in ('paid', 'ready', 'completed')),
      'projects', (select count(*) from public.projects p where owner in (p.customer_id, p.designer_id))
    )
  );
end $$;
comment on function public.moderation_subject(public.report_subject, uuid) is 'Operators only: one reported subject for the console (docs/trust-and-safety.md): its content (a hidden message''s original), its owner, its reports and the owner''s history.';
revoke all on function public.moderation_subject(public.report_subject, uuid) from public;
grant execute on function public.moderation_subject(public.report_subject, uuid) to authenticated;
