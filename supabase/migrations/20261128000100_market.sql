-- Good Stuff becomes a market (docs/decisions/0026-market.md): item pages with photos, real dimensions, a fixed
-- condition scale and a status; full-text search; saved pieces and designers; offers with counters, expiry and a
-- 48-hour reservation; a seller conversation per buyer and piece; pieces added to a project's Items & Budget and
-- held for that project for 7 days.
--
-- Every state change of an offer, a reservation or a hold happens in one of the SECURITY DEFINER functions below,
-- under a row lock on the piece (`for no key update`), so two of them on one piece run one after the other and
-- the second sees what the first did. Clients read offers and conversations through row-level security and write
-- only saved rows and messages directly.

-- ---------------------------------------------------------------------------------------------------------
-- 1. catalog_items: photos, dimensions, condition, status, reservation and hold, saved count, search
-- ---------------------------------------------------------------------------------------------------------

-- Accents removed with the extension's own dictionary (named: search_path is empty). unaccent is only STABLE
-- because its dictionary could change; IMMUTABLE here is what lets the generated search column use it, and is
-- true as long as the dictionary is the extension's own (as private.place_key says).
create function private.unaccented(value text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, value)
$$;

-- The words a category is found by (an enum's text form is not IMMUTABLE, so the generated column cannot cast it).
create function private.catalog_category_words(c public.catalog_category) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select case c
    when 'couch' then 'couch sofa settee'
    when 'chair' then 'chair seating'
    when 'table' then 'table'
    when 'desk' then 'desk'
    when 'bed' then 'bed'
    when 'dresser' then 'dresser chest drawers'
    when 'cabinet' then 'cabinet storage'
    when 'lighting' then 'lighting lamp light'
    when 'decor' then 'decor'
    else 'other'
  end
$$;

-- Photo URLs: each one 1 to 2000 characters, none null.
create function private.valid_photo_urls(urls text[]) returns boolean
language sql immutable strict parallel safe set search_path = '' as $$
  select coalesce(pg_catalog.array_ndims(urls), 1) = 1
     and pg_catalog.array_position(urls, null) is null
     and not exists (select 1 from pg_catalog.unnest(urls) u where pg_catalog.char_length(u) not between 1 and 2000)
$$;

alter table public.catalog_items
  add column photo_urls text[] not null default '{}'
    check (cardinality(photo_urls) <= 6 and private.valid_photo_urls(photo_urls)),
  add column width_in numeric(6, 1) check (width_in is null or (width_in > 0 and width_in <= 1200)),
  add column depth_in numeric(6, 1) check (depth_in is null or (depth_in > 0 and depth_in <= 1200)),
  add column height_in numeric(6, 1) check (height_in is null or (height_in > 0 and height_in <= 1200)),
  add column status text not null default 'available' check (status in ('available', 'sold', 'delisted')),
  add column reserved_until timestamptz,
  add column held_until timestamptz,
  add column saved_count integer not null default 0 check (saved_count >= 0),
  add column search tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, private.unaccented(coalesce(title, ''))), 'A')
    || setweight(to_tsvector('english'::regconfig, private.unaccented(coalesce(description, ''))), 'B')
    || setweight(to_tsvector('english'::regconfig, private.catalog_category_words(category)), 'C')
  ) stored;

comment on column public.catalog_items.photo_urls is
  'Public URLs in the catalog-images bucket, cover first, at most 6; image_url is kept equal to the first.';
comment on column public.catalog_items.dimensions is
  'Unused: held the location until 20261126000200 (now `location`); null on every row; dropped once no code reads it.';
comment on column public.catalog_items.status is
  'available | sold | delisted (the seller''s); is_available is kept equal to status = ''available''.';
comment on column public.catalog_items.reserved_until is
  'Set by the offer functions only: an accepted offer reserves the piece until then. Who holds it is private.';
comment on column public.catalog_items.held_until is
  'Set by add_catalog_item_to_project only: held for a project until then (private.catalog_holds says which).';
comment on column public.catalog_items.saved_count is 'How many people saved the piece (kept by saved_items triggers).';

-- Existing rows: the photo they had; `dimensions` held the location (copied to `location` by issue 17).
update public.catalog_items set photo_urls = array[image_url] where image_url is not null;
alter table public.catalog_items alter column dimensions drop not null;
update public.catalog_items set dimensions = null;

-- Condition: four grades (Excellent, Very good, Good, Fair); free text mapped case-insensitively, unknown → good.
alter table public.catalog_items drop constraint catalog_items_condition_check;
update public.catalog_items set condition = case
  when lower(btrim(condition)) in ('excellent', 'mint', 'like new', 'new') then 'excellent'
  when regexp_replace(lower(btrim(condition)), '[^a-z]+', '_', 'g') = 'very_good' then 'very_good'
  when lower(btrim(condition)) = 'good' then 'good'
  when lower(btrim(condition)) in ('fair', 'poor', 'worn') then 'fair'
  else 'good'
