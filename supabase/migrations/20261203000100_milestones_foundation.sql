-- Funded milestones, the ground floor (docs/milestones.md): a bid's split into milestones, the project's milestones
-- with their states and amounts, the money ledger behind them, disputes and their statements, the photos' bucket
-- and the notification kinds. The rules that move them (submit, release, refunds, disputes, automatic release)
-- come in the migrations after this one; nothing here is writable through the API.

-- ---------------------------------------------------------------------------------------------------------
-- 1. A bid's milestones: on the bid itself, so a bid and its split are one write. Null is one milestone, the
--    whole bid. The shape and the sum are checked by the next migration's trigger.
-- ---------------------------------------------------------------------------------------------------------
alter table public.project_bids add column milestones jsonb
  check (milestones is null or (jsonb_typeof(milestones) = 'array' and jsonb_array_length(milestones) between 1 and 4));
comment on column public.project_bids.milestones is
  'The bid split into 1 to 4 milestones, [{ "title": text, "amount": number }], summing to bid_amount; null = one milestone, the whole bid (docs/milestones.md).';
grant insert (milestones) on public.project_bids to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 2. A project's milestones: made from the accepted bid, in its order. The database alone writes them.
-- ---------------------------------------------------------------------------------------------------------
create type public.milestone_status as enum (
  'not_funded', 'funded', 'submitted', 'changes_requested', 'released', 'refunded', 'disputed'
);

create table public.project_milestones (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  bid_id uuid references public.project_bids (id) on delete set null,
  -- Money records outlive their people (a deleted account is set null, the amounts stay).
  customer_id uuid references public.profiles (id) on delete set null,
  designer_id uuid references public.profiles (id) on delete set null,
  position smallint not null check (position between 1 and 4),
  title text not null check (char_length(btrim(title)) between 1 and 80),
  amount numeric not null check (amount > 0 and amount < 10000000000 and amount = round(amount, 2)),
  status public.milestone_status not null default 'not_funded',
  -- The charge that funded it (set when funded).
  provider text check (provider in ('stripe', 'sandbox')),
  payment_intent_id text,
  charge_id text,
  funded_at timestamptz,
  submitted_at timestamptz,
  submission_note text check (submission_note is null or char_length(submission_note) <= 2000),
  submission_photos text[] not null default '{}' check (cardinality(submission_photos) <= 6),
  changes_requested_at timestamptz,
  changes_note text check (changes_note is null or char_length(changes_note) <= 2000),
  -- Submitted and not answered: released at this time (submitted_at + 14 days); reminders 3 days and 1 day before.
  auto_release_at timestamptz,
  reminded_3d_at timestamptz,
  reminded_1d_at timestamptz,
  released_at timestamptz,
  released_amount numeric not null default 0 check (released_amount >= 0),
  refunded_amount numeric not null default 0 check (refunded_amount >= 0),
  -- The customer asked to cancel a funded, never-submitted milestone; the designer agrees by refunding it.
  cancel_requested_at timestamptz,
  -- A chargeback on its charge (charge.dispute.created) froze it: nothing moves until the bank decides.
  frozen_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint project_milestones_position_key unique (project_id, position),
  constraint project_milestones_money_fits check (released_amount + refunded_amount <= amount)
);
comment on table public.project_milestones is 'A project''s milestones and their money (docs/milestones.md). Written only by the database''s functions.';
create index project_milestones_customer_id_idx on public.project_milestones (customer_id);
create index project_milestones_designer_id_idx on public.project_milestones (designer_id, status);
create index project_milestones_bid_id_idx on public.project_milestones (bid_id);
create index project_milestones_auto_release_idx on public.project_milestones (auto_release_at)
  where status = 'submitted';
create index project_milestones_payment_intent_idx on public.project_milestones (payment_intent_id)
  where payment_intent_id is not null;
create trigger project_milestones_set_updated_at before update on public.project_milestones
  for each row execute function private.set_updated_at();

