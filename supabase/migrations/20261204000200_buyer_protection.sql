-- Buyer protection on Good Stuff, the rules (docs/orders.md; ADR 0034 changes ADR 0029): what the buyer and the
-- seller do around the handover (pickup windows, a no-show, collected, refused at pickup, a problem and its
-- statements), the operators' decision, the money functions the edge functions call (paid, collect, refuse,
-- cancel, the ledger, the release after 48 hours, chargebacks), the minute job that wakes settle-orders, who reads
-- the pickup address and the photos, a returned piece's relisting, account deletion's refusal, and the
-- notifications of every step. The foundation (20261204000100_buyer_protection_foundation.sql) made the tables.
--
-- Every transition happens once under races: each function locks the piece, then the order (the orders' lock order,
-- 20261129000100_orders.sql; private.lock_order), then the window, problem or ledger row it touches, and decides
-- from what it reads under the locks. Amounts come only from the rows (the browser never sends one; an operator's
-- split is checked against what is held under the lock).

-- ---------------------------------------------------------------------------------------------------------
-- 0. Gone: Mark ready and the buyer's Complete (pickup windows and "Collected, all good" replace them), and the
--    two-argument order_mark_paid (the paid order now stores its charge). A pending ledger row that could not be
--    made yet waits 15 minutes before settle-orders tries it again.
-- ---------------------------------------------------------------------------------------------------------
drop function public.mark_order_ready(uuid);
drop function public.complete_order(uuid);
drop function public.order_mark_paid(uuid, text);
drop function private.lock_own_order(uuid, boolean);

alter table public.order_payments add column retry_after timestamptz;
comment on column public.order_payments.retry_after is
  'A pending refund or transfer that could not be made yet (see note) is tried again from then.';

-- ---------------------------------------------------------------------------------------------------------
-- 1. Helpers
-- ---------------------------------------------------------------------------------------------------------
-- What Good Space still has to settle of an order: the amount less what went back to the buyer and what reached
-- the seller, while the order waits for its handover or a decision. For a legacy order (payout 'destination') the
-- seller already has it; a refund of it reverses the transfer (docs/orders.md).
create function private.order_held(o public.orders) returns numeric
language sql immutable set search_path = '' as $$
  select case when o.status in ('paid', 'collected', 'disputed')
              then o.amount - o.refunded_amount - o.released_amount else 0 end
$$;

-- 'buyer' or 'seller' of the order, or null.
create function private.order_role(o public.orders, p_user uuid) returns text
language sql immutable set search_path = '' as $$
  select case when p_user is null then null when p_user = o.buyer_id then 'buyer'
              when p_user = o.seller_id then 'seller' end
$$;

-- The order locked (piece, then order) for one of its parties: 'Order not found' for anyone else (they cannot
-- tell it from none); the seller hears of an order once it is paid, as the orders' select policy says.
create function private.lock_party_order(p_order_id uuid, p_user uuid) returns public.orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders := private.lock_order(p_order_id);
begin
  if o.id is null or p_user is null
     or not (o.buyer_id = p_user or (o.seller_id = p_user and o.status not in ('pending', 'expired'))) then
    raise exception 'Order not found' using errcode = 'P0002';
  end if;
  return o;
end $$;

-- Why an order cannot move (frozen by a chargeback, or in the wrong state), as a sentence for people. `what` ends
-- the sentence: 'marked collected', 'given pickup times'.
create function private.order_refuse_state(o public.orders, what text) returns void
language plpgsql stable set search_path = '' as $$
begin
  if o.frozen_at is not null then
    raise exception 'A chargeback froze this order''s payment until the bank decides.' using errcode = '55000';
  end if;
  raise exception '%', format('%s, so it cannot be %s.', case private.order_status_shown(o)
      when 'pending' then 'This order is not paid yet'
      when 'expired' then 'This order was never paid'
      when 'paid' then 'This order is waiting for its pickup'
      when 'collected' then 'The piece was already collected'
      when 'disputed' then 'A problem with this order is waiting for Good Space''s decision'
      when 'completed' then 'This order is already complete'
      when 'refused' then 'This order was refused at pickup'
      when 'cancelled' then 'This order was cancelled'
      else 'This order was refunded' end, what)
    using errcode = '55000';
end $$;

-- Photos of a refusal, a problem or a statement (orders), or of a submission or a statement (milestones): up to 6,
-- each uploaded under the folder of its order or project in its bucket.
create function private.check_folder_photos(p_bucket text, p_folder uuid, p_photos text[]) returns text[]
language plpgsql stable security definer set search_path = '' as $$
declare
  path text;
begin
  p_photos := coalesce(p_photos, '{}');
  if cardinality(p_photos) > 6 then
    raise exception 'Add at most 6 photos' using errcode = '23514';
  end if;
  foreach path in array p_photos loop
    if path is null or split_part(path, '/', 1) <> p_folder::text
       or not exists (select 1 from storage.objects o where o.bucket_id = p_bucket and o.name = path) then
      raise exception 'A photo was not found: upload it again' using errcode = '23514';
    end if;
  end loop;
  return p_photos;
end $$;

-- Restated from 20261203000200_milestones.sql: the same rule, now shared with the orders.
create or replace function private.check_milestone_photos(p_project uuid, p_photos text[]) returns text[]
language sql stable security definer set search_path = '' as $$
  select private.check_folder_photos('milestone-photos', p_project, p_photos)
$$;