end;
alter table public.catalog_items add constraint catalog_items_condition_check
  check (condition in ('excellent', 'very_good', 'good', 'fair'));

create index catalog_items_search_idx on public.catalog_items using gin (search) where is_available;
-- The search's orders, each with its keyset's tie-break (id), over all pieces or one category: a page walks one of
-- them and stops after page_size matches. The newest-first ones replace those of 20261122000300_catalog.sql
-- (same leading columns, and the grid's id tie-break now in the index).
create index catalog_items_available_newest_idx on public.catalog_items (created_at desc, id desc) where is_available;
create index catalog_items_available_category_newest_idx on public.catalog_items (category, created_at desc, id desc)
  where is_available;
drop index public.catalog_items_available_created_at_idx;
drop index public.catalog_items_available_category_idx;
create index catalog_items_available_price_idx on public.catalog_items (price, id) where is_available;
create index catalog_items_available_category_price_idx on public.catalog_items (category, price, id) where is_available;

-- photo_urls and image_url stay one story: the first photo is the image. Writers of only image_url (older
-- clients) set the cover; status and is_available likewise (older writers of is_available list or delist);
-- a condition written as its label is stored as its key.
create function private.catalog_item_market_columns() returns trigger
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
  new.is_available := new.status = 'available';
  return new;
end $$;
create trigger catalog_items_market_columns before insert or update on public.catalog_items
  for each row execute function private.catalog_item_market_columns();

-- updated_at says when the seller last changed the listing, not when someone saved, reserved or held it.
drop trigger catalog_items_set_updated_at on public.catalog_items;
create trigger catalog_items_set_updated_at before update of title, description, category, price, dimensions,
  condition, image_url, photo_urls, width_in, depth_in, height_in, status, is_available, location, place_id
  on public.catalog_items for each row execute function private.set_updated_at();

grant insert (photo_urls, width_in, depth_in, height_in) on public.catalog_items to authenticated;
grant update (photo_urls, width_in, depth_in, height_in, status) on public.catalog_items to authenticated;

-- Everyone signed in sees available and sold pieces (a sold piece's page says Sold); delisted ones only the seller.
drop policy catalog_items_select_available_or_own on public.catalog_items;
create policy catalog_items_select_listed_or_own on public.catalog_items for select to authenticated
  using (status in ('available', 'sold') or designer_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- 2. Saved pieces and designers (own rows; clients insert and delete directly)
-- ---------------------------------------------------------------------------------------------------------
-- user_id references auth.users, not profiles: a key of (profiles, catalog_items) or (profiles, designer_profiles)
-- would make the table a join table to PostgREST, and every embed of profiles from catalog_items or designer_profiles
-- ambiguous (PGRST201). The user's deletion removes the rows either way.
create table public.saved_items (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  catalog_item_id uuid not null references public.catalog_items (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, catalog_item_id)
);
create index saved_items_user_id_created_at_idx on public.saved_items (user_id, created_at desc);
create index saved_items_catalog_item_id_idx on public.saved_items (catalog_item_id);

create table public.saved_designers (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  designer_id uuid not null references public.designer_profiles (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, designer_id)
);
create index saved_designers_user_id_created_at_idx on public.saved_designers (user_id, created_at desc);
create index saved_designers_designer_id_idx on public.saved_designers (designer_id);

revoke all on public.saved_items, public.saved_designers from anon, authenticated;
grant select, delete on public.saved_items, public.saved_designers to authenticated;
grant insert (user_id, catalog_item_id) on public.saved_items to authenticated;
grant insert (user_id, designer_id) on public.saved_designers to authenticated;
grant select, insert, update, delete on public.saved_items, public.saved_designers to service_role;
alter table public.saved_items enable row level security;
alter table public.saved_designers enable row level security;
create policy saved_items_select_own on public.saved_items for select to authenticated
  using (user_id = (select auth.uid()));
-- A piece the saver can see (the subquery runs under catalog_items' own policy).
create policy saved_items_insert_own on public.saved_items for insert to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.catalog_items i where i.id = catalog_item_id));
create policy saved_items_delete_own on public.saved_items for delete to authenticated
  using (user_id = (select auth.uid()));
create policy saved_designers_select_own on public.saved_designers for select to authenticated
  using (user_id = (select auth.uid()));
create policy saved_designers_insert_own on public.saved_designers for insert to authenticated
  with check (user_id = (select auth.uid()) and designer_id <> (select auth.uid()));
create policy saved_designers_delete_own on public.saved_designers for delete to authenticated
  using (user_id = (select auth.uid()));

create function private.maintain_saved_count() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.catalog_items set saved_count = saved_count + 1 where id = new.catalog_item_id;
  else
    update public.catalog_items set saved_count = greatest(saved_count - 1, 0) where id = old.catalog_item_id;
  end if;
  return null;
end $$;
create trigger saved_items_maintain_count after insert or delete on public.saved_items
  for each row execute function private.maintain_saved_count();

-- ---------------------------------------------------------------------------------------------------------
-- 3. Offers
-- ---------------------------------------------------------------------------------------------------------
create table public.offers (
  id uuid primary key default gen_random_uuid(),
  catalog_item_id uuid not null references public.catalog_items (id) on delete cascade,
  buyer_id uuid not null references public.profiles (id) on delete cascade,
  seller_id uuid not null references public.profiles (id) on delete cascade,
  amount numeric(12, 2) not null check (amount > 0),
  note text check (note is null or char_length(note) <= 500),
  counter_amount numeric(12, 2) check (counter_amount is null or (counter_amount > 0 and counter_amount > amount)),
  status text not null default 'open'
    check (status in ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
  expires_at timestamptz not null default now() + interval '48 hours',
  reserved_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (buyer_id <> seller_id),
  check ((status = 'countered') <= (counter_amount is not null)),
  check ((status = 'accepted') = (reserved_until is not null))
);
comment on table public.offers is
  'Offers on Good Stuff pieces (docs/decisions/0026-market.md). Written only by the offer functions; read by the buyer and the seller. Past expires_at an open or countered offer is expired whatever status says.';
comment on column public.offers.counter_amount is
  'The seller''s counter. An accepted offer''s price is counter_amount when it was countered, else amount.';
-- One live offer per buyer and piece.
create unique index offers_one_live_per_buyer_idx on public.offers (catalog_item_id, buyer_id)
  where status in ('open', 'countered');
create index offers_catalog_item_id_created_at_idx on public.offers (catalog_item_id, created_at desc);
create index offers_buyer_id_created_at_idx on public.offers (buyer_id, created_at desc);
create index offers_seller_id_created_at_idx on public.offers (seller_id, created_at desc);
-- The expiry job scans only live offers.
create index offers_live_expires_at_idx on public.offers (expires_at) where status in ('open', 'countered');
create trigger offers_set_updated_at before update on public.offers
  for each row execute function private.set_updated_at();

revoke all on public.offers from anon, authenticated;
grant select on public.offers to authenticated;
grant select, insert, update, delete on public.offers to service_role;
alter table public.offers enable row level security;
create policy offers_select_parties on public.offers for select to authenticated
  using (buyer_id = (select auth.uid()) or seller_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- 4. Listing conversations ('Ask the seller')
-- ---------------------------------------------------------------------------------------------------------
create table public.listing_conversations (
  id uuid primary key default gen_random_uuid(),
  catalog_item_id uuid not null references public.catalog_items (id) on delete cascade,
  buyer_id uuid not null references public.profiles (id) on delete cascade,
  seller_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_message_at timestamptz,
  unique (catalog_item_id, buyer_id),
  check (buyer_id <> seller_id)
);
create index listing_conversations_buyer_id_idx on public.listing_conversations (buyer_id, last_message_at desc nulls last);
create index listing_conversations_seller_id_idx on public.listing_conversations (seller_id, last_message_at desc nulls last);

create table public.listing_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.listing_conversations (id) on delete cascade,
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index listing_messages_conversation_id_created_at_idx on public.listing_messages (conversation_id, created_at);
create index listing_messages_sender_id_idx on public.listing_messages (sender_id);

-- The conversations the caller takes part in (policies of both tables; SECURITY DEFINER so that the messages'
-- policy does not run the conversations' policy once per row).
create function private.listing_conversation_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select c.id from public.listing_conversations c where c.buyer_id = (select auth.uid())
  union all
  select c.id from public.listing_conversations c where c.seller_id = (select auth.uid())
$$;
revoke execute on function private.listing_conversation_ids() from public, anon;
grant execute on function private.listing_conversation_ids() to authenticated, service_role;

-- As project messages: trimmed, then 1 to 2000 characters; the thread's last_message_at follows.
create function private.listing_message_before() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.body := btrim(new.body, E' \t\r\n');
  return new;
end $$;
create trigger listing_messages_trim before insert on public.listing_messages
  for each row execute function private.listing_message_before();

create function private.listing_message_touch() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.listing_conversations set last_message_at = new.created_at where id = new.conversation_id;
  return null;
end $$;
create trigger listing_messages_touch after insert on public.listing_messages
  for each row execute function private.listing_message_touch();

revoke all on public.listing_conversations, public.listing_messages from anon, authenticated;
grant select on public.listing_conversations, public.listing_messages to authenticated;
grant insert (conversation_id, sender_id, body) on public.listing_messages to authenticated;
grant select, insert, update, delete on public.listing_conversations, public.listing_messages to service_role;
alter table public.listing_conversations enable row level security;
alter table public.listing_messages enable row level security;
create policy listing_conversations_select_participants on public.listing_conversations for select to authenticated
  using (buyer_id = (select auth.uid()) or seller_id = (select auth.uid()));
create policy listing_messages_select_participants on public.listing_messages for select to authenticated
  using (conversation_id in (select private.listing_conversation_ids()));
create policy listing_messages_insert_participants on public.listing_messages for insert to authenticated
  with check (sender_id = (select auth.uid()) and conversation_id in (select private.listing_conversation_ids()));

-- The thread is live, as project messages are (Realtime applies the select policy per subscriber).
alter publication supabase_realtime add table public.listing_messages;

-- The parties of an offer or a seller conversation read each other's profile (the seller sees who offers or asks,
-- the buyer who answers), as the parties of a bid or a nudge do: private.related_users gains two relationships.
create or replace view private.related_users as
  select p.designer_id as user_id from public.projects p where p.customer_id = (select auth.uid())
  union all
  select p.customer_id from public.projects p where p.designer_id = (select auth.uid())
  union all
  select b.designer_id from public.project_bids b
  where b.project_id = any (array(select p.id from public.projects p where p.customer_id = (select auth.uid())))
  union all
  select p.customer_id from public.projects p
  where p.id = any (array(select b.project_id from public.project_bids b where b.designer_id = (select auth.uid())))
  union all
  select n.designer_id from public.designer_nudges n where n.client_id = (select auth.uid())
  union all
  select n.client_id from public.designer_nudges n where n.designer_id = (select auth.uid())
  -- an offer: I offered on their piece, or they offered on mine
  union all
  select o.seller_id from public.offers o where o.buyer_id = (select auth.uid())
  union all
  select o.buyer_id from public.offers o where o.seller_id = (select auth.uid())
  -- a seller conversation: either side
  union all
  select c.seller_id from public.listing_conversations c where c.buyer_id = (select auth.uid())
  union all
  select c.buyer_id from public.listing_conversations c where c.seller_id = (select auth.uid());
comment on view private.related_users is
  'The signed-in user''s related people (shared project, bid, nudge, offer or seller conversation); backs the profiles select policy.';
-- Pair lookups for the policy's pushed-down `user_id = profiles.id`.
create index offers_buyer_id_seller_id_idx on public.offers (buyer_id, seller_id);
create index offers_seller_id_buyer_id_idx on public.offers (seller_id, buyer_id);
create index listing_conversations_seller_id_buyer_id_idx on public.listing_conversations (seller_id, buyer_id);

-- ---------------------------------------------------------------------------------------------------------
-- 5. Pieces in projects, and holds
-- ---------------------------------------------------------------------------------------------------------
alter table public.project_items
  add column catalog_item_id uuid references public.catalog_items (id) on delete set null;
create index project_items_catalog_item_id_idx on public.project_items (catalog_item_id);
comment on column public.project_items.catalog_item_id is
  'The Good Stuff piece this item is (set by add_catalog_item_to_project only).';

-- Which project holds a piece. In `private`: others learn only that the piece is held (catalog_items.held_until).
create table private.catalog_holds (
  catalog_item_id uuid primary key references public.catalog_items (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  project_item_id uuid not null references public.project_items (id) on delete cascade,
  held_until timestamptz not null
);
create index catalog_holds_project_id_idx on private.catalog_holds (project_id);
create index catalog_holds_project_item_id_idx on private.catalog_holds (project_item_id);
revoke all on private.catalog_holds from public, anon, authenticated;

-- Removing the item releases the piece (before the row goes, so that the cascade of a project's deletion
-- releases too). A lapsed hold another project has since taken belongs to that project's item and stays.
create function private.release_catalog_hold() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  released uuid;
begin
  if old.catalog_item_id is null then
    return old;
  end if;
  delete from private.catalog_holds h where h.project_item_id = old.id returning h.catalog_item_id into released;
  if released is not null then
    update public.catalog_items set held_until = null where id = released;
  end if;
  return old;
end $$;
create trigger project_items_release_catalog_hold before delete on public.project_items
  for each row execute function private.release_catalog_hold();

-- ---------------------------------------------------------------------------------------------------------
-- 6. Functions: offers
-- ---------------------------------------------------------------------------------------------------------

-- An amount in dollars and cents, above zero and at most the price.
create function private.check_offer_amount(amount numeric, price numeric, what text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if amount is null or amount <= 0 then
    raise exception '% must be more than $0', what using errcode = '22023';
  end if;
  if amount <> round(amount, 2) then
    raise exception '% must be in dollars and cents', what using errcode = '22023';
  end if;
  if amount > price then
    raise exception '% cannot be more than the price (%)', what, private.money(price) using errcode = '22023';
  end if;
end $$;

-- The piece, locked against other market changes, visible to the caller; 'Piece not found' otherwise.
create function private.lock_catalog_item(item_id uuid) returns public.catalog_items
language plpgsql volatile security definer set search_path = '' as $$
declare
  i public.catalog_items;
begin
  select * into i from public.catalog_items c where c.id = item_id for no key update;
  if not found or (i.status = 'delisted' and i.designer_id is distinct from (select auth.uid())) then
    raise exception 'Piece not found' using errcode = 'P0002';
  end if;
  return i;
end $$;

-- Sets lapsed live offers expired (the job does so every 5 minutes; the functions before they read).
create function private.expire_offers(item_id uuid default null) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  n integer;
begin
  update public.offers o set status = 'expired'
   where o.status in ('open', 'countered') and o.expires_at <= now()
     and (item_id is null or o.catalog_item_id = item_id);
  get diagnostics n = row_count;
  return n;
end $$;

create function public.make_offer(item_id uuid, amount numeric, note text default null) returns public.offers
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  i public.catalog_items;
  o public.offers;
  clean_note text := nullif(btrim(note), '');
begin
  if me is null then
    raise exception 'Sign in to make an offer' using errcode = '42501';
  end if;
  i := private.lock_catalog_item(item_id);
  if i.designer_id = me then
    raise exception 'You cannot make an offer on your own piece' using errcode = '42501';
  end if;
  if i.status <> 'available' then
    raise exception 'This piece is no longer available' using errcode = '55000';
  end if;
  if i.reserved_until > now() then
    raise exception 'This piece is reserved' using errcode = '55000';
  end if;
  if i.held_until > now() then
    raise exception 'This piece is held for a project' using errcode = '55000';
  end if;
  perform private.check_offer_amount(amount, i.price, 'Your offer');
  if char_length(clean_note) > 500 then
    raise exception 'The note can be at most 500 characters' using errcode = '22023';
  end if;
  perform private.expire_offers(item_id);
  if exists (select 1 from public.offers x where x.catalog_item_id = item_id and x.buyer_id = me
              and x.status in ('open', 'countered')) then
    raise exception 'You already have an open offer on this piece' using errcode = '23505';
  end if;
  insert into public.offers (catalog_item_id, buyer_id, seller_id, amount, note)
  values (item_id, me, i.designer_id, amount, clean_note)
  returning * into o;
  return o;
end $$;

-- The offer, its piece locked first (the lock order of every function: piece, then offer).
create function private.lock_offer(offer_id uuid) returns public.offers
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.offers;
  me uuid := (select auth.uid());
begin
  select * into o from public.offers x where x.id = offer_id;
  if not found or (me is distinct from o.buyer_id and me is distinct from o.seller_id) then
    raise exception 'Offer not found' using errcode = 'P0002';
  end if;
  perform 1 from public.catalog_items c where c.id = o.catalog_item_id for no key update;
  select * into o from public.offers x where x.id = offer_id for update;
  return o;
end $$;

-- Accepting: the offer is accepted and reserves the piece for 48 hours; every other live offer on it is declined.
create function private.accept_offer(o public.offers) returns public.offers
language plpgsql volatile security definer set search_path = '' as $$
declare
  i public.catalog_items;
  reserve_end timestamptz := now() + interval '48 hours';
begin
  select * into i from public.catalog_items c where c.id = o.catalog_item_id;
  if i.status <> 'available' then
    raise exception 'This piece is no longer available' using errcode = '55000';
  end if;
  if i.reserved_until > now() then
    raise exception 'This piece is reserved' using errcode = '55000';
  end if;
  if i.held_until > now() then
    raise exception 'This piece is held for a project' using errcode = '55000';
  end if;
  update public.offers set status = 'accepted', reserved_until = reserve_end where id = o.id returning * into o;
  update public.catalog_items set reserved_until = reserve_end where id = o.catalog_item_id;
  -- Lapsed ones are expired, not declined (nobody is told).
  perform private.expire_offers(o.catalog_item_id);
  update public.offers x set status = 'declined'
   where x.catalog_item_id = o.catalog_item_id and x.id <> o.id and x.status in ('open', 'countered');
  return o;
end $$;

create function public.respond_to_offer(offer_id uuid, action text, counter_amount numeric default null)
returns public.offers
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  o public.offers;
  price numeric;
begin
  if action is null or action not in ('accept', 'decline', 'counter') then
    raise exception 'Unknown action: use accept, decline or counter' using errcode = '22023';
  end if;
  o := private.lock_offer(offer_id);
  if o.seller_id is distinct from (select auth.uid()) then
    raise exception 'Only the seller can answer this offer' using errcode = '42501';
  end if;
  if o.status in ('open', 'countered') and o.expires_at <= now() then
    raise exception 'This offer has expired' using errcode = '55000';
  end if;
  if o.status <> 'open' then
    raise exception 'This offer is % and cannot be answered', o.status using errcode = '55000';
  end if;
  if action = 'accept' then
    return private.accept_offer(o);
  elsif action = 'decline' then
    update public.offers set status = 'declined' where id = o.id returning * into o;
    return o;
  end if;
  select c.price into price from public.catalog_items c where c.id = o.catalog_item_id;
  perform private.check_offer_amount(counter_amount, price, 'Your counter');
  if counter_amount <= o.amount then
    raise exception 'Your counter must be more than the offer (%)', private.money(o.amount) using errcode = '22023';
  end if;
  update public.offers
     set status = 'countered', counter_amount = counter_amount, expires_at = now() + interval '48 hours'
   where id = o.id returning * into o;
  return o;
end $$;

create function public.respond_to_counter(offer_id uuid, action text) returns public.offers
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.offers;
begin
  if action is null or action not in ('accept', 'decline') then
    raise exception 'Unknown action: use accept or decline' using errcode = '22023';
  end if;
  o := private.lock_offer(offer_id);
  if o.buyer_id is distinct from (select auth.uid()) then
    raise exception 'Only the buyer can answer this counter' using errcode = '42501';
  end if;
  if o.status in ('open', 'countered') and o.expires_at <= now() then
    raise exception 'This offer has expired' using errcode = '55000';
  end if;
  if o.status <> 'countered' then
    raise exception 'This offer has no counter to answer (it is %)', o.status using errcode = '55000';
  end if;
  if action = 'accept' then
    return private.accept_offer(o);
  end if;
  update public.offers set status = 'declined' where id = o.id returning * into o;
  return o;
end $$;

create function public.withdraw_offer(offer_id uuid) returns public.offers
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.offers;
begin
  o := private.lock_offer(offer_id);
  if o.buyer_id is distinct from (select auth.uid()) then
    raise exception 'Only the buyer can withdraw this offer' using errcode = '42501';
  end if;
  if o.status in ('open', 'countered') and o.expires_at <= now() then
    raise exception 'This offer has expired' using errcode = '55000';
  end if;
  if o.status not in ('open', 'countered') then
    raise exception 'This offer is % and cannot be withdrawn', o.status using errcode = '55000';
  end if;
  update public.offers set status = 'withdrawn' where id = o.id returning * into o;
  return o;
end $$;

-- A piece that leaves the market (sold or delisted) declines its live offers.
create function private.catalog_item_left_market() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.expire_offers(new.id);
  update public.offers o set status = 'declined'
   where o.catalog_item_id = new.id and o.status in ('open', 'countered');
  return null;
end $$;
create trigger catalog_items_left_market after update of status on public.catalog_items
  for each row when (old.status = 'available' and new.status <> 'available')
  execute function private.catalog_item_left_market();

-- ---------------------------------------------------------------------------------------------------------
-- 7. Functions: add to project, ask the seller
-- ---------------------------------------------------------------------------------------------------------
create function public.add_catalog_item_to_project(project_id uuid, item_id uuid) returns public.project_items
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  p public.projects;
  i public.catalog_items;
  h private.catalog_holds;
  agreed numeric;
  reserved_for_us boolean := false;
  item public.project_items;
begin
  select * into p from public.projects x where x.id = project_id;
  if not found or me is null or (me is distinct from p.customer_id and me is distinct from p.designer_id) then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;
  if p.status <> 'active' then
    raise exception 'Pieces can be added to active projects only' using errcode = '55000';
  end if;
  i := private.lock_catalog_item(item_id);
  if i.status <> 'available' then
    raise exception 'This piece is no longer available' using errcode = '55000';
  end if;
  -- The accepted, unreserved-yet-unlapsed offer of the project's customer or designer, if any: its price.
  select coalesce(o.counter_amount, o.amount) into agreed
    from public.offers o
   where o.catalog_item_id = item_id and o.status = 'accepted' and o.reserved_until > now()
     and o.buyer_id in (p.customer_id, p.designer_id)
   order by o.updated_at desc
   limit 1;
  reserved_for_us := agreed is not null;
  if i.reserved_until > now() and not reserved_for_us then
    raise exception 'This piece is reserved' using errcode = '55000';
  end if;
  select * into h from private.catalog_holds x where x.catalog_item_id = item_id;
  if found and h.held_until > now() then
    if h.project_id = project_id then
      raise exception 'This piece is already in this project' using errcode = '23505';
    end if;
    raise exception 'This piece is held for another project' using errcode = '55000';
  end if;
  insert into public.project_items (project_id, name, description, cost, added_by, catalog_item_id)
  values (project_id, left(i.title, 100), private.clip('Good Stuff: ' || i.title, 500), coalesce(agreed, i.price),
          me, item_id)
  returning * into item;
  insert into private.catalog_holds (catalog_item_id, project_id, project_item_id, held_until)
  values (item_id, project_id, item.id, now() + interval '7 days')
  on conflict (catalog_item_id) do update
    set project_id = excluded.project_id, project_item_id = excluded.project_item_id, held_until = excluded.held_until;
  update public.catalog_items set held_until = now() + interval '7 days' where id = item_id;
  return item;
end $$;

create function public.start_listing_conversation(item_id uuid) returns public.listing_conversations
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  i public.catalog_items;
  c public.listing_conversations;
begin
  if me is null then
    raise exception 'Sign in to ask the seller' using errcode = '42501';
  end if;
  select * into i from public.catalog_items x where x.id = item_id;
  if not found or (i.status = 'delisted' and i.designer_id <> me) then
    raise exception 'Piece not found' using errcode = 'P0002';
  end if;
  if i.designer_id = me then
    raise exception 'This is your own piece' using errcode = '42501';
  end if;
  insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id)
  values (item_id, me, i.designer_id)
  on conflict (catalog_item_id, buyer_id) do nothing
  returning * into c;
  if c.id is null then
    select * into c from public.listing_conversations x where x.catalog_item_id = item_id and x.buyer_id = me;
  end if;
  return c;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 8. Search
-- ---------------------------------------------------------------------------------------------------------
-- The words of a search as a text-search query, accents ignored, English stems (plurals match); the last word
-- also matches as a prefix while it is being typed ("opal" finds "Opaline"). Null when there are no words.
create function private.catalog_tsquery(q text) returns tsquery
language plpgsql immutable set search_path = '' as $$
declare
  t text := btrim(private.unaccented(coalesce(q, '')));
  whole tsquery;
  last_word text;
  head text;
  prefix tsquery;
begin
  if t = '' then
    return null;
  end if;
  whole := websearch_to_tsquery('english'::regconfig, t);
  last_word := substring(t from '([[:alnum:]]{2,})$');
  if last_word is not null then
    head := left(t, char_length(t) - char_length(last_word));
    if head !~ '-$' and (char_length(head) - char_length(replace(head, '"', ''))) % 2 = 0 then
      prefix := to_tsquery('english'::regconfig, lower(last_word) || ':*');
      if numnode(prefix) > 0 then
        if numnode(websearch_to_tsquery('english'::regconfig, head)) > 0 then
          prefix := websearch_to_tsquery('english'::regconfig, head) && prefix;
        end if;
        whole := case when numnode(whole) > 0 then whole || prefix else prefix end;
      end if;
    end if;
  end if;
  if numnode(whole) = 0 then
    return null;
  end if;
  return whole;
end $$;

-- One row of the search (a type, not RETURNS TABLE: the result's `category` would clash with the argument's name).
create type public.catalog_search_result as (
  id uuid,
  title text,
  price numeric,
  category public.catalog_category,
  condition text,
  photo_urls text[],
  image_url text,
  location text,
  created_at timestamptz,
  status text,
  reserved_until timestamptz,
  held_until timestamptz,
  designer_id uuid,
  seller_name text,
  seller_avatar_url text,
  distance_miles integer,
  sort_key text
);

create function public.search_catalog_items(
  q text default null,
  category public.catalog_category default null,
  min_price numeric default null,
  max_price numeric default null,
  conditions text[] default null,
  within_miles integer default null,
  near_lat double precision default null,
  near_lng double precision default null,
  sort text default 'newest',
  after_sort_key text default null,
  after_id uuid default null,
  page_size integer default 24
) returns setof public.catalog_search_result
-- enable_sort off: the planner cannot see that words and a category go together ("lamps" and Lighting), guesses
-- that a handful of rows match, and would read and sort every match; without a sort it walks the index of the
-- order asked for and stops after the page (npm run bench:db). Distance still sorts (no index has that order).
-- Words that few pieces have are the exception: walking the order would read most of the index to fill a page,
-- so when the words' index finds fewer than 500 pieces those are read (bitmap) and sorted instead.
-- SECURITY DEFINER: the words' operator (@@) is not leakproof, so under row-level security the planner may not use
-- the words' index at all and reads every piece. The function lists only available pieces, which every signed-in
-- user may read (catalog_items_select_listed_or_own), and is not executable by anon.
language plpgsql stable security definer set search_path = '' set enable_sort = off set enable_seqscan = on
set enable_indexscan = on as $$
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
        lo_lat, hi_lat, lo_lng, hi_lng, cos_origin, after_price, after_miles, lim;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 9. Notifications (docs/decisions/0025-notifications.md): five new kinds
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message'
));
alter table public.notification_preferences drop constraint notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message'
));

create function private.notify_offer() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  piece text := (select i.title from public.catalog_items i where i.id = new.catalog_item_id);
  link text := '/good-stuff/' || new.catalog_item_id;
  data jsonb := jsonb_build_object('offer_id', new.id, 'catalog_item_id', new.catalog_item_id, 'amount', new.amount);
  actor uuid := (select auth.uid());
begin
  if tg_op = 'INSERT' then
    perform private.notify(
      new.seller_id, 'offer_received', null, new.buyer_id,
      format('%s offered %s for "%s"', private.person_name(new.buyer_id, 'A buyer'), private.money(new.amount), piece),
      coalesce(new.note, 'Accept, decline or counter within 48 hours.'), link, data);
  elsif new.status = 'countered' then
    perform private.notify(
      new.buyer_id, 'offer_countered', null, new.seller_id,
      format('%s countered your offer on "%s" with %s', private.person_name(new.seller_id, 'The seller'), piece,
             private.money(new.counter_amount)),
      format('You offered %s. Accept or decline within 48 hours.', private.money(new.amount)), link,
      data || jsonb_build_object('counter_amount', new.counter_amount));
  elsif new.status = 'accepted' then
    if actor is not distinct from new.buyer_id then
      perform private.notify(
        new.seller_id, 'offer_accepted', null, new.buyer_id,
        format('%s accepted your counter of %s for "%s"', private.person_name(new.buyer_id, 'The buyer'),
               private.money(new.counter_amount), piece),
        'The piece is reserved for them for 48 hours.', link,
        data || jsonb_build_object('counter_amount', new.counter_amount));
    else
      perform private.notify(
        new.buyer_id, 'offer_accepted', null, new.seller_id,
        format('Your offer of %s for "%s" was accepted', private.money(new.amount), piece),
        'The piece is reserved for you for 48 hours.', link, data);
    end if;
  elsif new.status = 'declined' then
    if actor is not distinct from new.buyer_id then
      -- The buyer declined the seller's counter.
      perform private.notify(
        new.seller_id, 'offer_declined', null, new.buyer_id,
        format('%s declined your counter of %s for "%s"', private.person_name(new.buyer_id, 'The buyer'),
               private.money(new.counter_amount), piece),
        null, link, data || jsonb_build_object('counter_amount', new.counter_amount));
    else
      -- Declined by the seller, or because the piece was reserved for someone else, sold or delisted.
      perform private.notify(
        new.buyer_id, 'offer_declined', null, new.seller_id,
        format('Your offer of %s for "%s" was declined', private.money(new.amount), piece),
        null, link, data);
    end if;
  end if;
  return null;
end $$;
create trigger offers_notify_received after insert on public.offers
  for each row execute function private.notify_offer();
create trigger offers_notify_answered after update of status on public.offers
  for each row when (old.status in ('open', 'countered') and new.status in ('countered', 'accepted', 'declined')
                     and old.status is distinct from new.status)
  execute function private.notify_offer();

create function private.notify_listing_message() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  c public.listing_conversations;
  piece text;
begin
  select * into c from public.listing_conversations x where x.id = new.conversation_id;
  piece := (select i.title from public.catalog_items i where i.id = c.catalog_item_id);
  perform private.notify(
    case when new.sender_id = c.buyer_id then c.seller_id else c.buyer_id end, 'listing_message', null, new.sender_id,
    format('%s sent a message about "%s"', private.person_name(new.sender_id, 'Someone'), piece),
    new.body, '/good-stuff/' || c.catalog_item_id,
    jsonb_build_object('conversation_id', c.id, 'catalog_item_id', c.catalog_item_id));
  return null;
end $$;
create trigger listing_messages_notify after insert on public.listing_messages
  for each row execute function private.notify_listing_message();

-- ---------------------------------------------------------------------------------------------------------
-- 10. Expiry: lists stay honest (pg_cron, every 5 minutes)
-- ---------------------------------------------------------------------------------------------------------
-- Sets lapsed offers expired, and clears lapsed reservations and holds from the pieces.
create function private.expire_market() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.expire_offers(null);
  update public.catalog_items set reserved_until = null where reserved_until <= now();
  with lapsed as (delete from private.catalog_holds h where h.held_until <= now() returning h.catalog_item_id)
  update public.catalog_items i set held_until = null from lapsed l where i.id = l.catalog_item_id;
end $$;

revoke execute on function private.unaccented(text), private.catalog_category_words(public.catalog_category),
  private.valid_photo_urls(text[]), private.catalog_tsquery(text) from public, anon;
grant execute on function private.unaccented(text), private.catalog_category_words(public.catalog_category),
  private.valid_photo_urls(text[]), private.catalog_tsquery(text) to authenticated, service_role;
revoke execute on function private.catalog_item_market_columns(), private.maintain_saved_count(),
  private.listing_message_before(), private.listing_message_touch(), private.release_catalog_hold(),
  private.check_offer_amount(numeric, numeric, text),
  private.lock_catalog_item(uuid), private.expire_offers(uuid), private.lock_offer(uuid),
  private.accept_offer(public.offers), private.catalog_item_left_market(), private.notify_offer(),
  private.notify_listing_message(), private.expire_market()
  from public, anon, authenticated;
revoke execute on function
  public.make_offer(uuid, numeric, text),
  public.respond_to_offer(uuid, text, numeric),
  public.respond_to_counter(uuid, text),
  public.withdraw_offer(uuid),
  public.add_catalog_item_to_project(uuid, uuid),
  public.start_listing_conversation(uuid),
  public.search_catalog_items(text, public.catalog_category, numeric, numeric, text[], integer, double precision,
    double precision, text, text, uuid, integer)
  from public, anon;
grant execute on function
  public.make_offer(uuid, numeric, text),
  public.respond_to_offer(uuid, text, numeric),
  public.respond_to_counter(uuid, text),
  public.withdraw_offer(uuid),
  public.add_catalog_item_to_project(uuid, uuid),
  public.start_listing_conversation(uuid),
  public.search_catalog_items(text, public.catalog_category, numeric, numeric, text[], integer, double precision,
    double precision, text, text, uuid, integer)
  to authenticated, service_role;

-- The extension is created only where missing (hosted: the dashboard may have enabled it).
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'cron') then
    create extension pg_cron;
  end if;
end
$$;
select cron.schedule('expire-offers', '*/5 * * * *', 'select private.expire_market()');
