-- Good Space: paying sellers (docs/decisions/0029-paying-sellers.md): Buy Now on Good Stuff, paid to the seller's
-- Stripe Connect account (or the sandbox's stand-in) in full, no application fee.
--
-- seller_accounts holds each seller's connected account as the payment provider last described it; orders holds
-- each checkout and what became of it. Both are written only by the service role (the edge functions, through the
-- functions below); clients read them through row-level security and move an order along (ready, completed)
-- through two SECURITY DEFINER functions that check the caller.
--
-- Money never comes from the browser: order_open reads the amount from the piece or the buyer's accepted offer.
-- A piece is sold once, by the database: a unique index allows one paid (ready, completed) order per piece, and
-- every function that changes a piece's sale locks the piece first, then the order (the market's lock order,
-- 20261128000100_market.sql), so two payments for one piece run one after the other and the second learns that
-- it must be refunded.

-- ---------------------------------------------------------------------------------------------------------
-- 1. seller_accounts
-- ---------------------------------------------------------------------------------------------------------
create table public.seller_accounts (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'sandbox')),
  account_id text not null unique check (char_length(account_id) <= 255 and account_id ~ '^acct_[A-Za-z0-9_]+$'),
  charges_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  details_submitted boolean not null default false,
  transfers_active boolean not null default false,
  requirements_due text[] not null default '{}' check (cardinality(requirements_due) <= 200),
  disabled_reason text check (disabled_reason is null or char_length(disabled_reason) <= 200),
  -- Destination charges need the transfers capability; the seller sees the money only with payouts.
  can_be_paid boolean generated always as (transfers_active and payouts_enabled) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A sandbox account is never sent to Stripe, nor a Stripe account played by the sandbox.
  check ((provider = 'sandbox') = (account_id ~ '^acct_sandbox_[0-9a-f]{32}$'))
);
comment on table public.seller_accounts is
  'Each seller''s connected account (Stripe Express, or the sandbox''s), as the provider last described it. Written by the service role only; the seller reads their own.';
comment on column public.seller_accounts.requirements_due is
  'Stripe''s requirements.currently_due: what the seller still has to give (e.g. external_account, individual.dob.day).';
create trigger seller_accounts_set_updated_at before update on public.seller_accounts
  for each row execute function private.set_updated_at();

revoke all on public.seller_accounts from anon, authenticated;
grant select on public.seller_accounts to authenticated;
grant select, insert, update, delete on public.seller_accounts to service_role;
alter table public.seller_accounts enable row level security;
create policy seller_accounts_select_own on public.seller_accounts for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- 2. orders
-- ---------------------------------------------------------------------------------------------------------
create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- The people and the piece may go (an account deleted, a listing removed): the order stays, for the other party
  -- and the books, with the title and photo it was bought under.
  catalog_item_id uuid references public.catalog_items (id) on delete set null,
  buyer_id uuid references public.profiles (id) on delete set null,
  seller_id uuid references public.profiles (id) on delete set null,
  offer_id uuid references public.offers (id) on delete set null,
  item_title text not null check (char_length(item_title) between 1 and 200),
  item_photo_url text check (item_photo_url is null or char_length(item_photo_url) <= 2000),
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null default 'usd' check (currency = 'usd'),
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'ready', 'completed', 'cancelled', 'refunded', 'expired')),
  provider text not null check (provider in ('stripe', 'sandbox')),
  checkout_session_id text unique check (checkout_session_id is null or char_length(checkout_session_id) <= 255),
  payment_intent_id text check (payment_intent_id is null or char_length(payment_intent_id) <= 255),
  refund_id text check (refund_id is null or char_length(refund_id) <= 255),
  refund_reason text check (refund_reason in ('seller_cancelled', 'already_sold', 'provider')),
  checkout_expires_at timestamptz not null default now() + interval '30 minutes',
  paid_at timestamptz,
  ready_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (buyer_id is distinct from seller_id or buyer_id is null),
  check ((status in ('paid', 'ready', 'completed', 'cancelled')) <= (paid_at is not null)),
  check ((status in ('cancelled', 'refunded')) <= (refunded_at is not null and refund_reason is not null))
);
comment on table public.orders is
  'Buy Now checkouts and what became of them (docs/decisions/0029-paying-sellers.md). Written by the service role and the order functions only; the buyer reads all of theirs, the seller theirs but pending and expired ones. A pending order past checkout_expires_at is expired whatever status says.';