-- The pickup address and its directions, as the seller gives them (with their windows, or confirming the buyer's):
-- a new one replaces the old. Nothing given: the one on file must exist.
create function private.save_pickup_address(o public.orders, p_role text, p_address text, p_directions text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  p_address := nullif(btrim(p_address, E' \t\r\n'), '');
  p_directions := nullif(btrim(p_directions, E' \t\r\n'), '');
  if p_role <> 'seller' then
    if p_address is not null or p_directions is not null then
      raise exception 'Only the seller gives the pickup address' using errcode = '23514';
    end if;
    return;
  end if;
  if p_address is null then
    if exists (select 1 from public.order_pickup_addresses a where a.order_id = o.id) then
      return;
    end if;
    raise exception 'Give the pickup address (5 to 300 characters)' using errcode = '23514';
  end if;
  if char_length(p_address) not between 5 and 300 then
    raise exception 'Give the pickup address (5 to 300 characters)' using errcode = '23514';
  end if;
  if char_length(p_directions) > 300 then
    raise exception 'Keep the directions to 300 characters' using errcode = '23514';
  end if;
  insert into public.order_pickup_addresses (order_id, seller_id, address, directions)
  values (o.id, o.seller_id, p_address, p_directions)
  on conflict (order_id) do update set address = excluded.address, directions = excluded.directions,
                                       seller_id = excluded.seller_id;
end $$;

-- One notification about an order; its link opens the order's page.
create function private.notify_about_order(
  o public.orders, recipient uuid, kind text, actor uuid, title text, body text, data jsonb default '{}'::jsonb
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(recipient, kind, null, actor, title, body, '/orders/' || o.id,
                         jsonb_build_object('order_id', o.id, 'catalog_item_id', o.catalog_item_id,
                                            'amount', o.amount) || coalesce(data, '{}'::jsonb));
end $$;

-- Who moves an order in this transaction, for its notifications (never told of their own action): the signed-in
-- caller, or the person a service-role function acts for (the edge functions pass them as p_buyer, p_actor).
create function private.set_order_actor(p_user uuid) returns void
language sql volatile set search_path = '' as $$
  select set_config('good_space.order_actor', coalesce(p_user::text, ''), true)
$$;

create function private.order_actor() returns uuid
language sql stable set search_path = '' as $$
  select coalesce((select auth.uid()), nullif(current_setting('good_space.order_actor', true), '')::uuid)
$$;

-- The windows of an order at its end: the confirmed one kept (the handover happened) or superseded, the offered
-- ones superseded.
create function private.close_pickup_windows(p_order_id uuid, p_confirmed text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.order_pickup_windows w
     set status = case when w.status = 'confirmed' then p_confirmed else 'superseded' end
   where w.order_id = p_order_id and w.status in ('proposed', 'confirmed')
$$;

-- A release: what is held, as a pending transfer to the seller (none for a legacy order: they have it), the order
-- completed. The seller is told by private.notify_order.
create function private.release_order(o public.orders, p_reason text, actor uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  held numeric := private.order_held(o);
  t public.order_payments;
begin
  if o.payout = 'held' and held > 0 then
    insert into public.order_payments (order_id, kind, amount, reason, provider)
    values (o.id, 'transfer', held, p_reason, o.provider)
    returning * into t;
  end if;
  perform private.set_order_actor(actor);
  update public.orders
     set status = 'completed', completed_at = now(), released_amount = released_amount + held,
         handed_over_at = coalesce(handed_over_at, now())
   where id = o.id returning * into o;
  perform private.set_order_actor(null);
  perform private.close_pickup_windows(o.id, 'kept');
  return jsonb_build_object('order', to_jsonb(o), 'transfer', to_jsonb(t));
end $$;

-- A refund of everything held before the handover (refused, cancelled): one pending refund row, the order moved
-- to `p_status` with its reason; the buyer's projects' items for the piece no longer bought.
create function private.refund_order(o public.orders, p_status text, p_reason text, actor uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  held numeric := private.order_held(o);
  r public.order_payments;
begin
  if held > 0 then
    insert into public.order_payments (order_id, kind, amount, reason, provider)
    values (o.id, 'refund', held, p_reason, o.provider)
    returning * into r;
  end if;
  perform private.set_order_actor(actor);
  update public.orders
     set status = p_status, refund_reason = p_reason, refunded_at = now(), refunded_amount = refunded_amount + held,
         cancelled_at = case when p_status = 'cancelled' then now() else cancelled_at end
   where id = o.id returning * into o;
  perform private.set_order_actor(null);
  update public.project_items set bought_at = null, order_id = null where order_id = o.id;
  return jsonb_build_object('order', to_jsonb(o), 'refund', to_jsonb(r));
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Pickup windows (the buyer and the seller, SECURITY DEFINER, the caller checked; each tells the other party)
-- ---------------------------------------------------------------------------------------------------------
-- Up to three windows, each starting an hour to 30 days from now, 15 minutes to 12 hours long, none overlapping.
-- The order's earlier offers give way to these.
-- Offering times and asking to reschedule each mail the other party: 20 an hour per person (docs/product.md, Limits).
insert into private.rate_limits (action, max_events, per) values ('pickup_times', 20, interval '1 hour');

create function public.offer_pickup_windows(order_id uuid, windows jsonb, address text default null,
                                            directions text default null)
returns setof public.order_pickup_windows
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  o public.orders := private.lock_party_order(order_id, me);
  role text := private.order_role(o, me);
  w jsonb;
  starts timestamptz[] := '{}';
  ends timestamptz[] := '{}';
  s timestamptz;
  e timestamptz;
  i integer;
  j integer;
begin
  if o.frozen_at is not null or o.status <> 'paid' then
    perform private.order_refuse_state(o, 'given pickup times');
  end if;
  -- Each offer tells the other party by bell and e-mail (never folded): counted, so it cannot flood them.
  perform private.take_rate('pickup_times');
  if exists (select 1 from public.order_pickup_windows x where x.order_id = o.id and x.status = 'confirmed') then
    raise exception 'A pickup time is already confirmed: ask to reschedule first.' using errcode = '55000';
  end if;
  if windows is null or jsonb_typeof(windows) <> 'array' or jsonb_array_length(windows) not between 1 and 3 then
    raise exception 'Offer one to three pickup times' using errcode = '23514';
  end if;
  for w in select value from jsonb_array_elements(windows) loop
    if jsonb_typeof(w) <> 'object' or jsonb_typeof(w -> 'starts_at') is distinct from 'string'
       or jsonb_typeof(w -> 'ends_at') is distinct from 'string' then
      raise exception 'Offer one to three pickup times' using errcode = '23514';
    end if;
    begin
      s := (w ->> 'starts_at')::timestamptz;
      e := (w ->> 'ends_at')::timestamptz;
    exception when others then
      raise exception 'Offer one to three pickup times' using errcode = '23514';
    end;
    if s < now() + interval '1 hour' or s > now() + interval '30 days' then
      raise exception 'A pickup time must start at least an hour from now and within 30 days' using errcode = '23514';
    end if;
    if e < s + interval '15 minutes' or e > s + interval '12 hours' then
      raise exception 'A pickup time must last between 15 minutes and 12 hours' using errcode = '23514';
    end if;
    starts := starts || s;
    ends := ends || e;
  end loop;
  for i in 1 .. cardinality(starts) loop
    for j in i + 1 .. cardinality(starts) loop
      if starts[i] < ends[j] and starts[j] < ends[i] then
        raise exception 'Pickup times must not overlap' using errcode = '23514';
      end if;
    end loop;
  end loop;
  perform private.save_pickup_address(o, role, address, directions);
  update public.order_pickup_windows x set status = 'superseded'
   where x.order_id = o.id and x.status = 'proposed';
  return query
    insert into public.order_pickup_windows (order_id, proposed_by, proposer_role, starts_at, ends_at)
    select o.id, me, role, t.s, t.e from unnest(starts, ends) as t(s, e) order by t.s
    returning *;
  perform private.notify_about_order(o, case when role = 'buyer' then o.seller_id else o.buyer_id end,
    'pickup_proposed', me,
    format('%s offered pickup times for "%s"', private.person_name(me, 'The other party'), o.item_title),
    'Choose one on the order''s page, or offer other times.',
    jsonb_build_object('windows', cardinality(starts)));
end $$;

-- The other party chooses one of the offered windows (a seller without an address on file gives one); the other
-- offered windows give way.
create function public.confirm_pickup_window(window_id uuid, address text default null, directions text default null)
returns public.order_pickup_windows
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  w public.order_pickup_windows;
  o public.orders;
  role text;
begin
  select * into w from public.order_pickup_windows x where x.id = window_id;
  if not found then
    raise exception 'Pickup time not found' using errcode = 'P0002';
  end if;
  o := private.lock_party_order(w.order_id, me);
  select * into w from public.order_pickup_windows x where x.id = window_id for update;
  role := private.order_role(o, me);
  if w.proposer_role = role then
    raise exception 'The other person confirms the times you offered' using errcode = '42501';
  end if;
  if o.frozen_at is not null or o.status <> 'paid' then
    perform private.order_refuse_state(o, 'given a pickup time');
  end if;
  if w.status <> 'proposed' then
    raise exception 'This pickup time is no longer offered: choose another or offer new times.' using errcode = '55000';
  end if;
  if w.starts_at <= now() then
    raise exception 'This pickup time has already started: offer new times.' using errcode = '55000';
  end if;
  perform private.save_pickup_address(o, role, address, directions);
  update public.order_pickup_windows x set status = 'superseded'
   where x.order_id = o.id and x.status = 'proposed' and x.id <> w.id;
  update public.order_pickup_windows x set status = 'confirmed', confirmed_at = now()
   where x.id = w.id returning * into w;
  perform private.notify_about_order(o, case when role = 'buyer' then o.seller_id else o.buyer_id end,
    'pickup_confirmed', me,
    format('%s confirmed a pickup time for "%s"', private.person_name(me, 'The other party'), o.item_title),
    'See the time and the place on the order''s page.',
    jsonb_build_object('window_id', w.id, 'starts_at', w.starts_at, 'ends_at', w.ends_at));
  return w;
end $$;

-- Either party gives up the confirmed window before it ends; new windows can then be offered.
create function public.ask_pickup_reschedule(order_id uuid) returns public.order_pickup_windows
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  o public.orders := private.lock_party_order(order_id, me);
  w public.order_pickup_windows;
begin
  if o.frozen_at is not null or o.status <> 'paid' then
    perform private.order_refuse_state(o, 'rescheduled');
  end if;
  perform private.take_rate('pickup_times');
  select * into w from public.order_pickup_windows x where x.order_id = o.id and x.status = 'confirmed' for update;
  if not found then
    raise exception 'There is no confirmed pickup time to reschedule.' using errcode = '55000';
  end if;
  if w.ends_at <= now() then
    raise exception 'This pickup time has ended: mark the piece collected, or say the other person did not come.'
      using errcode = '55000';
  end if;
  update public.order_pickup_windows x set status = 'superseded' where x.id = w.id returning * into w;
  perform private.notify_about_order(o, case when me = o.buyer_id then o.seller_id else o.buyer_id end,
    'pickup_reschedule', me,
    format('%s asked to reschedule the pickup of "%s"', private.person_name(me, 'The other party'), o.item_title),
    'Offer new pickup times on the order''s page.',
    jsonb_build_object('window_id', w.id, 'starts_at', w.starts_at, 'ends_at', w.ends_at));
  return w;
end $$;

-- Either party says the other did not come to a confirmed window that ended in the last 7 days. The seller may
-- cancel after the buyer missed two; the buyer may cancel once the seller missed one (order_cancel).
create function public.report_pickup_no_show(window_id uuid) returns public.order_pickup_windows
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  w public.order_pickup_windows;
  o public.orders;
  other text;
begin
  select * into w from public.order_pickup_windows x where x.id = window_id;
  if not found then
    raise exception 'Pickup time not found' using errcode = 'P0002';
  end if;
  o := private.lock_party_order(w.order_id, me);
  select * into w from public.order_pickup_windows x where x.id = window_id for update;
  if o.frozen_at is not null or o.status <> 'paid' then
    perform private.order_refuse_state(o, 'reported as a missed pickup');
  end if;
  if w.status <> 'confirmed' then
    raise exception 'Only a confirmed pickup time can be missed.' using errcode = '55000';
  end if;
  if w.ends_at > now() then
    raise exception 'This pickup time has not ended yet.' using errcode = '55000';
  end if;
  if w.ends_at < now() - interval '7 days' then
    raise exception 'This pickup time ended more than 7 days ago.' using errcode = '55000';
  end if;
  other := case when me = o.buyer_id then 'seller' else 'buyer' end;
  update public.order_pickup_windows x set status = 'missed', missed_by = other, missed_reported_by = me
   where x.id = w.id returning * into w;
  perform private.notify_about_order(o, case when other = 'buyer' then o.buyer_id else o.seller_id end,
    'pickup_missed', me,
    format('%s says you missed the pickup of "%s"', private.person_name(me, 'The other party'), o.item_title),
    case when other = 'seller'
      then 'Offer new pickup times on the order''s page. The buyer can now cancel the order and be refunded.'
      else 'Offer new pickup times on the order''s page.' end,
    jsonb_build_object('window_id', w.id, 'starts_at', w.starts_at, 'ends_at', w.ends_at));
  return w;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 3. The handover and problems (SECURITY DEFINER, the caller checked)
-- ---------------------------------------------------------------------------------------------------------
-- The seller handed the piece over: the buyer has 48 hours to report a problem, then the seller is paid.
create function public.mark_order_collected(order_id uuid) returns public.orders
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  o public.orders := private.lock_party_order(order_id, me);
begin
  if o.seller_id is distinct from me then
    raise exception 'Only the seller marks the piece collected' using errcode = '42501';
  end if;
  if o.frozen_at is not null or o.status <> 'paid' then
    perform private.order_refuse_state(o, 'marked collected');
  end if;
  update public.orders
     set status = 'collected', handed_over_at = now(), release_at = now() + interval '48 hours'
   where id = o.id returning * into o;
  perform private.close_pickup_windows(o.id, 'kept');
  return o;
end $$;

-- The buyer reports a problem within the 48 hours: the payout waits for an operator's decision; the report is the
-- buyer's statement.
create function public.report_order_problem(order_id uuid, reason text, photos text[] default '{}')
returns public.order_problems
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  o public.orders := private.lock_party_order(order_id, me);
  p public.order_problems;
begin
  if o.buyer_id is distinct from me then
    raise exception 'Only the buyer reports a problem' using errcode = '42501';
  end if;
  if o.frozen_at is not null or o.status <> 'collected' then
    perform private.order_refuse_state(o, 'reported as a problem');
  end if;
  if now() >= o.release_at then
    raise exception 'The 48 hours to report a problem have passed.' using errcode = '55000';
  end if;
  reason := private.milestone_text(reason, 1000, 'what is wrong');
  photos := private.check_folder_photos('order-photos', o.id, photos);
  insert into public.order_problems (order_id, kind, opened_by, reason)
  values (o.id, 'problem', me, reason)
  returning * into p;
  insert into public.order_problem_statements (problem_id, order_id, author_id, author_role, body, photos)
  values (p.id, o.id, me, 'buyer', reason, photos);
  update public.orders set status = 'disputed' where id = o.id;
  return p;
end $$;

-- The seller's side of a problem, once, before statements are due.
create function public.add_order_problem_statement(problem_id uuid, body text, photos text[] default '{}')
returns public.order_problem_statements
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  p public.order_problems;
  o public.orders;
  role text;
  s public.order_problem_statements;
begin
  select * into p from public.order_problems x where x.id = problem_id;
  if not found or p.kind <> 'problem' then
    raise exception 'Problem not found' using errcode = 'P0002';
  end if;
  o := private.lock_party_order(p.order_id, me);
  select * into p from public.order_problems x where x.id = problem_id for update;
  role := private.order_role(o, me);
  if exists (select 1 from public.order_problem_statements x where x.problem_id = p.id and x.author_role = role) then
    raise exception 'You already added your statement.' using errcode = '23505';
  end if;
  if role <> 'seller' then
    raise exception 'Only the seller adds a statement to the buyer''s report' using errcode = '42501';
  end if;
  if p.status <> 'open' then
    raise exception 'This problem is already decided.' using errcode = '55000';
  end if;
  if now() >= p.statements_due_at then
    raise exception 'The time for statements has ended: Good Space decides with what it has.' using errcode = '55000';
  end if;
  body := private.milestone_text(body, 2000, 'your statement');
  photos := private.check_folder_photos('order-photos', o.id, photos);
  insert into public.order_problem_statements (problem_id, order_id, author_id, author_role, body, photos)
  values (p.id, o.id, me, role, body, photos)
  returning * into s;
  return s;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 4. Operators: the problems' queue, one problem, the decision. Nobody handles a problem of their own order (as
--    nobody decides their own verification or dispute): the queue leaves those out, the detail and the decision
--    refuse them.
-- ---------------------------------------------------------------------------------------------------------
create function public.order_problem_queue(page_size integer default 20, after_created_at timestamptz default null,
                                           after_id uuid default null)
returns table (id uuid, kind text, status text, order_id uuid, item_title text, buyer_id uuid, buyer_name text,
               seller_id uuid, seller_name text, amount numeric, held numeric, reason text, statements integer,
               statements_due_at timestamptz, created_at timestamptz, outcome text)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  after_closed boolean;
begin
  perform private.require_operator();
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together' using errcode = '22023';
  end if;
  if after_id is not null then
    select x.status <> 'open' into after_closed from public.order_problems x where x.id = after_id;
    after_closed := coalesce(after_closed, false);
  end if;
  return query
    select p.id, p.kind, p.status, o.id, o.item_title, o.buyer_id, private.person_name(o.buyer_id, null),
           o.seller_id, private.person_name(o.seller_id, null), o.amount, private.order_held(o), p.reason,
           (select count(*)::integer from public.order_problem_statements s where s.problem_id = p.id),
           p.statements_due_at, p.created_at, p.outcome
      from public.order_problems p
      join public.orders o on o.id = p.order_id
     where me is distinct from o.buyer_id and me is distinct from o.seller_id
       and (after_id is null
            or (p.status <> 'open', p.created_at, p.id) > (after_closed, after_created_at, after_id))
     order by p.status <> 'open', p.created_at, p.id
     limit least(greatest(coalesce(page_size, 20), 1), 100);
end $$;
comment on function public.order_problem_queue(integer, timestamptz, uuid) is
  'Operators only: problems and chargebacks of orders, open ones first, oldest first; keyset on (created_at, id); an operator''s own orders left out (docs/orders.md).';

-- The problem with its order for an operator who is not a party of it; 'Problem not found' when there is none.
create function private.operator_problem(p_problem_id uuid, p_lock boolean, out p public.order_problems,
                                         out o public.orders)
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.require_operator();
  select * into p from public.order_problems x where x.id = p_problem_id;
  if not found then
    raise exception 'Problem not found' using errcode = 'P0002';
  end if;
  if p_lock then
    o := private.lock_order(p.order_id);
    select * into p from public.order_problems x where x.id = p_problem_id for update;
  else
    select * into o from public.orders x where x.id = p.order_id;
  end if;
  if (select auth.uid()) in (o.buyer_id, o.seller_id) then
    raise exception 'You cannot handle a problem with your own order' using errcode = '42501';
  end if;
end $$;

create function public.order_problem_detail(problem_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  l record := private.operator_problem(problem_id, false);
  p public.order_problems := l.p;
  o public.orders := l.o;
begin
  return jsonb_build_object(
    'problem', to_jsonb(p),
    'order', to_jsonb(o),
    'buyer', jsonb_build_object('id', o.buyer_id, 'name', private.person_name(o.buyer_id, null)),
    'seller', jsonb_build_object('id', o.seller_id, 'name', private.person_name(o.seller_id, null)),
    'statements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'author_id', s.author_id, 'author_name', private.person_name(s.author_id, null),
               'role', s.author_role, 'body', s.body, 'photos', to_jsonb(s.photos), 'created_at', s.created_at)
             order by s.created_at, s.id)
        from public.order_problem_statements s where s.problem_id = p.id), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(to_jsonb(x) order by x.created_at, x.id)
        from public.order_payments x where x.order_id = o.id), '[]'::jsonb),
    'windows', coalesce((
      select jsonb_agg(to_jsonb(w) order by w.starts_at, w.id)
        from public.order_pickup_windows w where w.order_id = o.id), '[]'::jsonb),
    'held', private.order_held(o));
end $$;

-- The operator's split of what is held: a pending refund to the buyer and a pending transfer to the seller
-- (settle-orders makes them), the order completed (any payout) or refunded, both parties told, the audit log's line.
create function public.decide_order_problem(problem_id uuid, refund_amount numeric, release_amount numeric,
                                            reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  l record := private.operator_problem(problem_id, true);
  p public.order_problems := l.p;
  o public.orders := l.o;
  held numeric;
  refund public.order_payments;
  transfer public.order_payments;
  said text;
  buyer_name text;
  seller_name text;
begin
  if p.kind <> 'problem' then
    raise exception 'The card''s bank decides a chargeback, not Good Space' using errcode = '55000';
  end if;
  if p.status <> 'open' or o.status <> 'disputed' then
    raise exception 'This problem is already decided.' using errcode = '55000';
  end if;
  if o.frozen_at is not null then
    raise exception 'A chargeback froze this order''s payment until the bank decides.' using errcode = '55000';
  end if;
  held := private.order_held(o);
  if refund_amount is null or release_amount is null or refund_amount < 0 or release_amount < 0
     or refund_amount <> round(refund_amount, 2) or release_amount <> round(release_amount, 2) then
    raise exception 'Give the refund and the payout in dollars and cents, $0 or more' using errcode = '23514';
  end if;
  if refund_amount + release_amount <> held then
    raise exception 'The refund and the payout must add up to the % held', private.money_cents(held)
      using errcode = '23514';
  end if;
  reason := private.milestone_text(reason, 1000, 'the reason for the decision');
  if refund_amount > 0 then
    insert into public.order_payments (order_id, kind, amount, reason, provider)
    values (o.id, 'refund', refund_amount, 'problem', o.provider)
    returning * into refund;
  end if;
  -- A legacy order's seller already has the money: their part needs no transfer.
  if release_amount > 0 and o.payout = 'held' then
    insert into public.order_payments (order_id, kind, amount, reason, provider)
    values (o.id, 'transfer', release_amount, 'problem', o.provider)
    returning * into transfer;
  end if;
  update public.order_problems x
     set status = 'decided', refund_amount = decide_order_problem.refund_amount,
         release_amount = decide_order_problem.release_amount, decision_reason = decide_order_problem.reason,
         decided_by = me, decided_at = now()
   where x.id = p.id returning * into p;
  update public.orders x
     set status = case when release_amount > 0 then 'completed' else 'refunded' end,
         refunded_amount = x.refunded_amount + refund_amount,
         released_amount = x.released_amount + release_amount,
         completed_at = case when release_amount > 0 then now() else x.completed_at end,
         refunded_at = case when refund_amount > 0 then now() else x.refunded_at end,
         refund_reason = case when refund_amount > 0 then 'problem' else x.refund_reason end
   where x.id = o.id returning * into o;
  perform private.log_moderation('decide_order_problem', 'piece', o.catalog_item_id, o.seller_id, reason);

  buyer_name := private.person_name(o.buyer_id, 'the buyer');
  seller_name := private.person_name(o.seller_id, 'the seller');
  said := case
    when refund_amount > 0 and release_amount > 0 then
      format('Good Space refunded %s to %s and paid %s to %s: %s', private.money(refund_amount), buyer_name,
             private.money(release_amount), seller_name, reason)
    when refund_amount > 0 then format('Good Space refunded %s to %s: %s', private.money(refund_amount), buyer_name, reason)
    else format('Good Space paid %s to %s: %s', private.money(release_amount), seller_name, reason) end;
  perform private.notify_about_order(o, o.buyer_id, 'order_problem_decided', me,
    format('Good Space decided the problem with "%s"', o.item_title), said,
    jsonb_build_object('problem_id', p.id, 'refund', refund_amount, 'release', release_amount));
  perform private.notify_about_order(o, o.seller_id, 'order_problem_decided', me,
    format('Good Space decided the problem with "%s"', o.item_title), said,
    jsonb_build_object('problem_id', p.id, 'refund', refund_amount, 'release', release_amount));
  return jsonb_build_object('problem', to_jsonb(p), 'order', to_jsonb(o), 'refund', to_jsonb(refund),
                            'transfer', to_jsonb(transfer));
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 5. The money functions (the edge functions call them as the service role; SECURITY DEFINER, nobody else
--    executes them)
-- ---------------------------------------------------------------------------------------------------------
-- A payment confirmed (the webhook, or the sandbox's Pay), with the charge a held order's transfer will draw on.
-- 'paid' when the piece can still go to this buyer: it is sold, its offers declined (the market's trigger), its
-- reservation and hold gone, and the buyer's projects' items for it bought. 'refund' when it cannot (sold to
-- someone else meanwhile): the caller refunds, then calls order_mark_refunded(…, 'already_sold'). 'duplicate' for
-- an order already settled (a replayed event). A checkout past its expiry, or expired by a later Buy Now, that
-- still got paid is paid: the money moved.
create function public.order_mark_paid(p_order_id uuid, p_payment_intent_id text, p_charge_id text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
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
                                  and x.status in ('paid', 'collected', 'disputed', 'completed')) then
    reason := 'not_available';
  end if;
  if reason is not null then
    update public.orders
       set payment_intent_id = coalesce(p_payment_intent_id, payment_intent_id),
           charge_id = coalesce(p_charge_id, charge_id)
     where id = o.id returning * into o;
    return jsonb_build_object('outcome', 'refund', 'order', to_jsonb(o));
  end if;
  update public.orders
     set status = 'paid', paid_at = now(), payment_intent_id = coalesce(p_payment_intent_id, payment_intent_id),
         charge_id = coalesce(p_charge_id, charge_id)
   where id = o.id returning * into o;
  perform private.sell_piece(o);
  -- The pickup conversation (the piece's Ask the seller thread) exists from the sale, so either side can write first.
  insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id)
  values (o.catalog_item_id, o.buyer_id, o.seller_id)
  on conflict (catalog_item_id, buyer_id) do nothing;
  return jsonb_build_object('outcome', 'paid', 'order', to_jsonb(o));
end $$;

-- Restated from 20261129000100_orders.sql for the new states: a refund made outside Good Space (Stripe's
-- dashboard: 'provider'), a double payment ('already_sold'), or a legacy cancel ('seller_cancelled'). A provider
-- refund of an order waiting for its handover or a decision cancels it and counts what was held as refunded.
create or replace function public.order_mark_refunded(p_order_id uuid, p_refund_id text, p_reason text)
returns public.orders
language plpgsql volatile security definer set search_path = '' as $$
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
  if o.status in ('cancelled', 'refunded', 'refused') or (o.status = 'completed' and o.refunded_at is not null) then
    return o;
  end if;
  if o.status in ('pending', 'expired') then
    if p_reason = 'seller_cancelled' then
      raise exception 'This order is % and cannot be cancelled', private.order_status_shown(o) using errcode = '55000';
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
           cancelled_at = now(), refunded_amount = refunded_amount + private.order_held(o)
     where id = o.id returning * into o;
    update public.order_payments x set status = 'failed', completed_at = now(),
           note = 'Refunded outside Good Space.'
     where x.order_id = o.id and x.status = 'pending';
    perform private.close_pickup_windows(o.id, 'superseded');
    update public.catalog_items c set status = 'available'
     where c.id = o.catalog_item_id and c.status = 'sold'
       and not exists (select 1 from public.orders x where x.catalog_item_id = c.id and x.id <> o.id
                        and x.status in ('paid', 'collected', 'disputed', 'completed'));
  end if;
  return o;
end $$;

-- The buyer says "Collected, all good" (before or after the seller marked it collected): the seller is paid now.
create function public.order_collect(p_buyer uuid, p_order_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders := private.lock_party_order(p_order_id, p_buyer);
begin
  if o.buyer_id is distinct from p_buyer then
    raise exception 'Only the buyer confirms the piece was collected' using errcode = '42501';
  end if;
  if o.frozen_at is not null or o.status not in ('paid', 'collected') then
    perform private.order_refuse_state(o, 'confirmed as collected');
  end if;
  return private.release_order(o, 'release', p_buyer);
end $$;

-- The buyer refuses the piece at pickup (before the handover): refunded in full; the piece goes back to its
-- seller delisted, to be edited before it is listed again.
create function public.order_refuse(p_buyer uuid, p_order_id uuid, p_reason text, p_photos text[])
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders := private.lock_party_order(p_order_id, p_buyer);
begin
  if o.buyer_id is distinct from p_buyer then
    raise exception 'Only the buyer refuses the piece at pickup' using errcode = '42501';
  end if;
  if o.frozen_at is not null or o.status <> 'paid' then
    perform private.order_refuse_state(o, 'refused at pickup');
  end if;
  p_reason := private.milestone_text(p_reason, 1000, 'why you refuse the piece');
  p_photos := private.check_folder_photos('order-photos', o.id, p_photos);
  update public.orders
     set refused_at = now(), refusal_reason = p_reason, refusal_photos = p_photos
   where id = o.id returning * into o;
  update public.catalog_items set status = 'delisted', returned_at = now(), reserved_until = null, held_until = null
   where id = o.catalog_item_id;
  perform private.close_pickup_windows(o.id, 'kept');
  return private.refund_order(o, 'refused', 'refused', p_buyer);
end $$;

-- Cancelled before the handover, refunded in full, the piece for sale again. The seller always (after the buyer
-- missed two confirmed windows it says so); the buyer once the seller missed one.
create function public.order_cancel(p_actor uuid, p_order_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders := private.lock_party_order(p_order_id, p_actor);
  reason text;
  r jsonb;
begin
  if o.frozen_at is not null then
    perform private.order_refuse_state(o, 'cancelled');
  end if;
  if o.status in ('collected', 'disputed', 'completed') then
    raise exception 'The piece was handed over: report a problem instead.' using errcode = '55000';
  end if;
  if o.status <> 'paid' then
    perform private.order_refuse_state(o, 'cancelled');
  end if;
  if p_actor = o.seller_id then
    reason := case when (select count(*) from public.order_pickup_windows w
                          where w.order_id = o.id and w.status = 'missed' and w.missed_by = 'buyer') >= 2
                   then 'buyer_no_show' else 'seller_cancelled' end;
  elsif exists (select 1 from public.order_pickup_windows w
                 where w.order_id = o.id and w.status = 'missed' and w.missed_by = 'seller') then
    reason := 'seller_no_show';
  else
    raise exception 'You can cancel once the seller has missed a confirmed pickup time.' using errcode = '42501';
  end if;
  perform private.close_pickup_windows(o.id, 'superseded');
  r := private.refund_order(o, 'cancelled', reason, p_actor);
  update public.catalog_items c set status = 'available'
   where c.id = o.catalog_item_id and c.status = 'sold'
     and not exists (select 1 from public.orders x where x.catalog_item_id = c.id and x.id <> o.id
                      and x.status in ('paid', 'collected', 'disputed', 'completed'));
  return r;
end $$;

-- A ledger row with its order locked first (piece, then order, then the row).
create function private.lock_order_payment(p_payment_id uuid) returns public.order_payments
language plpgsql volatile security definer set search_path = '' as $$
declare
  pay public.order_payments;
begin
  select * into pay from public.order_payments x where x.id = p_payment_id;
  if not found then
    raise exception 'Payment not found' using errcode = 'P0002';
  end if;
  perform private.lock_order(pay.order_id);
  select * into pay from public.order_payments x where x.id = p_payment_id for update;
  return pay;
end $$;

-- A refund or transfer made by the provider. Again: the row unchanged.
create function public.order_payment_succeeded(p_payment_id uuid, p_provider_id text) returns public.order_payments
language plpgsql volatile security definer set search_path = '' as $$
declare
  pay public.order_payments := private.lock_order_payment(p_payment_id);
begin
  if pay.status = 'pending' then
    update public.order_payments
       set status = 'succeeded', provider_id = p_provider_id, completed_at = now(), note = null, retry_after = null
     where id = pay.id returning * into pay;
  end if;
  return pay;
end $$;

-- Why a pending refund or transfer could not be made yet; settle-orders tries it again after 15 minutes.
create function public.order_payment_note(p_payment_id uuid, p_note text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.order_payments
     set note = left(p_note, 500), retry_after = now() + interval '15 minutes'
   where id = p_payment_id and status = 'pending'
$$;

-- Pending refunds and transfers due now, oldest first; a frozen order's wait for the bank. destination: the
-- seller's account when it can take the money (a transfer waits without one).
create function public.order_pending_settlements(p_limit integer default 50) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(r order by r.created_at, r.id), '[]'::jsonb)
    from (
      select x.id, x.kind, x.amount, x.provider, x.reason, x.order_id, o.payout, o.payment_intent_id, o.charge_id,
             private.payout_destination(o.seller_id, x.provider) as destination, x.created_at
        from public.order_payments x
        join public.orders o on o.id = x.order_id
       where x.status = 'pending' and o.frozen_at is null
         and (x.retry_after is null or x.retry_after <= now())
       order by x.created_at, x.id
       limit least(greatest(coalesce(p_limit, 50), 1), 500)
    ) r
$$;

-- The minute job's work: collected orders whose 48 hours passed without a problem are completed (reason
-- auto_release), and confirmed windows' reminders go to both parties, one from a day before and one from two hours
-- before (a window confirmed within two hours gets that one only). Rows another run holds are skipped.
create function public.orders_settle_due() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders;
  w public.order_pickup_windows;
  released integer := 0;
  reminded integer := 0;
  two_hours boolean;
begin
  for o in
    select * from public.orders x
     where x.status = 'collected' and x.frozen_at is null and x.release_at <= now()
       and not exists (select 1 from public.order_problems p where p.order_id = x.id and p.status = 'open'
                        and p.kind = 'problem')
     order by x.release_at
       for update skip locked
  loop
    perform private.release_order(o, 'auto_release', null);
    released := released + 1;
  end loop;
  for w in
    select x.* from public.order_pickup_windows x
     where x.status = 'confirmed' and x.starts_at > now()
       and ((x.reminded_day_at is null and x.starts_at <= now() + interval '24 hours')
            or (x.reminded_2h_at is null and x.starts_at <= now() + interval '2 hours'))
       for update skip locked
  loop
    select * into o from public.orders x where x.id = w.order_id;
    two_hours := w.starts_at <= now() + interval '2 hours';
    update public.order_pickup_windows
       set reminded_day_at = coalesce(reminded_day_at, now()),
           reminded_2h_at = case when two_hours then now() else reminded_2h_at end
     where id = w.id;
    if o.status = 'paid' then
      perform private.notify_about_order(o, who, 'pickup_reminder', null,
        format('Pickup of "%s" %s', o.item_title, case when two_hours then 'within two hours' else 'within a day' end),
        'See the time and the place on the order''s page. If you cannot come, ask to reschedule there.',
        jsonb_build_object('window_id', w.id, 'starts_at', w.starts_at, 'ends_at', w.ends_at,
                           'hours', case when two_hours then 2 else 24 end))
        from unnest(array[o.buyer_id, o.seller_id]) as who;
      reminded := reminded + 1;
    end if;
  end loop;
  return jsonb_build_object('released', released, 'reminded', reminded);
end $$;

-- A chargeback (charge.dispute.created) on an order's charge: the order frozen, a 'chargeback' problem recorded
-- (the console lists it), the seller told. The same Stripe dispute again: duplicate. Not an order's payment:
-- unknown.
create function public.order_chargeback_opened(p_payment_intent_id text, p_dispute_id text, p_reason text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  o public.orders;
  p public.order_problems;
begin
  select * into o from public.orders x
   where x.payment_intent_id = p_payment_intent_id and x.paid_at is not null
   order by x.paid_at desc limit 1;
  if not found or p_dispute_id is null then
    return jsonb_build_object('outcome', 'unknown', 'order', null);
  end if;
  o := private.lock_order(o.id);
  select * into p from public.order_problems x where x.provider_dispute_id = p_dispute_id;
  if found then
    return jsonb_build_object('outcome', 'duplicate', 'order', to_jsonb(o));
  end if;
  insert into public.order_problems (order_id, kind, reason, provider_dispute_id)
  values (o.id, 'chargeback', left(nullif(btrim(p_reason), ''), 1000), p_dispute_id);
  update public.orders set frozen_at = coalesce(frozen_at, now()) where id = o.id returning * into o;
  perform private.notify_about_order(o, o.seller_id, 'order_chargeback', null,
    format('The card''s bank is disputing the payment for "%s"', o.item_title),
    'Good Space holds the money, and nothing of this order moves, until the bank decides.',
    jsonb_build_object('chargeback', 'opened'));
  return jsonb_build_object('outcome', 'frozen', 'order', to_jsonb(o));
end $$;

-- The bank decided (charge.dispute.closed): won or lost recorded, the order unfrozen (unless another chargeback
-- of it is open). Lost: the bank gave the buyer their money back, so what was held counts as refunded (the order
-- refunded, an open problem closed with nothing to split) and no pending refund or transfer of it is made.
create function public.order_chargeback_closed(p_dispute_id text, p_won boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.order_problems;
  o public.orders;
  held numeric;
  pending_out numeric;
  won boolean := coalesce(p_won, false);
begin
  select * into p from public.order_problems x where x.provider_dispute_id = p_dispute_id;
  if not found or p_dispute_id is null then
    return jsonb_build_object('outcome', 'unknown', 'order', null);
  end if;
  o := private.lock_order(p.order_id);
  select * into p from public.order_problems x where x.id = p.id for update;
  if p.status <> 'open' then
    return jsonb_build_object('outcome', 'duplicate', 'order', to_jsonb(o));
  end if;
  update public.order_problems set status = 'closed', outcome = case when won then 'won' else 'lost' end
   where id = p.id;
  if not won then
    held := private.order_held(o);
    -- Transfers not made yet never will be: the money is gone. Refunds not made yet would pay the buyer twice.
    select coalesce(sum(x.amount), 0) into pending_out from public.order_payments x
     where x.order_id = o.id and x.status = 'pending' and x.kind = 'transfer';
    update public.order_payments x set status = 'failed', completed_at = now(),
           note = 'The card''s bank returned the payment to the buyer (a chargeback).'
     where x.order_id = o.id and x.status = 'pending';
    update public.order_problems x set status = 'closed'
     where x.order_id = o.id and x.kind = 'problem' and x.status = 'open';
    update public.orders x
       set refunded_amount = x.refunded_amount + held + pending_out,
           released_amount = x.released_amount - pending_out,
           status = case when x.status in ('paid', 'collected', 'disputed')
                           or (x.status = 'completed' and x.released_amount - pending_out = 0)
                         then 'refunded' else x.status end,
           refund_reason = case when held + pending_out > 0 then 'chargeback' else x.refund_reason end,
           refunded_at = case when held + pending_out > 0 then now() else x.refunded_at end
     where x.id = o.id returning * into o;
    perform private.close_pickup_windows(o.id, 'superseded');
  end if;
  if not exists (select 1 from public.order_problems x
                  where x.order_id = o.id and x.kind = 'chargeback' and x.status = 'open') then
    update public.orders set frozen_at = null where id = o.id returning * into o;
  end if;
  perform private.notify_about_order(o, o.seller_id, 'order_chargeback', null,
    case when won then format('The bank decided the chargeback on "%s" in your favour', o.item_title)
         else format('The bank returned the payment for "%s" to the buyer', o.item_title) end,
    case when won then 'The payment stays with Good Space and the order goes on.'
         else 'The chargeback was lost, so nothing more of this order is paid out.' end,
    jsonb_build_object('chargeback', case when won then 'won' else 'lost' end));
  return jsonb_build_object('outcome', 'closed', 'order', to_jsonb(o));
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 6. The orders' notifications on each change of state (docs/notifications.md): one row per recipient, never the
--    one who acted (private.order_actor). A decided problem and a lost chargeback are told by their functions.
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.notify_order() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  price text := private.money(new.amount);
  actor uuid := private.order_actor();
  buyer text := private.person_name(new.buyer_id, 'The buyer');
  seller text := private.person_name(new.seller_id, 'The seller');
  problem public.order_problems;
begin
  if new.status = 'paid' then
    perform private.notify_about_order(new, new.seller_id, 'order_paid', new.buyer_id,
      format('%s bought "%s" for %s', buyer, new.item_title, price),
      format('Offer pickup times on the order''s page. You are paid when %s collects it.',
             private.person_name(new.buyer_id, 'the buyer')));
    perform private.notify_about_order(new, new.buyer_id, 'order_receipt', new.seller_id,
      format('Receipt: you paid %s for "%s"', price, new.item_title),
      format('Good Space holds it until you collect the piece; %s is paid then.', seller));
  elsif new.status = 'collected' then
    perform private.notify_about_order(new, new.buyer_id, 'order_collected', actor,
      format('%s marked "%s" collected', seller, new.item_title),
      'If something is wrong with it, you have 48 hours to report a problem on the order''s page.',
      jsonb_build_object('release_at', new.release_at));
  elsif new.status = 'disputed' then
    select * into problem from public.order_problems p
     where p.order_id = new.id and p.kind = 'problem' and p.status = 'open';
    perform private.notify_about_order(new, new.seller_id, 'order_problem', actor,
      format('%s reported a problem with "%s"', buyer, new.item_title), problem.reason,
      jsonb_build_object('problem_id', problem.id));
  elsif new.status = 'completed' then
    if exists (select 1 from public.order_problems p where p.order_id = new.id and p.decided_at = now()) then
      return null;
    end if;
    if actor is null then
      perform private.notify_about_order(new, new.seller_id, 'order_completed', null,
        format('The sale of "%s" is complete', new.item_title),
        case when new.payout = 'held'
          then format('48 hours passed without a problem, so Good Space is paying you %s.',
                      private.money(new.released_amount - old.released_amount))
          else '48 hours passed without a problem.' end);
    else
      perform private.notify_about_order(new, new.seller_id, 'order_completed', actor,
        format('%s collected "%s": the sale is complete', buyer, new.item_title),
        case when new.payout = 'held'
          then format('Good Space is paying you %s.', private.money(new.released_amount - old.released_amount))
          else null end);
    end if;
  elsif new.status = 'refused' then
    perform private.notify_about_order(new, new.seller_id, 'order_refused', actor,
      format('%s refused "%s" at pickup', buyer, new.item_title), new.refusal_reason);
  elsif new.status = 'cancelled' then
    if new.refund_reason = 'seller_no_show' then
      perform private.notify_about_order(new, new.seller_id, 'order_cancelled', actor,
        format('%s cancelled the order of "%s" after a missed pickup', buyer, new.item_title),
        format('They were refunded %s. The piece is for sale again.', price));
    else
      -- A cancellation refunded outside Good Space (the legacy path, order_mark_refunded) is the seller's unless
      -- the provider refunded it.
      perform private.notify_about_order(new, new.buyer_id, 'order_cancelled',
        coalesce(actor, case when new.refund_reason <> 'provider' then new.seller_id end),
        format('Your order of "%s" was cancelled and refunded', new.item_title),
        case when new.refund_reason = 'buyer_no_show'
          then format('You missed two pickup times, so %s cancelled it. Your payment of %s goes back to your card.',
                      private.person_name(new.seller_id, 'the seller'), price)
          else format('Your payment of %s goes back to your card.', price) end);
    end if;
  elsif new.status = 'refunded' and new.refund_reason = 'already_sold' then
    perform private.notify_about_order(new, new.buyer_id, 'order_refunded', null,
      format('Someone else bought "%s" first. Your payment of %s was refunded.', new.item_title, price),
      'It goes back to your card.');
  end if;
  return null;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 7. The minute job: pg_cron posts to settle-orders only when there is work: a collected order due for payout,
--    a reminder due, or a pending refund, or a pending transfer whose seller can be paid. URL and key as for the
--    notification mails (private.setting: Vault on hosted, private.settings locally).
-- ---------------------------------------------------------------------------------------------------------
create function private.order_work_due() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
           select 1 from public.orders o
            where o.status = 'collected' and o.frozen_at is null and o.release_at <= now())
      or exists (
           select 1 from public.order_pickup_windows w
            where w.status = 'confirmed' and w.starts_at > now()
              and ((w.reminded_day_at is null and w.starts_at <= now() + interval '24 hours')
                   or (w.reminded_2h_at is null and w.starts_at <= now() + interval '2 hours')))
      or exists (
           select 1 from public.order_payments x
             join public.orders o on o.id = x.order_id
            where x.status = 'pending' and o.frozen_at is null
              and (x.retry_after is null or x.retry_after <= now())
              and (x.kind = 'refund' or private.payout_destination(o.seller_id, x.provider) is not null))
$$;

create function private.request_order_settlement() returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  base text;
  key text;
begin
  if not private.order_work_due() then
    return null;
  end if;
  base := private.setting('project_url');
  key := private.setting('service_role_key');
  if base is null or key is null then
    raise notice 'settle-orders: project_url or service_role_key is not set (Vault or private.settings)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(base, '/') || '/functions/v1/settle-orders',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key),
    timeout_milliseconds := 60000);
end $$;

select cron.schedule('settle-orders', '* * * * *', 'select private.request_order_settlement()');

-- ---------------------------------------------------------------------------------------------------------
-- 8. Who reads the pickup address: the seller always, the buyer once a window is confirmed (or kept), operators.
-- ---------------------------------------------------------------------------------------------------------
create function private.pickup_address_visible(p_order_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.orders o
                  where o.id = p_order_id
                    and ((o.seller_id = (select auth.uid()) and o.status not in ('pending', 'expired'))
                         or (o.buyer_id = (select auth.uid())
                             and exists (select 1 from public.order_pickup_windows w
                                          where w.order_id = o.id and w.status in ('confirmed', 'kept')))))
      or private.is_operator((select auth.uid()))
$$;
create policy order_pickup_addresses_select_parties on public.order_pickup_addresses for select to authenticated
  using ((select private.pickup_address_visible(order_id)));

-- ---------------------------------------------------------------------------------------------------------
-- 9. Storage: order-photos, '<order id>/<file>'. The order's buyer and seller upload and read its files, operators
--    read all (a problem's photos); nobody overwrites; the uploader removes their own.
-- ---------------------------------------------------------------------------------------------------------
create function private.party_order_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select o.id::text from public.orders o where o.buyer_id = (select auth.uid())
  union all
  select o.id::text from public.orders o
   where o.seller_id = (select auth.uid()) and o.status not in ('pending', 'expired')
$$;
create policy "order-photos: parties upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'order-photos'
              and (storage.foldername(name))[1] in (select private.party_order_folders()));
create policy "order-photos: parties or operators read" on storage.objects for select to authenticated
  using (bucket_id = 'order-photos'
         and ((storage.foldername(name))[1] in (select private.party_order_folders())
              or (select private.is_operator())));
create policy "order-photos: uploader deletes own" on storage.objects for delete to authenticated
  using (bucket_id = 'order-photos' and owner_id = (select auth.uid())::text
         and (storage.foldername(name))[1] in (select private.party_order_folders()));

-- ---------------------------------------------------------------------------------------------------------
-- 10. Pieces: a piece bought stays sold while its order waits for the handover or a decision, or is complete
--     (restated from 20261129000100_listing_membership.sql for the new states); a piece refused at pickup is
--     listed again only with an edit, which clears returned_at.
-- ---------------------------------------------------------------------------------------------------------
create or replace function private.catalog_item_relist_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.orders o
              where o.catalog_item_id = new.id and o.status in ('paid', 'collected', 'disputed', 'completed')) then
    raise exception 'This piece was bought on Good Stuff: cancel its order to sell it again' using errcode = '55000';
  end if;
  return new;
end $$;

create function private.catalog_item_returned_rule() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.title is distinct from old.title or new.description is distinct from old.description
     or new.price is distinct from old.price or new.condition is distinct from old.condition
     or new.dimensions is distinct from old.dimensions or new.width_in is distinct from old.width_in
     or new.depth_in is distinct from old.depth_in or new.height_in is distinct from old.height_in
     or new.photo_urls is distinct from old.photo_urls then
    new.returned_at := null;
  elsif new.status = 'available' and old.status is distinct from 'available' then
    raise exception 'Edit the piece before listing it again: its buyer refused it at pickup.' using errcode = '55000';
  end if;
  return new;
end $$;
-- After catalog_items_market_columns (triggers fire in name order), which turns is_available into status.
create trigger catalog_items_returned_rule before update on public.catalog_items
  for each row when (old.returned_at is not null)
  execute function private.catalog_item_returned_rule();

-- ---------------------------------------------------------------------------------------------------------
-- 11. Account deletion waits for orders that hold money or a piece: paid (waiting for the handover), collected
--     (within the 48 hours) or disputed, as buyer or seller. delete-account asks first; the trigger is the last
--     word under races (restated from 20261203000300_account_deletion_refusal.sql and 20261203000200_milestones.sql).
-- ---------------------------------------------------------------------------------------------------------
create function private.open_orders_refusal(p_user uuid) returns text
language sql stable security definer set search_path = '' as $$
  select 'These orders are waiting for their handover or in dispute: '
         || string_agg(format('"%s"', o.item_title), ', ' order by o.created_at, o.id)
         || '. Finish or cancel them before deleting your account.'
    from public.orders o
   where (o.buyer_id = p_user or o.seller_id = p_user) and o.status in ('paid', 'collected', 'disputed')
  having count(*) > 0
$$;

create or replace function public.account_deletion_refusal() returns text
language sql stable security definer set search_path = '' as $$
  select case
    when exists (select 1 from public.project_milestones m
                  where (m.customer_id = (select auth.uid()) or m.designer_id = (select auth.uid()))
                    and m.status in ('funded', 'submitted', 'changes_requested', 'disputed'))
      then 'This account has money held in funded milestones: release or settle them before deleting the account.'
    else private.open_orders_refusal((select auth.uid()))
  end
$$;

create or replace function private.refuse_delete_while_held() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  refusal text;
begin
  if tg_table_name = 'projects' then
    if exists (select 1 from public.project_milestones m
                where m.project_id = old.id and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')) then
      raise exception 'This project holds money in a funded milestone: release or settle it before deleting the project.'
        using errcode = '55000';
    end if;
    return old;
  end if;
  if exists (select 1 from public.project_milestones m
              where (m.customer_id = old.id or m.designer_id = old.id)
                and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')) then
    raise exception 'This account has money held in funded milestones: release or settle them before deleting the account.'
      using errcode = '55000';
  end if;
  -- The orders locked (their pieces first, every function's lock order), so an order paid or moved while the
  -- account goes waits for the answer.
  perform 1 from public.catalog_items c
   where c.id in (select o.catalog_item_id from public.orders o where o.buyer_id = old.id or o.seller_id = old.id)
   order by c.id for no key update;
  perform 1 from public.orders o where o.buyer_id = old.id or o.seller_id = old.id order by o.id for update;
  refusal := private.open_orders_refusal(old.id);
  if refusal is not null then
    raise exception '%', refusal using errcode = '55000';
  end if;
  return old;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 12. The counterpart's e-mail and the console's order counts follow the new paid states (restated from
--     20261130000100_private_email.sql).
-- ---------------------------------------------------------------------------------------------------------
create or replace function public.contact_email(p_user uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  addr text;
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  if p_user is null then
    raise exception 'Say whose e-mail address you want' using errcode = '22023';
  end if;
  if p_user <> uid
     and not exists (
       select 1 from public.projects p
        where p.status = 'active'
          and ((p.customer_id = uid and p.designer_id = p_user) or (p.customer_id = p_user and p.designer_id = uid)))
     and not exists (
       select 1 from public.orders o
        where o.status in ('paid', 'collected', 'disputed', 'completed')
          and ((o.seller_id = uid and o.buyer_id = p_user) or (o.seller_id = p_user and o.buyer_id = uid))) then
    raise exception 'You can see an e-mail address only while you share an active project or a paid order with that person'
      using errcode = '42501';
  end if;
  select pr.email into addr from public.profiles pr where pr.id = p_user;
  return addr;
end $$;

-- Restated from 20261202000200_moderation.sql: the owner's orders bought and sold count the new paid states.
create or replace function public.moderation_subject(p_kind public.report_subject, p_id uuid) returns jsonb
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
                         where o.buyer_id = owner and o.status in ('paid', 'collected', 'disputed', 'completed')),
      'orders_sold', (select count(*) from public.orders o
                       where o.seller_id = owner and o.status in ('paid', 'collected', 'disputed', 'completed')),
      'projects', (select count(*) from public.projects p where owner in (p.customer_id, p.designer_id))
    )
  );
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 13. Grants
-- ---------------------------------------------------------------------------------------------------------
revoke all on function private.order_held(public.orders), private.order_role(public.orders, uuid),
  private.lock_party_order(uuid, uuid), private.order_refuse_state(public.orders, text),
  private.check_folder_photos(text, uuid, text[]),
  private.save_pickup_address(public.orders, text, text, text),
  private.notify_about_order(public.orders, uuid, text, uuid, text, text, jsonb),
  private.set_order_actor(uuid), private.order_actor(), private.close_pickup_windows(uuid, text),
  private.release_order(public.orders, text, uuid), private.refund_order(public.orders, text, text, uuid),
  private.operator_problem(uuid, boolean), private.lock_order_payment(uuid), private.order_work_due(),
  private.request_order_settlement(), private.catalog_item_returned_rule(), private.open_orders_refusal(uuid)
  from public, anon, authenticated;
-- Read by the policies, as the caller.
revoke all on function private.pickup_address_visible(uuid), private.party_order_folders() from public, anon;
grant execute on function private.pickup_address_visible(uuid), private.party_order_folders()
  to authenticated, service_role;

revoke all on function
  public.offer_pickup_windows(uuid, jsonb, text, text),
  public.confirm_pickup_window(uuid, text, text),
  public.ask_pickup_reschedule(uuid),
  public.report_pickup_no_show(uuid),
  public.mark_order_collected(uuid),
  public.report_order_problem(uuid, text, text[]),
  public.add_order_problem_statement(uuid, text, text[]),
  public.order_problem_queue(integer, timestamptz, uuid),
  public.order_problem_detail(uuid),
  public.decide_order_problem(uuid, numeric, numeric, text)
  from public, anon;
grant execute on function
  public.offer_pickup_windows(uuid, jsonb, text, text),
  public.confirm_pickup_window(uuid, text, text),
  public.ask_pickup_reschedule(uuid),
  public.report_pickup_no_show(uuid),
  public.mark_order_collected(uuid),
  public.report_order_problem(uuid, text, text[]),
  public.add_order_problem_statement(uuid, text, text[]),
  public.order_problem_queue(integer, timestamptz, uuid),
  public.order_problem_detail(uuid),
  public.decide_order_problem(uuid, numeric, numeric, text)
  to authenticated, service_role;

revoke all on function
  public.order_mark_paid(uuid, text, text),
  public.order_collect(uuid, uuid),
  public.order_refuse(uuid, uuid, text, text[]),
  public.order_cancel(uuid, uuid),
  public.order_payment_succeeded(uuid, text),
  public.order_payment_note(uuid, text),
  public.order_pending_settlements(integer),
  public.orders_settle_due(),
  public.order_chargeback_opened(text, text, text),
  public.order_chargeback_closed(text, boolean)
  from public, anon, authenticated;
grant execute on function
  public.order_mark_paid(uuid, text, text),
  public.order_collect(uuid, uuid),
  public.order_refuse(uuid, uuid, text, text[]),
  public.order_cancel(uuid, uuid),
  public.order_payment_succeeded(uuid, text),
  public.order_payment_note(uuid, text),
  public.order_pending_settlements(integer),
  public.orders_settle_due(),
  public.order_chargeback_opened(text, text, text),
  public.order_chargeback_closed(text, boolean)
  to service_role;