alter table public.project_milestones enable row level security;
create policy project_milestones_select_participants on public.project_milestones
  for select to authenticated
  using (project_id in (select private.participant_project_ids()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.project_milestones as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.project_milestones from anon, authenticated;
grant select on table public.project_milestones to authenticated;
grant all on table public.project_milestones to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 3. The money ledger: every charge, refund and transfer of a milestone, pending until the provider answers.
--    Receipts, earnings and the console read it; only the database's functions write it.
-- ---------------------------------------------------------------------------------------------------------
create table public.milestone_payments (
  id uuid primary key default gen_random_uuid(),
  milestone_id uuid not null references public.project_milestones (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  kind text not null check (kind in ('charge', 'refund', 'transfer')),
  amount numeric not null check (amount > 0 and amount < 10000000000 and amount = round(amount, 2)),
  currency text not null default 'usd' check (currency = 'usd'),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'expired')),
  -- Why: funding (charge); release, auto_release, dispute (transfer); designer_refund, cancel_agreed, dispute,
  -- double_payment, provider (refund: provider = made in Stripe's dashboard).
  reason text not null check (reason in (
    'funding', 'release', 'auto_release', 'dispute', 'designer_refund', 'cancel_agreed', 'double_payment', 'provider'
  )),
  provider text not null check (provider in ('stripe', 'sandbox')),
  -- The provider's object once made: pi_… (charge), re_… (refund), tr_… (transfer).
  provider_id text,
  checkout_session_id text,
  checkout_expires_at timestamptz,
  -- Why a pending transfer waits (e.g. 'no_seller_account') or why it failed.
  note text check (note is null or char_length(note) <= 500),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint milestone_payments_done_when_closed check ((status = 'pending') = (completed_at is null))
);
comment on table public.milestone_payments is 'Money of milestones: charges, refunds, transfers (docs/milestones.md). Written only by the database''s functions.';
create index milestone_payments_milestone_id_idx on public.milestone_payments (milestone_id, created_at);
create index milestone_payments_project_id_idx on public.milestone_payments (project_id, created_at);
create index milestone_payments_pending_idx on public.milestone_payments (created_at) where status = 'pending';
create unique index milestone_payments_provider_id_key on public.milestone_payments (provider, provider_id)
  where provider_id is not null;
create unique index milestone_payments_session_key on public.milestone_payments (checkout_session_id)
  where checkout_session_id is not null;

alter table public.milestone_payments enable row level security;
create policy milestone_payments_select_participants on public.milestone_payments
  for select to authenticated
  using (project_id in (select private.participant_project_ids()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.milestone_payments as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.milestone_payments from anon, authenticated;
grant select on table public.milestone_payments to authenticated;
grant all on table public.milestone_payments to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 4. Disputes: opened by either party on a funded or submitted milestone (kind 'dispute'), or by the card's bank
--    (kind 'chargeback', from Stripe's charge.dispute.*). An operator decides a dispute's split.
-- ---------------------------------------------------------------------------------------------------------
create table public.milestone_disputes (
  id uuid primary key default gen_random_uuid(),
  milestone_id uuid not null references public.project_milestones (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  kind text not null default 'dispute' check (kind in ('dispute', 'chargeback')),
  opened_by uuid references public.profiles (id) on delete set null,
  reason text check (reason is null or char_length(reason) <= 1000),
  status text not null default 'open' check (status in ('open', 'decided', 'closed')),
  -- Both parties add their statement until then.
  statements_due_at timestamptz not null default (now() + interval '5 days'),
  refund_amount numeric check (refund_amount is null or (refund_amount >= 0 and refund_amount = round(refund_amount, 2))),
  release_amount numeric check (release_amount is null or (release_amount >= 0 and release_amount = round(release_amount, 2))),
  decision_reason text check (decision_reason is null or char_length(decision_reason) <= 1000),
  decided_by uuid,
  decided_at timestamptz,
  -- Chargebacks: Stripe's dispute (du_… / dp_…) and the bank's outcome.
  provider_dispute_id text unique,
  outcome text check (outcome is null or outcome in ('won', 'lost')),
  created_at timestamptz not null default now(),
  constraint milestone_disputes_decided_whole check (
    (status = 'decided') = (decided_at is not null and refund_amount is not null and release_amount is not null)
  )
);
comment on table public.milestone_disputes is 'Disputes and chargebacks of milestones (docs/milestones.md). Written only by the database''s functions.';
create unique index milestone_disputes_one_open on public.milestone_disputes (milestone_id)
  where status = 'open' and kind = 'dispute';
create index milestone_disputes_project_id_idx on public.milestone_disputes (project_id);
create index milestone_disputes_open_idx on public.milestone_disputes (created_at, id) where status = 'open';
create index milestone_disputes_opened_by_idx on public.milestone_disputes (opened_by);

alter table public.milestone_disputes enable row level security;
create policy milestone_disputes_select_participants on public.milestone_disputes
  for select to authenticated
  using (project_id in (select private.participant_project_ids()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.milestone_disputes as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.milestone_disputes from anon, authenticated;
grant select on table public.milestone_disputes to authenticated;
grant all on table public.milestone_disputes to service_role;

create table public.milestone_dispute_statements (
  id uuid primary key default gen_random_uuid(),
  dispute_id uuid not null references public.milestone_disputes (id) on delete cascade,
  project_id uuid not null references public.projects (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  body text not null check (char_length(btrim(body)) between 1 and 2000),
  -- Paths in the milestone-photos bucket.
  photos text[] not null default '{}' check (cardinality(photos) <= 6),
  created_at timestamptz not null default now(),
  constraint milestone_dispute_statements_one_each unique (dispute_id, author_id)
);
comment on table public.milestone_dispute_statements is 'Each party''s statement in a dispute (docs/milestones.md). Written only by add_dispute_statement.';
create index milestone_dispute_statements_project_id_idx on public.milestone_dispute_statements (project_id);
create index milestone_dispute_statements_author_id_idx on public.milestone_dispute_statements (author_id);

alter table public.milestone_dispute_statements enable row level security;
create policy milestone_dispute_statements_select_participants on public.milestone_dispute_statements
  for select to authenticated
  using (project_id in (select private.participant_project_ids()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.milestone_dispute_statements as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.milestone_dispute_statements from anon, authenticated;
grant select on table public.milestone_dispute_statements to authenticated;
grant all on table public.milestone_dispute_statements to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 5. The audit log learns the operator's dispute decision.
-- ---------------------------------------------------------------------------------------------------------
alter table public.moderation_actions drop constraint moderation_actions_action_check;
alter table public.moderation_actions add constraint moderation_actions_action_check check (action in (
  'dismiss', 'hide', 'restore', 'warn', 'suspend', 'reinstate', 'approve_verification', 'refuse_verification',
  'decide_dispute'
));

-- ---------------------------------------------------------------------------------------------------------
-- 6. Notification kinds of milestones (all added here, once).
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
  'milestone_dispute_decided'
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
  'milestone_dispute_decided'
));

-- ---------------------------------------------------------------------------------------------------------
-- 7. The photos of submissions and dispute statements (docs/decisions/0003-storage-buckets-and-listing.md):
--    private, 5 MB, images. Paths are '<project id>/<file>'; the policies come with the next migration.
-- ---------------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('milestone-photos', 'milestone-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp']);