comment on column public.orders.status is
  'pending (checkout open) | expired (abandoned) | paid → ready (for pickup) → completed | cancelled (by the seller, refunded) | refunded (paid after the piece was sold to someone else).';
comment on column public.orders.amount is 'What the buyer pays and the seller receives in full: the list price, or the buyer''s accepted offer.';

-- Sold once: one paid, ready or completed order per piece, whatever any function does.
create unique index orders_one_sale_per_piece_idx on public.orders (catalog_item_id)
  where status in ('paid', 'ready', 'completed');
-- The buyer's Purchases (every order) and the seller's Sales (not pending or expired), newest first, keyset by id.
create index orders_buyer_id_created_at_idx on public.orders (buyer_id, created_at desc, id desc);
create index orders_seller_id_created_at_idx on public.orders (seller_id, created_at desc, id desc)
  where status not in ('pending', 'expired');
-- The seller's foreign key over every order (a deleted seller's orders are all found) and the buyer's name for the
-- seller through private.related_users (pushed-down pair lookups).
create index orders_seller_id_buyer_id_idx on public.orders (seller_id, buyer_id);
create index orders_catalog_item_id_idx on public.orders (catalog_item_id);
create index orders_offer_id_idx on public.orders (offer_id);
-- charge.refunded names the payment intent only.
create index orders_payment_intent_id_idx on public.orders (payment_intent_id);
create trigger orders_set_updated_at before update on public.orders
  for each row execute function private.set_updated_at();

revoke all on public.orders from anon, authenticated;
grant select on public.orders to authenticated;
grant select, insert, update, delete on public.orders to service_role;
alter table public.orders enable row level security;
-- The seller hears of an order once it is paid: an open checkout is the buyer's business.
create policy orders_select_parties on public.orders for select to authenticated
  using (buyer_id = (select auth.uid())
         or (seller_id = (select auth.uid()) and status not in ('pending', 'expired')));

-- The order page follows its order live (Realtime applies the select policy per subscriber).
alter publication supabase_realtime add table public.orders;

-- The buyer and the seller of an order read each other's profile (the seller sees who will pick the piece up), as
-- the parties of an offer do; the seller only once it is paid.
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
  select c.buyer_id from public.listing_conversations c where c.seller_id = (select auth.uid())
  -- an order: I bought from them, or they bought from me and paid
  union all
  select o.seller_id from public.orders o where o.buyer_id = (select auth.uid())
  union all
  select o.buyer_id from public.orders o
  where o.seller_id = (select auth.uid()) and o.status not in ('pending', 'expired');
comment on view private.related_users is
  'The signed-in user''s related people (shared project, bid, nudge, offer, seller conversation or order); backs the profiles select policy.';

-- ---------------------------------------------------------------------------------------------------------
-- 3. project_items: a piece bought for a project shows 'Bought'
-- ---------------------------------------------------------------------------------------------------------
alter table public.project_items
  add column bought_at timestamptz,
  add column order_id uuid references public.orders (id) on delete set null;
create index project_items_order_id_idx on public.project_items (order_id);
comment on column public.project_items.bought_at is
  'When the project''s customer or designer paid for this Good Stuff piece (set by order_mark_paid only).';

