-- Buyer protection on Good Stuff, the ground floor (docs/orders.md; ADR 0034 changes ADR 0029): a Buy Now payment
-- is held by Good Space until the handover. This migration gives the orders their new states and money columns,
-- the pickup windows and the pickup address, the ledger of each order's refunds and transfers, problems and their
-- statements, the photos' bucket, and the notification kinds. The rules that move them come in the next migration;
-- nothing new here is writable through the API.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Orders: held payouts, the handover, partial money, chargebacks
-- ---------------------------------------------------------------------------------------------------------
-- Orders paid before this migration were destination charges: the seller already has the money ('destination').
-- Every order opened from now on is held on the platform's account until the handover ('held').
alter table public.orders
  add column payout text not null default 'destination' check (payout in ('destination', 'held')),
  -- The platform's charge (ch_…): a held order's transfer to the seller is made from it (source_transaction).
  add column charge_id text check (charge_id is null or char_length(charge_id) <= 255),
  -- The seller marked it collected: the buyer has until release_at (48 hours) to report a problem.
  add column handed_over_at timestamptz,
  add column release_at timestamptz,
  add column refused_at timestamptz,
  add column refusal_reason text check (refusal_reason is null or char_length(btrim(refusal_reason)) between 1 and 1000),
  -- Paths in the order-photos bucket ('<order id>/<file>').
  add column refusal_photos text[] not null default '{}' check (cardinality(refusal_photos) <= 6),
  -- What reached the seller and what went back to the buyer, as the ledger's rows are made.
  add column released_amount numeric(12, 2) not null default 0 check (released_amount >= 0),
  add column refunded_amount numeric(12, 2) not null default 0 check (refunded_amount >= 0),
  -- A chargeback on the charge (charge.dispute.created): no money of the order moves until the bank decides.
  add column frozen_at timestamptz,
  add constraint orders_money_fits check (released_amount + refunded_amount <= amount);
alter table public.orders alter column payout set default 'held';
comment on column public.orders.payout is
  'held: the payment waits on the platform''s account and is transferred to the seller at the handover (docs/orders.md). destination: paid before buyer protection, a destination charge the seller already has.';

