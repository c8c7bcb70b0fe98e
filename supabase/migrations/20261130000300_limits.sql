-- Good Space: one person cannot block the market or flood a mailbox (docs/decisions/0030-safe-by-default.md,
-- "Holds" and "Rates"; the limits users meet are in docs/product.md, Limits).
--
-- 1. Holds. A project holds at most 10 Good Stuff pieces at once, and removing and re-adding a piece no longer
--    renews its 7-day hold: private.catalog_hold_history remembers each project's last hold of a piece, and a
--    re-add within 7 days of that hold's end keeps the end (a piece whose hold has ended joins the items unheld).
--    add_catalog_item_to_project locks the project's row first, so two participants adding the 10th and the 11th
--    piece at once run one after the other and the second is refused.
-- 2. Rates. private.rate_events counts what each person did in the last hour; private.take_rate(action) is called
--    before each counted insert (a BEFORE INSERT trigger, or the functions' rpc take_function_rate) and refuses
--    past private.rate_limits' allowance with SQLSTATE PT429, which PostgREST answers HTTP 429 with the message
--    'You're doing that too often. Try again in N minutes.' Each person's count is taken under a transaction-level
--    advisory lock, so two sessions of one attacker racing run one after the other and cannot exceed it. Only API
--    users count (a request whose JWT role is `authenticated`): the seed, migrations, jobs and the service role
--    are not limited here.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Holds
-- ---------------------------------------------------------------------------------------------------------

-- A project's last hold of a piece: its end, kept after the item is removed (and pruned 7 days after it).
create table private.catalog_hold_history (
  project_id uuid not null references public.projects (id) on delete cascade,
  catalog_item_id uuid not null references public.catalog_items (id) on delete cascade,
  held_until timestamptz not null,
  primary key (project_id, catalog_item_id)
);
create index catalog_hold_history_catalog_item_id_idx on private.catalog_hold_history (catalog_item_id);
revoke all on private.catalog_hold_history from public, anon, authenticated;
comment on table private.catalog_hold_history is
  'The end of each project''s last hold of a piece (add_catalog_item_to_project): re-adding within 7 days of it keeps it.';

-- Restated whole from 20261129000300_agreed_price_in_projects.sql; what changes: the project's row is locked, at
-- most 10 live holds per project, and the hold's end comes from the project's earlier hold of the piece.
create or replace function public.add_catalog_item_to_project(project_id uuid, item_id uuid) returns public.project_items
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
  earlier timestamptz;
  hold_end timestamptz;
  live_holds integer;
begin
  select * into p from public.projects x where x.id = project_id;
  if not found or me is null or (me is distinct from p.customer_id and me is distinct from p.designer_id) then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;
  -- The project's holds are counted under its row lock (taken before the piece's, the order a project's deletion
  -- takes them in): the 11th of two racing adds waits for the 10th and sees it.
  select * into p from public.projects x where x.id = project_id for no key update;
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
  -- This project's earlier hold of the piece, if it ended less than 7 days ago (or has not ended): its end stays.
  delete from private.catalog_hold_history x
   where x.project_id = project_id and x.held_until <= now() - interval '7 days';
  select x.held_until into earlier from private.catalog_hold_history x
   where x.project_id = project_id and x.catalog_item_id = item_id;
  hold_end := coalesce(earlier, now() + interval '7 days');
  if hold_end > now() then
    select count(*) into live_holds from private.catalog_holds x
     where x.project_id = project_id and x.held_until > now();
    if live_holds >= 10 then
      raise exception 'This project already holds 10 pieces, the most a project can hold at once. Remove one from its items, or wait for a hold to end, to add another.'
        using errcode = 'P0001';
    end if;
  end if;
  -- The agreed price, unless the seller has since lowered the list price below it (what Buy Now charges too).
  insert into public.project_items (project_id, name, description, cost, added_by, catalog_item_id)
  values (project_id, left(i.title, 100), private.clip('Good Stuff: ' || i.title, 500), least(agreed, i.price),
          me, item_id)
  returning * into item;
  if hold_end > now() then
    insert into private.catalog_holds (catalog_item_id, project_id, project_item_id, held_until)
    values (item_id, project_id, item.id, hold_end)
    on conflict (catalog_item_id) do update
      set project_id = excluded.project_id, project_item_id = excluded.project_item_id, held_until = excluded.held_until;
    update public.catalog_items set held_until = hold_end where id = item_id;
    if earlier is null then
      insert into private.catalog_hold_history (project_id, catalog_item_id, held_until)
      values (project_id, item_id, hold_end)
      on conflict on constraint catalog_hold_history_pkey do update set held_until = excluded.held_until;
    end if;
  end if;
  return item;