-- ---------------------------------------------------------------------------------------------------------
-- 4. Service-role functions (the edge functions'): SECURITY INVOKER, executable by service_role only
-- ---------------------------------------------------------------------------------------------------------
create function public.seller_account_get(p_user_id uuid) returns public.seller_accounts
language sql stable set search_path = '' as $$
  select * from public.seller_accounts a where a.user_id = p_user_id
$$;

-- One account per seller: a second onboarding (a double click, a retry) gets the first account back unchanged.
create function public.seller_account_save(p_user_id uuid, p_provider text, p_account_id text)
returns public.seller_accounts
language plpgsql set search_path = '' as $$
declare
  a public.seller_accounts;
begin
  if not private.is_designer(p_user_id) then
    raise exception 'Only designers sell on Good Stuff' using errcode = '42501';
  end if;
  insert into public.seller_accounts (user_id, provider, account_id)
  values (p_user_id, p_provider, p_account_id)
  on conflict (user_id) do nothing
  returning * into a;
  if a.user_id is null then
    select * into a from public.seller_accounts x where x.user_id = p_user_id;
  end if;
  return a;
end $$;

create function public.seller_account_update(
  p_account_id text, p_charges_enabled boolean, p_payouts_enabled boolean, p_details_submitted boolean,
  p_transfers_active boolean, p_requirements_due text[], p_disabled_reason text
) returns public.seller_accounts
language sql set search_path = '' as $$
  update public.seller_accounts
     set charges_enabled = coalesce(p_charges_enabled, false),
         payouts_enabled = coalesce(p_payouts_enabled, false),
         details_submitted = coalesce(p_details_submitted, false),
         transfers_active = coalesce(p_transfers_active, false),
         requirements_due = coalesce(p_requirements_due, '{}'),
         disabled_reason = nullif(btrim(p_disabled_reason), '')
   where account_id = p_account_id
  returning *
$$;

-- Why the piece cannot be bought by this buyer now, or null; the amount they would pay and the offer it comes from.
-- The one rule behind order_open, buy_now_quote and order_mark_paid (which asks once the money has moved, when the
-- seller's account no longer matters). `i` is the piece as the caller read it. Definer: the seller's account and
-- the piece's hold are not the caller's to read.
create function private.buy_now_check(
  buyer uuid, i public.catalog_items, paid boolean, out reason text, out amount numeric, out offer_id uuid
)
language plpgsql stable security definer set search_path = '' as $$
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
  elsif i.status <> 'available' then
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
end $$;

-- The sale: the piece sold (the market's trigger declines its live offers), its reservation and hold gone, and the
-- buyer's projects' items for it bought. Definer: the holds are the market's private table.
create function private.sell_piece(o public.orders) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.catalog_items set status = 'sold', reserved_until = null, held_until = null
   where id = o.catalog_item_id;
  delete from private.catalog_holds h where h.catalog_item_id = o.catalog_item_id;
  update public.project_items pi set bought_at = now(), order_id = o.id
    from public.projects p
   where pi.catalog_item_id = o.catalog_item_id and p.id = pi.project_id
     and o.buyer_id in (p.customer_id, p.designer_id) and pi.bought_at is null;
end $$;

-- Opens a checkout: a pending order at the amount the database says. The buyer's earlier pending orders for the
-- piece expire (a second Buy Now replaces the first checkout).
create function public.order_open(p_buyer uuid, p_item_id uuid, p_provider text) returns jsonb
language plpgsql set search_path = '' as $$
declare
  i public.catalog_items;
  chk record;
  acct public.seller_accounts;
  o public.orders;
begin
  if p_buyer is null then
    raise exception 'Sign in to buy' using errcode = '42501';
  end if;
  if p_provider is null or p_provider not in ('stripe', 'sandbox') then
    raise exception 'Unknown payment provider: use stripe or sandbox' using errcode = '22023';
  end if;
  select * into i from public.catalog_items c where c.id = p_item_id for no key update;
  if not found or i.status = 'delisted' then
    raise exception 'Piece not found' using errcode = 'P0002';
  end if;
  chk := private.buy_now_check(p_buyer, i, false);
  select * into acct from public.seller_accounts a where a.user_id = i.designer_id;
  -- A sandbox account cannot receive a Stripe payment (nor the reverse): the seller must onboard again.
  if chk.reason = 'seller_not_ready' or (chk.reason is null and acct.provider <> p_provider) then
    raise exception 'This seller cannot take payments yet' using errcode = '55000';
  end if;
  case chk.reason
    when 'own_piece' then raise exception 'You cannot buy your own piece' using errcode = '42501';
    when 'not_available' then raise exception 'This piece is no longer available' using errcode = '55000';
    when 'reserved' then raise exception 'This piece is reserved' using errcode = '55000';
    when 'held' then raise exception 'This piece is held for a project' using errcode = '55000';
    else null;
  end case;
  update public.orders x set status = 'expired'
   where x.buyer_id = p_buyer and x.catalog_item_id = p_item_id and x.status = 'pending';
  insert into public.orders (catalog_item_id, buyer_id, seller_id, offer_id, item_title, item_photo_url, amount,
                             provider)
  values (i.id, p_buyer, i.designer_id, chk.offer_id, i.title, i.photo_urls[1], chk.amount, p_provider)
  returning * into o;
  return jsonb_build_object('order', to_jsonb(o), 'seller_account_id', acct.account_id,
                            'item_title', o.item_title, 'item_photo_url', o.item_photo_url);
end $$;

create function public.order_set_checkout(p_order_id uuid, p_session_id text, p_expires_at timestamptz)
returns void
language plpgsql set search_path = '' as $$
begin
  update public.orders
     set checkout_session_id = p_session_id, checkout_expires_at = coalesce(p_expires_at, checkout_expires_at)
   where id = p_order_id;
  if not found then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
end $$;

-- The order, its piece locked first (the lock order of every function: piece, then order).
create function private.lock_order(p_order_id uuid) returns public.orders
language plpgsql volatile set search_path = '' as $$
declare
  o public.orders;
begin
  select * into o from public.orders x where x.id = p_order_id;
  if not found then
    return null;
  end if;
  if o.catalog_item_id is not null then
    perform 1 from public.catalog_items c where c.id = o.catalog_item_id for no key update;
  end if;
  select * into o from public.orders x where x.id = p_order_id for update;
  return o;
end $$;

-- A payment confirmed (the webhook, or the sandbox's Pay). 'paid' when the piece can still go to this buyer: it is
-- sold, its offers declined (the market's trigger), its reservation and hold gone, and the buyer's projects' items
-- for it bought. 'refund' when it cannot (sold to someone else meanwhile): the caller refunds, then calls
-- order_mark_refunded(…, 'already_sold'). 'duplicate' for an order already settled (a replayed event).
-- A checkout past its expiry, or expired by a later Buy Now, that still got paid is paid: the money moved.
create function public.order_mark_paid(p_order_id uuid, p_payment_intent_id text) returns jsonb
language plpgsql set search_path = '' as $$
declare
  o public.orders;
  i public.catalog_items;
  reason text;
begin
  o := private.lock_order(p_order_id);
  if o.id is null then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if o.status not in ('pending', 'expired') then
    return jsonb_build_object('outcome', 'duplicate', 'order', to_jsonb(o));
  end if;
  select * into i from public.catalog_items c where c.id = o.catalog_item_id;
  if not found or o.buyer_id is null then
    reason := 'not_available';
  else
    reason := (private.buy_now_check(o.buyer_id, i, true)).reason;
  end if;
  if reason is null and exists (select 1 from public.orders x where x.catalog_item_id = i.id and x.id <> o.id
                                  and x.status in ('paid', 'ready', 'completed')) then
    reason := 'not_available';
  end if;
  if reason is not null then
    update public.orders set payment_intent_id = coalesce(p_payment_intent_id, payment_intent_id)
     where id = o.id returning * into o;
    return jsonb_build_object('outcome', 'refund', 'order', to_jsonb(o));
  end if;
  update public.orders
     set status = 'paid', paid_at = now(), payment_intent_id = coalesce(p_payment_intent_id, payment_intent_id)
   where id = o.id returning * into o;
  perform private.sell_piece(o);
  -- The pickup conversation (the piece's Ask the seller thread) exists from the sale, so either side can write first.
  insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id)
  values (o.catalog_item_id, o.buyer_id, o.seller_id)
  on conflict (catalog_item_id, buyer_id) do nothing;
  return jsonb_build_object('outcome', 'paid', 'order', to_jsonb(o));
end $$;

-- The payment went back to the buyer. already_sold: a double payment refunded (→ refunded). seller_cancelled, or
-- provider (refunded from Stripe's dashboard): the sale is undone (→ cancelled) and the piece is for sale again
-- unless another order has it or the seller took it off the market. A provider refund of an order already picked up
-- is recorded and leaves it completed; of a checkout never settled (the double payment's own refund arriving first)
-- it is that double payment's refund. Repeating a refund changes nothing.
create function public.order_mark_refunded(p_order_id uuid, p_refund_id text, p_reason text) returns public.orders
language plpgsql set search_path = '' as $$
declare
  o public.orders;
begin
  if p_reason is null or p_reason not in ('seller_cancelled', 'already_sold', 'provider') then
    raise exception 'Unknown refund reason: use seller_cancelled, already_sold or provider' using errcode = '22023';
  end if;
  o := private.lock_order(p_order_id);
  if o.id is null then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  if o.status in ('cancelled', 'refunded') or (o.status = 'completed' and o.refunded_at is not null) then
    return o;
  end if;
  if o.status in ('pending', 'expired') then
    if p_reason = 'seller_cancelled' then
      raise exception 'This order is % and cannot be cancelled', o.status using errcode = '55000';
    end if;
    update public.orders
       set status = 'refunded', refund_id = p_refund_id, refund_reason = 'already_sold', refunded_at = now()
     where id = o.id returning * into o;
  elsif p_reason = 'already_sold' then
    raise exception 'This order is % and was not paid twice', o.status using errcode = '55000';
  elsif o.status = 'completed' then
    if p_reason = 'seller_cancelled' then
      raise exception 'This order is completed and cannot be cancelled' using errcode = '55000';
    end if;
    update public.orders set refund_id = p_refund_id, refund_reason = 'provider', refunded_at = now()
     where id = o.id returning * into o;
  else
    update public.orders
       set status = 'cancelled', refund_id = p_refund_id, refund_reason = p_reason, refunded_at = now(),
           cancelled_at = now()
     where id = o.id returning * into o;
    update public.catalog_items c set status = 'available'
     where c.id = o.catalog_item_id and c.status = 'sold'
       and not exists (select 1 from public.orders x where x.catalog_item_id = c.id and x.id <> o.id
                        and x.status in ('paid', 'ready', 'completed'));
  end if;
  return o;
end $$;

-- A checkout abandoned (checkout.session.expired, or the sandbox's Cancel). A paid order stays paid.
create function public.order_expire(p_order_id uuid) returns void
language sql set search_path = '' as $$
  update public.orders set status = 'expired' where id = p_order_id and status = 'pending'
$$;

create function public.order_for_payment_intent(p_payment_intent_id text) returns public.orders
language sql stable set search_path = '' as $$
  select * from public.orders o where o.payment_intent_id = p_payment_intent_id
   order by o.created_at desc limit 1
$$;

-- ---------------------------------------------------------------------------------------------------------
-- 5. Client functions: SECURITY DEFINER, the caller checked
-- ---------------------------------------------------------------------------------------------------------

-- What Buy Now would do for the caller: whether they can buy, why not, and at what price. Definer: the seller's
-- account and the piece's hold are not the caller's to read.
create function public.buy_now_quote(item_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
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
  return jsonb_build_object('can_buy', chk.reason is null, 'reason', chk.reason, 'amount', chk.amount,
                            'offer_id', chk.offer_id);
end $$;

-- The order as its caller may act on it: the buyer's any order, the seller's paid ones; 'Order not found' otherwise
-- (the caller cannot tell someone else's order from none).
create function private.lock_own_order(p_order_id uuid, sellers_only boolean) returns public.orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  o public.orders := private.lock_order(p_order_id);
begin
  if o.id is null or me is null
     or not ((o.seller_id = me and o.status not in ('pending', 'expired'))
             or (not sellers_only and o.buyer_id = me)) then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  return o;
end $$;

-- A pending order past its expiry is expired to whoever reads it.
create function private.order_status_shown(o public.orders) returns text
language sql stable set search_path = '' as $$
  select case when o.status = 'pending' and o.checkout_expires_at <= now() then 'expired' else o.status end
$$;

create function public.mark_order_ready(order_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders := private.lock_own_order(order_id, true);
begin
  if o.status <> 'paid' then
    raise exception 'This order is % and cannot be marked ready', private.order_status_shown(o)
      using errcode = '55000';
  end if;
  update public.orders set status = 'ready', ready_at = now() where id = o.id returning * into o;
  return o;
end $$;

create function public.complete_order(order_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders := private.lock_own_order(order_id, false);
begin
  if o.status <> 'ready' then
    raise exception 'This order is % and cannot be completed', private.order_status_shown(o)
      using errcode = '55000';
  end if;
  update public.orders set status = 'completed', completed_at = now() where id = o.id returning * into o;
  return o;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 6. Notifications (docs/decisions/0025-notifications.md): six new kinds
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded'
));
alter table public.notification_preferences drop constraint notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded'
));

-- One row per recipient, never the one who acted. Payments, refunds and cancellations arrive through the service
-- role (no signed-in actor): the buyer paid, the seller cancelled, nobody acted on a double payment's refund.
create function private.notify_order() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  link text := '/orders/' || new.id;
  data jsonb := jsonb_build_object('order_id', new.id, 'catalog_item_id', new.catalog_item_id, 'amount', new.amount);
  price text := private.money(new.amount);
  actor uuid := (select auth.uid());
begin
  if new.status = 'paid' then
    perform private.notify(
      new.seller_id, 'order_paid', null, new.buyer_id,
      format('%s bought "%s" for %s', private.person_name(new.buyer_id, 'A buyer'), new.item_title, price),
      'Mark it ready for pickup when they can come for it.', link, data);
    perform private.notify(
      new.buyer_id, 'order_receipt', null, new.seller_id,
      format('Receipt: you paid %s for "%s"', price, new.item_title),
      format('%s receives all of it and will tell you when it is ready for pickup.',
             private.person_name(new.seller_id, 'The seller')), link, data);
  elsif new.status = 'ready' then
    perform private.notify(
      new.buyer_id, 'order_ready', null, new.seller_id,
      format('"%s" is ready for pickup', new.item_title),
      format('Arrange the pickup with %s on the order''s page.', private.person_name(new.seller_id, 'the seller')),
      link, data);
  elsif new.status = 'completed' then
    if actor is not distinct from new.buyer_id then
      perform private.notify(
        new.seller_id, 'order_completed', null, new.buyer_id,
        format('%s picked up "%s": the sale is complete', private.person_name(new.buyer_id, 'The buyer'),
               new.item_title), null, link, data);
    else
      perform private.notify(
        new.buyer_id, 'order_completed', null, new.seller_id,
        format('Your order of "%s" is complete', new.item_title),
        format('%s marked it picked up.', private.person_name(new.seller_id, 'The seller')), link, data);
    end if;
  elsif new.status = 'cancelled' then
    perform private.notify(
      new.buyer_id, 'order_cancelled', null, new.seller_id,
      format('Your order of "%s" was cancelled and refunded', new.item_title),
      format('Your payment of %s goes back to your card.', price), link, data);
  elsif new.status = 'refunded' then
    perform private.notify(
      new.buyer_id, 'order_refunded', null, null,
      format('Someone else bought "%s" first. Your payment of %s was refunded.', new.item_title, price),
      'It goes back to your card.', link, data);
  end if;
  return null;
end $$;
create trigger orders_notify after update of status on public.orders
  for each row when (old.status is distinct from new.status
                     and new.status in ('paid', 'ready', 'completed', 'cancelled', 'refunded'))
  execute function private.notify_order();

-- ---------------------------------------------------------------------------------------------------------
-- 7. Grants
-- ---------------------------------------------------------------------------------------------------------
revoke execute on function private.buy_now_check(uuid, public.catalog_items, boolean), private.lock_order(uuid),
  private.sell_piece(public.orders), private.lock_own_order(uuid, boolean), private.order_status_shown(public.orders),
  private.notify_order()
  from public, anon, authenticated;
-- The service-role functions run as their caller (SECURITY INVOKER), as the payments functions do.
grant execute on function private.buy_now_check(uuid, public.catalog_items, boolean), private.lock_order(uuid),
  private.sell_piece(public.orders) to service_role;
revoke execute on function
  public.seller_account_get(uuid),
  public.seller_account_save(uuid, text, text),
  public.seller_account_update(text, boolean, boolean, boolean, boolean, text[], text),
  public.order_open(uuid, uuid, text),
  public.order_set_checkout(uuid, text, timestamptz),
  public.order_mark_paid(uuid, text),
  public.order_mark_refunded(uuid, text, text),
  public.order_expire(uuid),
  public.order_for_payment_intent(text)
  from public, anon, authenticated;
grant execute on function
  public.seller_account_get(uuid),
  public.seller_account_save(uuid, text, text),
  public.seller_account_update(text, boolean, boolean, boolean, boolean, text[], text),
  public.order_open(uuid, uuid, text),
  public.order_set_checkout(uuid, text, timestamptz),
  public.order_mark_paid(uuid, text),
  public.order_mark_refunded(uuid, text, text),
  public.order_expire(uuid),
  public.order_for_payment_intent(text)
  to service_role;
revoke execute on function public.buy_now_quote(uuid), public.mark_order_ready(uuid), public.complete_order(uuid)
  from public, anon;
grant execute on function public.buy_now_quote(uuid), public.mark_order_ready(uuid), public.complete_order(uuid)
  to authenticated, service_role;