-- 'ready' (the seller's Mark ready) gives way to pickup windows: a ready order is a paid one waiting for its handover.
-- Not a new payment, so the notification trigger is kept out of it.
alter table public.orders disable trigger orders_notify;
update public.orders set status = 'paid' where status = 'ready';
alter table public.orders enable trigger orders_notify;

alter table public.orders drop constraint orders_status_check;
alter table public.orders add constraint orders_status_check check (status in (
  'pending', 'expired', 'paid', 'collected', 'disputed', 'completed', 'refused', 'cancelled', 'refunded'
));
alter table public.orders drop constraint orders_check1;
alter table public.orders add constraint orders_paid_has_paid_at check (
  (status in ('paid', 'collected', 'disputed', 'completed', 'refused', 'cancelled')) <= (paid_at is not null)
);
alter table public.orders drop constraint orders_check2;
alter table public.orders add constraint orders_refunded_has_reason check (
  (status in ('cancelled', 'refunded', 'refused')) <= (refunded_at is not null and refund_reason is not null)
);
alter table public.orders add constraint orders_collected_has_window check (
  (status = 'collected') <= (handed_over_at is not null and release_at is not null)
);
alter table public.orders add constraint orders_refused_has_reason check (
  (status = 'refused') <= (refused_at is not null and refusal_reason is not null)
);
alter table public.orders drop constraint orders_refund_reason_check;
alter table public.orders add constraint orders_refund_reason_check check (refund_reason in (
  'seller_cancelled', 'already_sold', 'provider', 'refused', 'buyer_no_show', 'seller_no_show', 'problem', 'chargeback'
));
comment on column public.orders.status is
  'pending (checkout open) | expired (abandoned) | paid (held, waiting for the handover) → collected (the seller marked it collected; the buyer has 48 hours) → completed (the seller paid, in whole or part) | disputed (a problem reported or a chargeback before the payout) | refused (at pickup, refunded) | cancelled (before the handover, refunded) | refunded (a double payment, or a decision or chargeback that gave it all back). docs/orders.md.';
comment on column public.orders.amount is
  'What the buyer pays and the seller receives in full unless a problem is decided otherwise: the list price, or the buyer''s accepted offer.';

-- Sold once: one order per piece that has the buyer's money or the piece.
drop index public.orders_one_sale_per_piece_idx;
create unique index orders_one_sale_per_piece_idx on public.orders (catalog_item_id)
  where status in ('paid', 'collected', 'disputed', 'completed');
-- The handover job: collected orders due for payout.
create index orders_release_at_idx on public.orders (release_at) where status = 'collected';
create index orders_charge_id_idx on public.orders (charge_id) where charge_id is not null;

-- The order trigger now also follows the new states (the next migration's private.notify_order says what to whom).
drop trigger orders_notify on public.orders;
create trigger orders_notify after update of status on public.orders
  for each row when (old.status is distinct from new.status
                     and new.status in ('paid', 'collected', 'disputed', 'completed', 'refused', 'cancelled', 'refunded'))
  execute function private.notify_order();

-- A piece refused at pickup comes back to its seller delisted, and is listed again only after they edit it.
alter table public.catalog_items add column returned_at timestamptz;
comment on column public.catalog_items.returned_at is
  'The buyer refused it at pickup (docs/orders.md): delisted, and listed again only once the seller edits it. Set only by the database.';

-- ---------------------------------------------------------------------------------------------------------
-- 2. Pickup windows: up to three offered at a time by one party, one confirmed by the other.
-- ---------------------------------------------------------------------------------------------------------
create table public.order_pickup_windows (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  proposed_by uuid references public.profiles (id) on delete set null,
  -- Who proposed it, kept when the account goes.
  proposer_role text not null check (proposer_role in ('buyer', 'seller')),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- proposed → confirmed (the other party chose it) | superseded (another was chosen, new ones offered, or a
  -- reschedule asked) ; confirmed → kept (the handover happened) | missed (a party said the other did not come)
  -- | superseded (rescheduled).
  status text not null default 'proposed'
    check (status in ('proposed', 'confirmed', 'superseded', 'kept', 'missed')),
  confirmed_at timestamptz,
  -- A missed window: who did not come, and who said so.
  missed_by text check (missed_by in ('buyer', 'seller')),
  missed_reported_by uuid references public.profiles (id) on delete set null,
  -- The day-before and two-hours-before reminders, each sent once.
  reminded_day_at timestamptz,
  reminded_2h_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint order_pickup_windows_span check (ends_at > starts_at and ends_at <= starts_at + interval '12 hours'),
  constraint order_pickup_windows_missed_whole check ((status = 'missed') = (missed_by is not null)),
  constraint order_pickup_windows_confirmed_when check ((status in ('confirmed', 'kept', 'missed')) <= (confirmed_at is not null))
);
comment on table public.order_pickup_windows is
  'Pickup windows of an order (docs/orders.md). Written only by the database''s functions; the order''s buyer and seller read them.';
create index order_pickup_windows_order_id_idx on public.order_pickup_windows (order_id, starts_at);
create unique index order_pickup_windows_one_confirmed on public.order_pickup_windows (order_id)
  where status = 'confirmed';
-- The reminders' job: confirmed windows still ahead.
create index order_pickup_windows_confirmed_starts_idx on public.order_pickup_windows (starts_at)
  where status = 'confirmed';
create index order_pickup_windows_proposed_by_idx on public.order_pickup_windows (proposed_by);
create index order_pickup_windows_missed_reported_by_idx on public.order_pickup_windows (missed_reported_by);
create trigger order_pickup_windows_set_updated_at before update on public.order_pickup_windows
  for each row execute function private.set_updated_at();

-- The order's parties, as the orders policy lets them read it (the seller once it is paid).
create function private.order_party(p_order_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.orders o
                  where o.id = p_order_id
                    and (o.buyer_id = (select auth.uid())
                         or (o.seller_id = (select auth.uid()) and o.status not in ('pending', 'expired'))))
$$;
revoke all on function private.order_party(uuid) from public, anon;
grant execute on function private.order_party(uuid) to authenticated, service_role;

alter table public.order_pickup_windows enable row level security;
create policy order_pickup_windows_select_parties on public.order_pickup_windows for select to authenticated
  using ((select private.order_party(order_id)) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.order_pickup_windows as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.order_pickup_windows from anon, authenticated;
grant select on table public.order_pickup_windows to authenticated;
grant all on table public.order_pickup_windows to service_role;

-- The pickup address: the seller's, given with their windows (or when confirming the buyer's); the buyer reads it
-- only once a window is confirmed (the policy comes with the next migration).
create table public.order_pickup_addresses (
  order_id uuid primary key references public.orders (id) on delete cascade,
  seller_id uuid references public.profiles (id) on delete set null,
  address text not null check (char_length(btrim(address)) between 5 and 300),
  -- Directions for the buyer: "Ring 2B, the side gate".
  directions text check (directions is null or char_length(directions) <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.order_pickup_addresses is
  'Where the buyer collects the piece (docs/orders.md): the seller always reads it, the buyer only once a pickup window is confirmed. Written only by the database''s functions.';
create index order_pickup_addresses_seller_id_idx on public.order_pickup_addresses (seller_id, updated_at desc);
create trigger order_pickup_addresses_set_updated_at before update on public.order_pickup_addresses
  for each row execute function private.set_updated_at();
alter table public.order_pickup_addresses enable row level security;
create policy "two-factor users need aal2" on public.order_pickup_addresses as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.order_pickup_addresses from anon, authenticated;
grant select on table public.order_pickup_addresses to authenticated;
grant all on table public.order_pickup_addresses to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 3. The money ledger of held orders: each refund and transfer, pending until the provider answers.
-- ---------------------------------------------------------------------------------------------------------
create table public.order_payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('refund', 'transfer')),
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null default 'usd' check (currency = 'usd'),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  -- Why: release (the buyer confirmed), auto_release (48 hours passed), problem (an operator's decision) for
  -- transfers; refused, seller_cancelled, buyer_no_show, seller_no_show, problem for refunds.
  reason text not null check (reason in (
    'release', 'auto_release', 'problem', 'refused', 'seller_cancelled', 'buyer_no_show', 'seller_no_show'
  )),
  provider text not null check (provider in ('stripe', 'sandbox')),
  -- re_… (refund) or tr_… (transfer) once made.
  provider_id text check (provider_id is null or char_length(provider_id) <= 255),
  -- Why a pending row waits (e.g. the seller has not finished Get paid) or why it failed.
  note text check (note is null or char_length(note) <= 500),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint order_payments_done_when_closed check ((status = 'pending') = (completed_at is null))
);
comment on table public.order_payments is
  'Refunds and transfers of held orders (docs/orders.md). Written only by the database''s functions; the order''s parties and operators read them.';
create index order_payments_order_id_idx on public.order_payments (order_id, created_at);
create index order_payments_pending_idx on public.order_payments (created_at) where status = 'pending';
create unique index order_payments_provider_id_key on public.order_payments (provider, provider_id)
  where provider_id is not null;
alter table public.order_payments enable row level security;
create policy order_payments_select_parties on public.order_payments for select to authenticated
  using ((select private.order_party(order_id)) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.order_payments as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.order_payments from anon, authenticated;
grant select on table public.order_payments to authenticated;
grant all on table public.order_payments to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 4. Problems: reported by the buyer within the 48 hours (kind 'problem') or opened by the card's bank (kind
--    'chargeback'); an operator decides a problem as a refund and a payout that add up to what is held.
-- ---------------------------------------------------------------------------------------------------------
create table public.order_problems (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null default 'problem' check (kind in ('problem', 'chargeback')),
  opened_by uuid references public.profiles (id) on delete set null,
  reason text check (reason is null or char_length(reason) <= 1000),
  status text not null default 'open' check (status in ('open', 'decided', 'closed')),
  statements_due_at timestamptz not null default (now() + interval '3 days'),
  refund_amount numeric(12, 2) check (refund_amount is null or refund_amount >= 0),
  release_amount numeric(12, 2) check (release_amount is null or release_amount >= 0),
  decision_reason text check (decision_reason is null or char_length(decision_reason) <= 1000),
  decided_by uuid,
  decided_at timestamptz,
  -- Chargebacks: Stripe's dispute (du_… / dp_…) and the bank's outcome.
  provider_dispute_id text unique check (provider_dispute_id is null or char_length(provider_dispute_id) <= 255),
  outcome text check (outcome is null or outcome in ('won', 'lost')),
  created_at timestamptz not null default now(),
  constraint order_problems_decided_whole check (
    (status = 'decided') = (decided_at is not null and refund_amount is not null and release_amount is not null)
  )
);
comment on table public.order_problems is
  'Problems reported after a handover and chargebacks of orders (docs/orders.md). Written only by the database''s functions.';
create unique index order_problems_one_open on public.order_problems (order_id)
  where status = 'open' and kind = 'problem';
create index order_problems_order_id_idx on public.order_problems (order_id);
create index order_problems_open_idx on public.order_problems (created_at, id) where status = 'open';
create index order_problems_opened_by_idx on public.order_problems (opened_by);
alter table public.order_problems enable row level security;
create policy order_problems_select_parties on public.order_problems for select to authenticated
  using ((select private.order_party(order_id)) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.order_problems as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.order_problems from anon, authenticated;
-- decided_by (which operator) is the console's business, not the parties'.
grant select (id, order_id, kind, opened_by, reason, status, statements_due_at, refund_amount, release_amount,
              decision_reason, decided_at, provider_dispute_id, outcome, created_at)
  on table public.order_problems to authenticated;
grant all on table public.order_problems to service_role;

create table public.order_problem_statements (
  id uuid primary key default gen_random_uuid(),
  problem_id uuid not null references public.order_problems (id) on delete cascade,
  order_id uuid not null references public.orders (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  author_role text not null check (author_role in ('buyer', 'seller')),
  body text not null check (char_length(btrim(body)) between 1 and 2000),
  -- Paths in the order-photos bucket.
  photos text[] not null default '{}' check (cardinality(photos) <= 6),
  created_at timestamptz not null default now(),
  constraint order_problem_statements_one_each unique (problem_id, author_role)
);
comment on table public.order_problem_statements is
  'Each party''s statement on a problem (docs/orders.md); the buyer''s is the report itself. Written only by the database''s functions.';
create index order_problem_statements_order_id_idx on public.order_problem_statements (order_id);
create index order_problem_statements_author_id_idx on public.order_problem_statements (author_id);
alter table public.order_problem_statements enable row level security;
create policy order_problem_statements_select_parties on public.order_problem_statements for select to authenticated
  using ((select private.order_party(order_id)) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.order_problem_statements as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.order_problem_statements from anon, authenticated;
grant select on table public.order_problem_statements to authenticated;
grant all on table public.order_problem_statements to service_role;

-- Live on the order page (Realtime applies each table's select policy per subscriber).
alter publication supabase_realtime add table public.order_pickup_windows, public.order_pickup_addresses,
  public.order_payments, public.order_problems, public.order_problem_statements;

-- ---------------------------------------------------------------------------------------------------------
-- 5. The audit log learns the operator's decision on an order's problem.
-- ---------------------------------------------------------------------------------------------------------
alter table public.moderation_actions drop constraint moderation_actions_action_check;
alter table public.moderation_actions add constraint moderation_actions_action_check check (action in (
  'dismiss', 'hide', 'restore', 'warn', 'suspend', 'reinstate', 'approve_verification', 'refuse_verification',
  'decide_dispute', 'decide_order_problem'
));

-- ---------------------------------------------------------------------------------------------------------
-- 6. Notification kinds of buyer protection (all added here, once). 'order_ready' stays allowed for the rows
--    already sent; nothing sends it any more.
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_released',
  'milestone_release_reminder', 'milestone_refunded', 'milestone_cancel_requested', 'milestone_disputed',
  'milestone_dispute_decided',
  'pickup_proposed', 'pickup_confirmed', 'pickup_reschedule', 'pickup_reminder', 'pickup_missed',
  'order_collected', 'order_refused', 'order_problem', 'order_problem_decided', 'order_chargeback'
));
alter table public.notification_preferences drop constraint notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_released',
  'milestone_release_reminder', 'milestone_refunded', 'milestone_cancel_requested', 'milestone_disputed',
  'milestone_dispute_decided',
  'pickup_proposed', 'pickup_confirmed', 'pickup_reschedule', 'pickup_reminder', 'pickup_missed',
  'order_collected', 'order_refused', 'order_problem', 'order_problem_decided', 'order_chargeback'
));

-- Mails about money and pickups are never folded into a digest (20261130000400_fair_mail.sql): each says what
-- happened to one payment or one appointment. The milestones' money kinds join them.
drop index public.notifications_mail_fold_key_idx;
alter table public.notifications drop column mail_fold_key;
alter table public.notifications
  add column mail_fold_key text generated always as (
    case when kind like 'order\_%' or kind like 'pickup\_%'
              or kind in ('payment_failed', 'membership_ending', 'milestone_funded', 'milestone_released',
                          'milestone_refunded', 'milestone_dispute_decided', 'milestone_release_reminder') then null
         else kind || ':' || coalesce(actor_id::text, project_id::text, data ->> 'catalog_item_id', '-') end
  ) stored;
comment on column public.notifications.mail_fold_key is
  'Kind and actor (or project/piece): at most one mail per (user_id, mail_fold_key) an hour. Null: never folded (money, pickups, memberships).';
create index notifications_mail_fold_key_idx on public.notifications (user_id, mail_fold_key, mailed_at)
  where mail_fold_key is not null;

-- ---------------------------------------------------------------------------------------------------------
-- 7. The photos of refusals and problem statements (docs/decisions/0003-storage-buckets-and-listing.md):
--    private, 5 MB, images. Paths are '<order id>/<file>'; the policies come with the next migration.
-- ---------------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('order-photos', 'order-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp']);