end $$;
revoke execute on function public.add_catalog_item_to_project(uuid, uuid) from public, anon;
grant execute on function public.add_catalog_item_to_project(uuid, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Rates
-- ---------------------------------------------------------------------------------------------------------

-- What a person may do how often (docs/product.md, Limits): sized so that nobody using the app meets them.
create table private.rate_limits (
  action text primary key,
  max_events integer not null check (max_events > 0),
  per interval not null check (per > interval '0')
);
insert into private.rate_limits (action, max_events, per) values
  ('listing_conversation', 20, interval '1 hour'),  -- Ask the seller about 20 different pieces
  ('offer', 20, interval '1 hour'),                 -- offers made (make, withdraw, make again counts twice)
  ('listing_message', 60, interval '1 hour'),       -- messages about pieces, as buyer or seller
  ('nudge', 20, interval '1 hour'),                 -- nudges sent to designers
  ('buy_now', 10, interval '1 hour'),               -- the buy-now function: a Stripe Checkout session each
  ('create_checkout', 10, interval '1 hour'),       -- the create-checkout function: a Checkout session each
  ('connect_account', 10, interval '1 hour');       -- connect-account's onboarding and dashboard links
revoke all on private.rate_limits from public, anon, authenticated;

-- One row per counted action, kept for its window (take_rate deletes the person's lapsed ones; the hourly job
-- the rest).
create table private.rate_events (
  user_id uuid not null,
  action text not null references private.rate_limits (action),
  at timestamptz not null default now()
);
create index rate_events_user_id_action_at_idx on private.rate_events (user_id, action, at);
create index rate_events_at_idx on private.rate_events (at);
revoke all on private.rate_events from public, anon, authenticated;

-- Counts one `action` for `who`, or refuses it (PT429: HTTP 429 through PostgREST) when they already did it
-- max_events times within `per`. N minutes is when the oldest counted event leaves the window.
create function private.take_rate_for(who uuid, action text) returns void
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  lim private.rate_limits;
  n integer;
  oldest timestamptz;
  minutes integer;
begin
  select * into lim from private.rate_limits r where r.action = action;
  if not found then
    raise exception 'Unknown rate-limited action %', action using errcode = '22023';
  end if;
  -- One person and action at a time: a racing second call waits here and then counts the first one's row.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('rate:' || who::text || ':' || action, 0));
  delete from private.rate_events e where e.user_id = who and e.action = action and e.at <= now() - lim.per;
  select count(*), min(e.at) into n, oldest from private.rate_events e where e.user_id = who and e.action = action;
  if n >= lim.max_events then
    minutes := greatest(1, ceil(extract(epoch from (oldest + lim.per - pg_catalog.clock_timestamp())) / 60)::integer);
    raise exception '%', format('You''re doing that too often. Try again in %s %s.', minutes,
                                case when minutes = 1 then 'minute' else 'minutes' end)
      using errcode = 'PT429';
  end if;
  insert into private.rate_events (user_id, action, at) values (who, action, now());
end $$;
revoke execute on function private.take_rate_for(uuid, text) from public, anon, authenticated;

-- The caller's count, for API users only: a request signed in as `authenticated`. The seed, migrations, the
-- jobs and the service role (whose functions count per user through take_function_rate) pass.
create function private.take_rate(action text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
begin
  if me is null or (select auth.role()) is distinct from 'authenticated' then
    return;
  end if;
  perform private.take_rate_for(me, action);
end $$;
revoke execute on function private.take_rate(text) from public, anon, authenticated;

-- The triggers: each counted insert takes one from its person's allowance before the row is written, so a refused
-- one writes nothing (and an insert that fails later gives it back: its transaction rolls the event back).
create function private.rate_limited_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Opening a conversation that already exists (start_listing_conversation returns it) is not a new one.
  -- (Nested: the field exists on that table only.)
  if tg_argv[0] = 'listing_conversation' then
    if exists (select 1 from public.listing_conversations c
                where c.catalog_item_id = new.catalog_item_id and c.buyer_id = new.buyer_id) then
      return new;
    end if;
  end if;
  perform private.take_rate(tg_argv[0]);
  return new;
end $$;
revoke execute on function private.rate_limited_insert() from public, anon, authenticated;

create trigger listing_conversations_rate_limit before insert on public.listing_conversations
  for each row execute function private.rate_limited_insert('listing_conversation');
create trigger offers_rate_limit before insert on public.offers
  for each row execute function private.rate_limited_insert('offer');
create trigger listing_messages_rate_limit before insert on public.listing_messages
  for each row execute function private.rate_limited_insert('listing_message');
create trigger designer_nudges_rate_limit before insert on public.designer_nudges
  for each row execute function private.rate_limited_insert('nudge');

-- For the edge functions (service role): counts one call of `action` for the user the function acts for, in the
-- database so that the count holds across function instances and racing calls. Refused as take_rate refuses.
create function public.take_function_rate(user_id uuid, action text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if action not in ('buy_now', 'create_checkout', 'connect_account') then
    raise exception 'Unknown function action %', action using errcode = '22023';
  end if;
  if user_id is null then
    raise exception 'user_id is required' using errcode = '22004';
  end if;
  perform private.take_rate_for(user_id, action);
end $$;
revoke execute on function public.take_function_rate(uuid, text) from public, anon, authenticated;
grant execute on function public.take_function_rate(uuid, text) to service_role;

-- People who stopped: their events go once their window is long past.
create function private.prune_rate_events() returns void
language sql volatile security definer set search_path = '' as $$
  delete from private.rate_events e where e.at < now() - interval '1 day';
  delete from private.catalog_hold_history h where h.held_until <= now() - interval '7 days';
$$;
revoke execute on function private.prune_rate_events() from public, anon, authenticated;
select cron.schedule('prune-rate-events', '17 * * * *', 'select private.prune_rate_events()');
