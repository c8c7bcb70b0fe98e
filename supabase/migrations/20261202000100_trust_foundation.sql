-- Trust and safety, the ground floor (docs/trust-and-safety.md): who operates Good Space, what people report, and
-- the audit log of what operators do. The rules that act on these (report checks, hiding, blocking, suspending,
-- verification) come in the migrations after this one.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Operators: people at Good Space who act on reports. Kept in the private schema, so no API role can read or
--    write the list; an operator is made by SQL run as the database owner (the seed makes the demo one).
-- ---------------------------------------------------------------------------------------------------------
create table private.operators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table private.operators is 'Good Space operators (docs/trust-and-safety.md). Not reachable through the API.';

create function private.is_operator(uid uuid default auth.uid()) returns boolean
language sql stable security definer set search_path = '' as $$
  select uid is not null and exists (select 1 from private.operators o where o.user_id = uid)
$$;
revoke all on function private.is_operator(uuid) from public;
grant execute on function private.is_operator(uuid) to authenticated, service_role;

-- The app asks once to show the console; the database decides on every call anyway.
create function public.is_operator() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_operator((select auth.uid()))
$$;
revoke all on function public.is_operator() from public;
grant execute on function public.is_operator() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Reports: one person's report of one thing. The reporter writes the subject, the reason and the details;
--    the database fills in who is responsible for the subject and keeps the status.
-- ---------------------------------------------------------------------------------------------------------
create type public.report_subject as enum ('person', 'piece', 'project_message', 'piece_message', 'review', 'project');
create type public.report_reason as enum (
  'scam', 'offensive', 'not_as_described', 'prohibited', 'spam', 'danger', 'other'
);

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  subject_kind public.report_subject not null,
  subject_id uuid not null,
  subject_user_id uuid references public.profiles (id) on delete set null,
  reason public.report_reason not null,
  details text check (details is null or char_length(details) <= 1000),
  status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null,
  constraint reports_resolved_when_closed check ((status = 'open') = (resolved_at is null))
);
comment on table public.reports is 'Reports of people and content (docs/trust-and-safety.md). subject_user_id, status and resolved_* are the database''s.';
comment on column public.reports.subject_user_id is 'Who is responsible for the subject (the person, the seller, the sender, the reviewer, the customer).';

-- One open report per person per thing.
create unique index reports_one_open_per_reporter on public.reports (reporter_id, subject_kind, subject_id)
  where status = 'open';
create index reports_open_subject_idx on public.reports (subject_kind, subject_id, created_at) where status = 'open';
create index reports_open_created_at_idx on public.reports (created_at, id) where status = 'open';
create index reports_subject_user_id_idx on public.reports (subject_user_id, created_at desc);
create index reports_resolved_by_idx on public.reports (resolved_by);

alter table public.reports enable row level security;
create policy reports_insert_own on public.reports
  for insert to authenticated
  with check (reporter_id = (select auth.uid()));
create policy reports_select_own_or_operator on public.reports
  for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.reports as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.reports from anon, authenticated;
grant select on table public.reports to authenticated;
grant insert (reporter_id, subject_kind, subject_id, reason, details) on table public.reports to authenticated;
grant all on table public.reports to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 3. The audit log: every operator action, who, what, when and why. Operators read it; nobody changes it, not
--    even the service role (the trigger refuses every update and delete).
-- ---------------------------------------------------------------------------------------------------------
create table public.moderation_actions (
  id uuid primary key default gen_random_uuid(),
  -- No foreign keys on people: the log outlives the accounts it names.
  operator_id uuid not null,
  operator_name text not null,
  action text not null check (action in (
    'dismiss', 'hide', 'restore', 'warn', 'suspend', 'reinstate', 'approve_verification', 'refuse_verification'
  )),
  subject_kind public.report_subject,
  subject_id uuid,
  target_user_id uuid,
  reason text not null check (char_length(btrim(reason)) between 1 and 1000),
  report_ids uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  constraint moderation_actions_subject_whole check ((subject_kind is null) = (subject_id is null))
);
comment on table public.moderation_actions is 'The audit log of operator actions (docs/trust-and-safety.md). Append-only: written by private.log_moderation.';
create index moderation_actions_created_at_idx on public.moderation_actions (created_at desc, id desc);
create index moderation_actions_target_idx on public.moderation_actions (target_user_id, created_at desc);
create index moderation_actions_subject_idx on public.moderation_actions (subject_kind, subject_id, created_at desc);

alter table public.moderation_actions enable row level security;
create policy moderation_actions_select_operators on public.moderation_actions
  for select to authenticated
  using ((select private.is_operator()));
create policy "two-factor users need aal2" on public.moderation_actions as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.moderation_actions from anon, authenticated, service_role;
grant select on table public.moderation_actions to authenticated, service_role;

create function private.moderation_log_is_final() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'The audit log cannot be changed' using errcode = '42501';
end $$;
revoke all on function private.moderation_log_is_final() from public;
create trigger moderation_actions_final before update or delete on public.moderation_actions
  for each row execute function private.moderation_log_is_final();
create trigger moderation_actions_final_truncate before truncate on public.moderation_actions
  for each statement execute function private.moderation_log_is_final();

-- Writes one line of the log for the calling operator and returns its id; anyone else is refused. Every operator
-- action (later migrations) calls this in the same transaction as the change it records.
create function private.log_moderation(
  p_action text, p_subject_kind public.report_subject, p_subject_id uuid, p_target_user_id uuid, p_reason text,
  p_report_ids uuid[] default '{}'
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  operator uuid := (select auth.uid());
  logged uuid;
begin
  if not private.is_operator(operator) then
    raise exception 'Only Good Space operators can do this' using errcode = '42501';
  end if;
  if p_reason is null or char_length(btrim(p_reason)) = 0 then
    raise exception 'Give a reason for this action' using errcode = '23514';
  end if;
  if char_length(btrim(p_reason)) > 1000 then
    raise exception 'Keep the reason under 1000 characters' using errcode = '23514';
  end if;
  insert into public.moderation_actions (operator_id, operator_name, action, subject_kind, subject_id,
                                         target_user_id, reason, report_ids)
  values (operator, coalesce(private.person_name(operator, null), 'Good Space'), p_action, p_subject_kind,
          p_subject_id, p_target_user_id, btrim(p_reason), coalesce(p_report_ids, '{}'))
  returning id into logged;
  return logged;
end $$;
revoke all on function private.log_moderation(text, public.report_subject, uuid, uuid, text, uuid[]) from public;

-- ---------------------------------------------------------------------------------------------------------
-- 4. Notification kinds the trust-and-safety work sends (all added here, once, so the later migrations do not
--    each rewrite the list).
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided'
));
alter table public.notification_preferences drop constraint notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided'
));
