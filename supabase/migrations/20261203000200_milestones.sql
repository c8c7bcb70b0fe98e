-- Funded milestones, the rules (docs/milestones.md; docs/decisions/0033-funded-milestones.md): the bid's split,
-- the project's milestones made at acceptance, the photos' storage rules, what the customer and the designer do
-- (submit, request changes, ask to cancel, dispute, statements), the operators' decisions, the money functions the
-- edge functions call (fund, release, refund, settle, chargebacks), the automatic release with its reminders and
-- the minute job that wakes settle-milestones, and the notifications of every step.
--
-- Every money transition happens once under races: each function locks the milestone row first (select … for
-- update), then the ledger or dispute rows it touches, and decides from what it reads under the lock. Amounts come
-- only from the rows (the browser never sends one; the designer's refund amount and the operator's split are
-- checked against the held amount under the lock).

-- ---------------------------------------------------------------------------------------------------------
-- 0. The ledger learns which charge a refund or transfer draws on (a double payment's refund goes back through
--    its own payment intent, not the milestone's), and when a pending one that could not be made is due again.
--    A project's milestones are numbered per accepted bid: when an assigned designer's account goes and the
--    project reopens (20261122000500_account_deletion.sql), the settled milestones of that bid stay as history
--    (their bid and designer set null) and the next accepted bid numbers its own from 1.
-- ---------------------------------------------------------------------------------------------------------
alter table public.milestone_payments
  add column source_payment_id uuid references public.milestone_payments (id) on delete set null,
  add column charge_id text check (charge_id is null or char_length(charge_id) <= 255),
  add column retry_after timestamptz,
  add constraint milestone_payments_source_for_money_out
    check (kind = 'charge' or source_payment_id is not null or status <> 'pending');
comment on column public.milestone_payments.source_payment_id is
  'Refunds and transfers: the charge row they draw on (its payment intent and charge id go to the provider).';
comment on column public.milestone_payments.charge_id is 'Charges: the provider''s charge (ch_…), once paid.';
comment on column public.milestone_payments.retry_after is
  'A pending refund or transfer that could not be made yet (see note) is tried again from then.';
create index milestone_payments_source_payment_id_idx on public.milestone_payments (source_payment_id);
create index milestone_payments_provider_lookup_idx on public.milestone_payments (provider_id)
  where provider_id is not null;

alter table public.project_milestones drop constraint project_milestones_position_key;
alter table public.project_milestones add constraint project_milestones_bid_position_key unique (bid_id, position);
create index project_milestones_project_id_idx on public.project_milestones (project_id, position);

-- ---------------------------------------------------------------------------------------------------------
-- 1. The bid's split: null, or 1 to 4 { title, amount } summing exactly to the bid. Stored normalised (titles
--    trimmed, amounts as numbers).
-- ---------------------------------------------------------------------------------------------------------
-- '$1,200.00': the split's sentence names the bid with its cents.
create function private.money_cents(amount numeric) returns text
language sql immutable set search_path = '' as $$
  select '$' || to_char(amount, 'FM999,999,999,990.00')
$$;

create function private.check_bid_milestones() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  m jsonb;
  title text;
  amount numeric;
  total numeric := 0;
  normalised jsonb := '[]'::jsonb;
begin
  if new.milestones is null or jsonb_typeof(new.milestones) = 'null' then
    new.milestones := null;
    return new;
  end if;
  if jsonb_typeof(new.milestones) <> 'array' or jsonb_array_length(new.milestones) not between 1 and 4 then
    raise exception 'Split the bid into at most 4 milestones' using errcode = '23514';
  end if;
  for m in select value from jsonb_array_elements(new.milestones) loop
    if jsonb_typeof(m) <> 'object' then
      raise exception 'Give each milestone a title of up to 80 characters' using errcode = '23514';
    end if;
    if jsonb_typeof(m -> 'title') is distinct from 'string'
       or exists (select 1 from jsonb_object_keys(m) k where k not in ('title', 'amount')) then
      raise exception 'Give each milestone a title of up to 80 characters' using errcode = '23514';
    end if;
    title := btrim(m ->> 'title');
    if char_length(title) not between 1 and 80 then
      raise exception 'Give each milestone a title of up to 80 characters' using errcode = '23514';
    end if;
    if jsonb_typeof(m -> 'amount') is distinct from 'number' then
      raise exception 'Each milestone needs an amount above $0 with at most 2 decimals' using errcode = '23514';
    end if;
    amount := (m ->> 'amount')::numeric;
    if amount <= 0 or amount <> round(amount, 2) or amount >= 10000000000 then
      raise exception 'Each milestone needs an amount above $0 with at most 2 decimals' using errcode = '23514';
    end if;
    total := total + amount;
    normalised := normalised || jsonb_build_array(jsonb_build_object('title', title, 'amount', amount));
  end loop;
  if total <> new.bid_amount then
    raise exception 'The milestones must add up to the bid (%)', private.money_cents(new.bid_amount)
      using errcode = '23514';
  end if;
  new.milestones := normalised;
  return new;
end $$;
create trigger project_bids_milestones_check before insert or update of milestones, bid_amount on public.project_bids
  for each row execute function private.check_bid_milestones();

-- ---------------------------------------------------------------------------------------------------------
-- 2. Milestones made when a bid is accepted (accept_bid moves it to accepted; the trigger covers every way a bid
--    becomes accepted), in the bid's order; no split is one 'Design work' milestone of the whole bid. A project
--    reopened after its designer left drops the old bid's milestones that never took money.
-- ---------------------------------------------------------------------------------------------------------
create function private.make_milestones(b public.project_bids) returns void
language plpgsql security definer set search_path = '' as $$
declare
  customer uuid := (select p.customer_id from public.projects p where p.id = b.project_id);
begin
  if exists (select 1 from public.project_milestones m where m.bid_id = b.id) then
    return;
  end if;
  delete from public.project_milestones m
   where m.project_id = b.project_id and m.status = 'not_funded' and m.bid_id is distinct from b.id
     and not exists (select 1 from public.milestone_payments x where x.milestone_id = m.id and x.status <> 'expired');
  insert into public.project_milestones (project_id, bid_id, customer_id, designer_id, position, title, amount)
  select b.project_id, b.id, customer, b.designer_id, e.ord, btrim(e.value ->> 'title'), (e.value ->> 'amount')::numeric
    from jsonb_array_elements(coalesce(b.milestones,
                                       jsonb_build_array(jsonb_build_object('title', 'Design work',
                                                                            'amount', b.bid_amount))))
         with ordinality as e(value, ord);
end $$;

-- A bid recorded already accepted (imports, the seed: the service role) on an active project counts as accepted.
create function private.milestones_on_accept() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE'
     or exists (select 1 from public.projects p where p.id = new.project_id and p.status = 'active') then
    perform private.make_milestones(new);
  end if;
  return null;
end $$;
create trigger project_bids_make_milestones after update of status on public.project_bids
  for each row when (old.status is distinct from new.status and new.status = 'accepted')
  execute function private.milestones_on_accept();
create trigger project_bids_make_milestones_recorded after insert on public.project_bids
  for each row when (new.status = 'accepted')
  execute function private.milestones_on_accept();

-- The backfill: active projects with an accepted bid get one 'Design work' milestone of the whole bid.
insert into public.project_milestones (project_id, bid_id, customer_id, designer_id, position, title, amount)
select p.id, b.id, p.customer_id, b.designer_id, 1, 'Design work', b.bid_amount
  from public.projects p
  join public.project_bids b on b.project_id = p.id and b.status = 'accepted'
 where p.status = 'active'
   and not exists (select 1 from public.project_milestones m where m.project_id = p.id);

-- ---------------------------------------------------------------------------------------------------------
-- 3. Realtime: the project page follows its milestones, payments, disputes and statements live (the select
--    policies decide who hears).
-- ---------------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.project_milestones, public.milestone_payments,
  public.milestone_disputes, public.milestone_dispute_statements;

-- ---------------------------------------------------------------------------------------------------------
-- 4. Storage: milestone-photos, '<project id>/<file>'. The project's customer and designer upload and read their
--    project's files, operators read all (the dispute's photos); nobody overwrites; the uploader removes their own.
-- ---------------------------------------------------------------------------------------------------------
create policy "milestone-photos: participants upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'milestone-photos'
              and (storage.foldername(name))[1] in (select private.participant_project_folders()));
create policy "milestone-photos: participants or operators read" on storage.objects for select to authenticated
  using (bucket_id = 'milestone-photos'
         and ((storage.foldername(name))[1] in (select private.participant_project_folders())
              or (select private.is_operator())));
create policy "milestone-photos: uploader deletes own" on storage.objects for delete to authenticated
  using (bucket_id = 'milestone-photos' and owner_id = (select auth.uid())::text
         and (storage.foldername(name))[1] in (select private.participant_project_folders()));

-- ---------------------------------------------------------------------------------------------------------
-- 5. Helpers
-- ---------------------------------------------------------------------------------------------------------
-- What Good Space holds of a milestone: nothing once released or refunded, nor before it is funded.
create function private.milestone_held(m public.project_milestones) returns numeric
language sql immutable set search_path = '' as $$
  select case when m.status in ('funded', 'submitted', 'changes_requested', 'disputed')
              then m.amount - m.refunded_amount - m.released_amount else 0 end
$$;

-- The milestone locked for its party: 'Milestone not found' for anyone else (they cannot tell it from none).
create function private.lock_party_milestone(p_milestone_id uuid, p_user uuid) returns public.project_milestones
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.project_milestones;
begin
  select * into m from public.project_milestones x where x.id = p_milestone_id for update;
  if not found or p_user is null or p_user not in (m.customer_id, m.designer_id) then
    raise exception 'Milestone not found' using errcode = 'P0002';
  end if;
  return m;
end $$;

-- Why a milestone cannot move (frozen, or in the wrong state for `action`), as a sentence for people.
create function private.milestone_refuse_state(m public.project_milestones, action text) returns void
language plpgsql stable set search_path = '' as $$
begin
  if m.frozen_at is not null then
    raise exception 'The card''s bank is disputing this payment: nothing moves until it decides'
      using errcode = '55000';
  end if;
  raise exception '%', case m.status
      when 'not_funded' then format('This milestone is not funded yet, so it cannot be %s', action)
      when 'released' then format('This milestone is already released, so it cannot be %s', action)
      when 'refunded' then format('This milestone is already refunded, so it cannot be %s', action)
      when 'disputed' then format('This milestone is disputed: Good Space decides it, so it cannot be %s', action)
      when 'submitted' then format('This milestone is already submitted, so it cannot be %s', action)
      when 'funded' then format('This milestone has not been submitted yet, so it cannot be %s', action)
      else format('This milestone is waiting for changes, so it cannot be %s', action) end
    using errcode = '55000';
end $$;

-- Photos of a submission or a statement: up to 6, each uploaded under the project's folder of milestone-photos.
create function private.check_milestone_photos(p_project uuid, p_photos text[]) returns text[]
language plpgsql stable security definer set search_path = '' as $$
declare
  path text;
begin
  p_photos := coalesce(p_photos, '{}');
  if cardinality(p_photos) > 6 then
    raise exception 'Add at most 6 photos' using errcode = '23514';
  end if;
  foreach path in array p_photos loop
    if path is null or split_part(path, '/', 1) <> p_project::text
       or not exists (select 1 from storage.objects o where o.bucket_id = 'milestone-photos' and o.name = path) then
      raise exception 'A photo was not found: upload it again' using errcode = '23514';
    end if;
  end loop;
  return p_photos;
end $$;

create function private.milestone_text(value text, max integer, what text) returns text
language plpgsql immutable set search_path = '' as $$
begin
  value := btrim(coalesce(value, ''), E' \t\r\n');
  if char_length(value) not between 1 and max then
    raise exception 'Write % of up to % characters', what, max using errcode = '23514';
  end if;
  return value;
end $$;

-- One notification about a milestone; its link opens the project's milestones.
create function private.notify_milestone(
  m public.project_milestones, recipient uuid, kind text, actor uuid, title text, body text,
  data jsonb default '{}'::jsonb
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(recipient, kind, m.project_id, actor, title, body,
                         '/project/' || m.project_id || '#milestones',
                         jsonb_build_object('milestone_id', m.id, 'amount', m.amount) || coalesce(data, '{}'::jsonb));
end $$;

create function private.project_title(p_project uuid) returns text
language sql stable security definer set search_path = '' as $$
  select p.title from public.projects p where p.id = p_project
$$;

-- The charge that funded the milestone (the last succeeded funding charge).
create function private.funding_charge(m public.project_milestones) returns uuid
language sql stable security definer set search_path = '' as $$
  select x.id from public.milestone_payments x
   where x.milestone_id = m.id and x.kind = 'charge' and x.status = 'succeeded' and x.reason = 'funding'
     and x.provider_id is not distinct from m.payment_intent_id
   order by x.completed_at desc limit 1
$$;

-- A release: the held amount as a pending transfer, the milestone released; the designer told.
create function private.release_milestone(m public.project_milestones, p_reason text, actor uuid)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  held numeric := private.milestone_held(m);
  t public.milestone_payments;
begin
  insert into public.milestone_payments (milestone_id, project_id, kind, amount, reason, provider, source_payment_id)
  values (m.id, m.project_id, 'transfer', held, p_reason, m.provider, private.funding_charge(m))
  returning * into t;
  update public.project_milestones
     set status = 'released', released_amount = released_amount + held, released_at = now(), auto_release_at = null
   where id = m.id returning * into m;
  if p_reason = 'auto_release' then
    perform private.notify_milestone(m, m.designer_id, 'milestone_released', null,
      format('%s for "%s" was released to you', private.money(held), m.title),
      format('%s did not answer within 14 days, so Good Space released it. It is on its way to your Get paid account.',
             private.person_name(m.customer_id, 'The customer')),
      jsonb_build_object('released', held));
  else
    perform private.notify_milestone(m, m.designer_id, 'milestone_released', actor,
      format('%s released %s for "%s"', private.person_name(m.customer_id, 'The customer'), private.money(held), m.title),
      'It is on its way to your Get paid account.',
      jsonb_build_object('released', held));
  end if;
  return jsonb_build_object('milestone', to_jsonb(m), 'transfer', to_jsonb(t));
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 6. What the customer and the designer do (SECURITY DEFINER, the caller checked; each returns the changed row)
-- ---------------------------------------------------------------------------------------------------------
create function public.submit_milestone(milestone_id uuid, note text, photos text[] default '{}')
returns public.project_milestones
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  m public.project_milestones := private.lock_party_milestone(milestone_id, me);
begin
  if m.designer_id is distinct from me then
    raise exception 'Only the designer can submit a milestone' using errcode = '42501';
  end if;
  if m.frozen_at is not null or m.status not in ('funded', 'changes_requested') then
    perform private.milestone_refuse_state(m, 'submitted');
  end if;
  note := private.milestone_text(note, 2000, 'a note');
  photos := private.check_milestone_photos(m.project_id, photos);
  update public.project_milestones
     set status = 'submitted', submitted_at = now(), submission_note = note, submission_photos = photos,
         auto_release_at = now() + interval '14 days', reminded_3d_at = null, reminded_1d_at = null
   where id = m.id returning * into m;
  perform private.notify_milestone(m, m.customer_id, 'milestone_submitted', me,
    format('%s submitted "%s" on "%s"', private.person_name(me, 'Your designer'), m.title,
           private.project_title(m.project_id)),
    note);
  return m;
end $$;

create function public.request_milestone_changes(milestone_id uuid, note text) returns public.project_milestones
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  m public.project_milestones := private.lock_party_milestone(milestone_id, me);
begin
  if m.customer_id is distinct from me then
    raise exception 'Only the customer can request changes' using errcode = '42501';
  end if;
  if m.frozen_at is not null or m.status <> 'submitted' then
    perform private.milestone_refuse_state(m, 'sent back for changes');
  end if;
  note := private.milestone_text(note, 2000, 'a note');
  update public.project_milestones
     set status = 'changes_requested', changes_requested_at = now(), changes_note = note, auto_release_at = null
   where id = m.id returning * into m;
  perform private.notify_milestone(m, m.designer_id, 'milestone_changes_requested', me,
    format('%s requested changes to "%s"', private.person_name(me, 'The customer'), m.title),
    note);
  return m;
end $$;

create function public.request_milestone_cancel(milestone_id uuid) returns public.project_milestones
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  m public.project_milestones := private.lock_party_milestone(milestone_id, me);
begin
  if m.customer_id is distinct from me then
    raise exception 'Only the customer can ask to cancel a milestone' using errcode = '42501';
  end if;
  if m.frozen_at is not null or m.status <> 'funded' then
    perform private.milestone_refuse_state(m, 'cancelled');
  end if;
  if m.submitted_at is not null then
    raise exception 'The designer already submitted work for this milestone: open a dispute instead'
      using errcode = '55000';
  end if;
  -- Asking twice tells the designer once.
  if m.cancel_requested_at is not null then
    return m;
  end if;
  update public.project_milestones set cancel_requested_at = now() where id = m.id returning * into m;
  perform private.notify_milestone(m, m.designer_id, 'milestone_cancel_requested', me,
    format('%s asked to cancel "%s"', private.person_name(me, 'The customer'), m.title),
    format('Agree by refunding the %s in full, or talk it over in the project''s messages.', private.money(m.amount)));
  return m;
end $$;

create function public.open_milestone_dispute(milestone_id uuid, reason text) returns public.milestone_disputes
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  m public.project_milestones := private.lock_party_milestone(milestone_id, me);
  d public.milestone_disputes;
begin
  if m.frozen_at is not null or m.status not in ('funded', 'submitted', 'changes_requested') then
    perform private.milestone_refuse_state(m, 'disputed');
  end if;
  reason := private.milestone_text(reason, 1000, 'why you open a dispute');
  insert into public.milestone_disputes (milestone_id, project_id, kind, opened_by, reason, statements_due_at)
  values (m.id, m.project_id, 'dispute', me, reason, now() + interval '5 days')
  returning * into d;
  update public.project_milestones set status = 'disputed', auto_release_at = null where id = m.id returning * into m;
  perform private.notify_milestone(m, case when me = m.customer_id then m.designer_id else m.customer_id end,
    'milestone_disputed', me,
    format('%s opened a dispute on "%s"', private.person_name(me, 'The other party'), m.title),
    reason,
    jsonb_build_object('dispute_id', d.id));
  return d;
end $$;

create function public.add_dispute_statement(dispute_id uuid, body text, photos text[] default '{}')
returns public.milestone_dispute_statements
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  d public.milestone_disputes;
  m public.project_milestones;
  s public.milestone_dispute_statements;
begin
  select * into d from public.milestone_disputes x where x.id = dispute_id;
  if not found or d.kind <> 'dispute' then
    raise exception 'Dispute not found' using errcode = 'P0002';
  end if;
  -- The milestone first (every function's lock order), then the dispute.
  select * into m from public.project_milestones x where x.id = d.milestone_id for update;
  if me is null or me not in (m.customer_id, m.designer_id) then
    raise exception 'Dispute not found' using errcode = 'P0002';
  end if;
  select * into d from public.milestone_disputes x where x.id = dispute_id for update;
  if d.status <> 'open' then
    raise exception 'This dispute is already decided' using errcode = '55000';
  end if;
  if now() >= d.statements_due_at then
    raise exception 'The time for statements has ended: Good Space decides with what it has' using errcode = '55000';
  end if;
  if exists (select 1 from public.milestone_dispute_statements x where x.dispute_id = d.id and x.author_id = me) then
    raise exception 'You already added your statement.' using errcode = '23505';
  end if;
  body := private.milestone_text(body, 2000, 'your statement');
  photos := private.check_milestone_photos(m.project_id, photos);
  insert into public.milestone_dispute_statements (dispute_id, project_id, author_id, body, photos)
  values (d.id, d.project_id, me, body, photos)
  returning * into s;
  return s;
end $$;

-- The calling designer's money: released (transfers made), on the way (transfers pending), held (funded and not
-- yet released or refunded).
create function public.designer_earnings() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'released', coalesce((select sum(x.amount) from public.milestone_payments x
                            join public.project_milestones m on m.id = x.milestone_id
                           where m.designer_id = (select auth.uid()) and x.kind = 'transfer'
                             and x.status = 'succeeded'), 0),
    'on_the_way', coalesce((select sum(x.amount) from public.milestone_payments x
                              join public.project_milestones m on m.id = x.milestone_id
                             where m.designer_id = (select auth.uid()) and x.kind = 'transfer'
                               and x.status = 'pending'), 0),
    'held', coalesce((select sum(private.milestone_held(m)) from public.project_milestones m
                       where m.designer_id = (select auth.uid())
                         and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')), 0))
$$;

-- ---------------------------------------------------------------------------------------------------------
-- 7. Guards: a project is completed, and a project or an account deleted, only when no money is held for it.
-- ---------------------------------------------------------------------------------------------------------
create function private.refuse_complete_while_held() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.project_milestones m
              where m.project_id = new.id and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')) then
    raise exception 'Release or settle every funded milestone before marking the project complete.'
      using errcode = '55000';
  end if;
  return new;
end $$;
create trigger projects_milestones_held before update of status on public.projects
  for each row when (new.status = 'completed' and old.status is distinct from new.status)
  execute function private.refuse_complete_while_held();

create function private.refuse_delete_while_held() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'projects' then
    if exists (select 1 from public.project_milestones m
                where m.project_id = old.id and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')) then
      raise exception 'This project holds money in a funded milestone: release or settle it before deleting the project.'
        using errcode = '55000';
    end if;
  elsif exists (select 1 from public.project_milestones m
                 where (m.customer_id = old.id or m.designer_id = old.id)
                   and m.status in ('funded', 'submitted', 'changes_requested', 'disputed')) then
    raise exception 'This account has money held in funded milestones: release or settle them before deleting the account.'
      using errcode = '55000';
  end if;
  return old;
end $$;
create trigger projects_milestones_held_delete before delete on public.projects
  for each row execute function private.refuse_delete_while_held();
-- Named to run before profiles_reopen_projects (triggers fire in name order), though either way the refusal aborts.
create trigger profiles_held_money_delete before delete on public.profiles
  for each row execute function private.refuse_delete_while_held();

-- ---------------------------------------------------------------------------------------------------------
-- 8. Operators: the disputes' queue, one dispute, the decision
-- ---------------------------------------------------------------------------------------------------------
create function public.milestone_dispute_queue(page_size integer default 20, after_created_at timestamptz default null,
                                               after_id uuid default null)
returns table (id uuid, kind text, status text, milestone_id uuid, milestone_title text, project_id uuid,
               project_title text, customer_id uuid, customer_name text, designer_id uuid, designer_name text,
               amount numeric, held numeric, opened_by_name text, reason text, statements integer,
               statements_due_at timestamptz, created_at timestamptz, outcome text)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  after_closed boolean;
begin
  perform private.require_operator();
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together' using errcode = '22023';
  end if;
  if after_id is not null then
    select x.status <> 'open' into after_closed from public.milestone_disputes x where x.id = after_id;
    after_closed := coalesce(after_closed, false);
  end if;
  return query
    select d.id, d.kind, d.status, m.id, m.title, p.id, p.title, m.customer_id,
           private.person_name(m.customer_id, null), m.designer_id, private.person_name(m.designer_id, null),
           m.amount, private.milestone_held(m),
           case when d.kind = 'chargeback' then 'The card''s bank' else private.person_name(d.opened_by, null) end,
           d.reason,
           (select count(*)::integer from public.milestone_dispute_statements s where s.dispute_id = d.id),
           d.statements_due_at, d.created_at, d.outcome
      from public.milestone_disputes d
      join public.project_milestones m on m.id = d.milestone_id
      join public.projects p on p.id = d.project_id
     where after_id is null
        or (d.status <> 'open', d.created_at, d.id) > (after_closed, after_created_at, after_id)
     order by d.status <> 'open', d.created_at, d.id
     limit least(greatest(coalesce(page_size, 20), 1), 100);
end $$;
comment on function public.milestone_dispute_queue(integer, timestamptz, uuid) is
  'Operators only: disputes and chargebacks, open ones first, oldest first; keyset on (created_at, id) (docs/milestones.md).';

create function public.milestone_dispute_detail(dispute_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  d public.milestone_disputes;
  m public.project_milestones;
  p public.projects;
begin
  perform private.require_operator();
  select * into d from public.milestone_disputes x where x.id = dispute_id;
  if not found then
    raise exception 'Dispute not found' using errcode = 'P0002';
  end if;
  select * into m from public.project_milestones x where x.id = d.milestone_id;
  select * into p from public.projects x where x.id = d.project_id;
  return jsonb_build_object(
    'dispute', to_jsonb(d),
    'milestone', to_jsonb(m),
    'project', jsonb_build_object('id', p.id, 'title', p.title),
    'customer', jsonb_build_object('id', m.customer_id, 'name', private.person_name(m.customer_id, null)),
    'designer', jsonb_build_object('id', m.designer_id, 'name', private.person_name(m.designer_id, null)),
    'statements', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'author_id', s.author_id, 'author_name', private.person_name(s.author_id, null),
               'role', case when s.author_id = m.customer_id then 'customer' else 'designer' end,
               'body', s.body, 'photos', to_jsonb(s.photos), 'created_at', s.created_at) order by s.created_at)
        from public.milestone_dispute_statements s where s.dispute_id = d.id), '[]'::jsonb),
    'payments', coalesce((
      select jsonb_agg(to_jsonb(x) order by x.created_at, x.id)
        from public.milestone_payments x where x.milestone_id = m.id), '[]'::jsonb),
    'remaining', m.amount - m.refunded_amount - m.released_amount);
end $$;

-- The operator's split of what remains: a pending refund to the customer and a pending transfer to the designer
-- (settle-milestones makes them), the milestone released (any release) or refunded, both parties told, the audit
-- log's line.
create function public.decide_milestone_dispute(dispute_id uuid, refund_amount numeric, release_amount numeric,
                                                reason text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  d public.milestone_disputes;
  m public.project_milestones;
  remaining numeric;
  refund public.milestone_payments;
  transfer public.milestone_payments;
  source uuid;
  said text;
  customer_name text;
  designer_name text;
begin
  perform private.require_operator();
  select * into d from public.milestone_disputes x where x.id = dispute_id;
  if not found then
    raise exception 'Dispute not found' using errcode = 'P0002';
  end if;
  select * into m from public.project_milestones x where x.id = d.milestone_id for update;
  select * into d from public.milestone_disputes x where x.id = dispute_id for update;
  if d.kind <> 'dispute' then
    raise exception 'The card''s bank decides a chargeback, not Good Space' using errcode = '55000';
  end if;
  -- Operators are ordinary accounts too: nobody decides a dispute about their own money (as nobody decides their
  -- own verification request).
  if me in (m.customer_id, m.designer_id) then
    raise exception 'You cannot decide a dispute you are part of' using errcode = '42501';
  end if;
  if d.status <> 'open' or m.status <> 'disputed' then
    raise exception 'This dispute is already decided' using errcode = '55000';
  end if;
  if m.frozen_at is not null then
    raise exception 'The card''s bank is disputing this payment: nothing moves until it decides' using errcode = '55000';
  end if;
  remaining := m.amount - m.refunded_amount - m.released_amount;
  if refund_amount is null or release_amount is null or refund_amount < 0 or release_amount < 0
     or refund_amount <> round(refund_amount, 2) or release_amount <> round(release_amount, 2) then
    raise exception 'Give the refund and the release in dollars and cents, $0 or more' using errcode = '23514';
  end if;
  if refund_amount + release_amount <> remaining then
    raise exception 'The refund and the release must add up to the % that remains', private.money_cents(remaining)
      using errcode = '23514';
  end if;
  reason := private.milestone_text(reason, 1000, 'the reason for the decision');
  source := private.funding_charge(m);
  if refund_amount > 0 then
    insert into public.milestone_payments (milestone_id, project_id, kind, amount, reason, provider, source_payment_id)
    values (m.id, m.project_id, 'refund', refund_amount, 'dispute', m.provider, source)
    returning * into refund;
  end if;
  if release_amount > 0 then
    insert into public.milestone_payments (milestone_id, project_id, kind, amount, reason, provider, source_payment_id)
    values (m.id, m.project_id, 'transfer', release_amount, 'dispute', m.provider, source)
    returning * into transfer;
  end if;
  update public.project_milestones
     set status = case when release_amount > 0 then 'released'::public.milestone_status
                       else 'refunded'::public.milestone_status end,
         refunded_amount = refunded_amount + refund_amount,
         released_amount = released_amount + release_amount,
         released_at = case when release_amount > 0 then now() else released_at end,
         auto_release_at = null
   where id = m.id returning * into m;
  update public.milestone_disputes
     set status = 'decided', refund_amount = decide_milestone_dispute.refund_amount,
         release_amount = decide_milestone_dispute.release_amount,
         decision_reason = decide_milestone_dispute.reason, decided_by = me,
         decided_at = now()
   where id = d.id returning * into d;
  perform private.log_moderation('decide_dispute', 'project', m.project_id, m.designer_id, reason);

  customer_name := private.person_name(m.customer_id, 'the customer');
  designer_name := private.person_name(m.designer_id, 'the designer');
  said := case
    when refund_amount > 0 and release_amount > 0 then
      format('Good Space refunded %s to %s and released %s to %s: %s', private.money(refund_amount), customer_name,
             private.money(release_amount), designer_name, reason)
    when refund_amount > 0 then
      format('Good Space refunded %s to %s: %s', private.money(refund_amount), customer_name, reason)
    else format('Good Space released %s to %s: %s', private.money(release_amount), designer_name, reason) end;
  perform private.notify_milestone(m, m.customer_id, 'milestone_dispute_decided', me,
    format('Good Space decided the dispute on "%s"', m.title), said,
    jsonb_build_object('dispute_id', d.id, 'refund', refund_amount, 'release', release_amount));
  perform private.notify_milestone(m, m.designer_id, 'milestone_dispute_decided', me,
    format('Good Space decided the dispute on "%s"', m.title), said,
    jsonb_build_object('dispute_id', d.id, 'refund', refund_amount, 'release', release_amount));
  if release_amount > 0 then
    perform private.notify_milestone(m, m.designer_id, 'milestone_released', me,
      format('Good Space released %s for "%s" to you', private.money(release_amount), m.title),
      'It is on its way to your Get paid account.', jsonb_build_object('released', release_amount));
  end if;
  if refund_amount > 0 then
    perform private.notify_milestone(m, m.customer_id, 'milestone_refunded', me,
      format('Good Space refunded %s of "%s" to you', private.money(refund_amount), m.title),
      'It goes back to your card.', jsonb_build_object('refunded', refund_amount));
  end if;
  return jsonb_build_object('dispute', to_jsonb(d), 'refund', to_jsonb(refund), 'transfer', to_jsonb(transfer));
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 9. The money functions (the edge functions call them as the service role; SECURITY DEFINER, nobody else
--    executes them)
-- ---------------------------------------------------------------------------------------------------------
create function public.milestone_fund_open(p_customer uuid, p_milestone_id uuid, p_provider text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.project_milestones;
  p public.projects;
  pay public.milestone_payments;
begin
  if p_provider is null or p_provider not in ('stripe', 'sandbox') then
    raise exception 'Unknown payment provider: use stripe or sandbox' using errcode = '22023';
  end if;
  m := private.lock_party_milestone(p_milestone_id, p_customer);
  if m.customer_id is distinct from p_customer then
    raise exception 'Only the customer can fund a milestone' using errcode = '42501';
  end if;
  select * into p from public.projects x where x.id = m.project_id;
  if p.status <> 'active' or p.designer_id is distinct from m.designer_id then
    raise exception 'The project is not active' using errcode = '55000';
  end if;
  if m.status <> 'not_funded' then
    raise exception 'This milestone is already funded' using errcode = '55000';
  end if;
  if exists (select 1 from public.project_milestones x
              where x.bid_id = m.bid_id and x.position < m.position and x.status = 'not_funded') then
    raise exception 'Fund the milestones in order' using errcode = '55000';
  end if;
  -- A second Fund replaces the first checkout (a late payment of it still counts: milestone_mark_funded).
  update public.milestone_payments x set status = 'expired', completed_at = now()
   where x.milestone_id = m.id and x.kind = 'charge' and x.status = 'pending';
  insert into public.milestone_payments (milestone_id, project_id, kind, amount, reason, provider)
  values (m.id, m.project_id, 'charge', m.amount, 'funding', p_provider)
  returning * into pay;
  return jsonb_build_object('payment_id', pay.id, 'milestone_id', m.id, 'project_id', m.project_id,
                            'amount', pay.amount, 'title', m.title, 'project_title', p.title,
                            'designer_name', private.person_name(m.designer_id, 'your designer'));
end $$;

create function public.milestone_payment_set_checkout(p_payment_id uuid, p_session_id text, p_expires_at timestamptz)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.milestone_payments
     set checkout_session_id = p_session_id, checkout_expires_at = coalesce(p_expires_at, checkout_expires_at)
   where id = p_payment_id and kind = 'charge';
  if not found then
    raise exception 'Payment not found' using errcode = 'P0002';
  end if;
end $$;

-- A ledger row with its milestone locked first (the lock order of every function: milestone, then payment).
create function private.lock_payment(p_payment_id uuid, out pay public.milestone_payments,
                                     out m public.project_milestones)
language plpgsql volatile security definer set search_path = '' as $$
begin
  select * into pay from public.milestone_payments x where x.id = p_payment_id;
  if not found then
    raise exception 'Payment not found' using errcode = 'P0002';
  end if;
  select * into m from public.project_milestones x where x.id = pay.milestone_id for update;
  select * into pay from public.milestone_payments x where x.id = p_payment_id for update;
end $$;

-- A paid checkout (the webhook, confirm-milestone, the sandbox's Pay): checked against the row's amount and
-- currency. 'funded' the first time; 'duplicate' for this payment again (a replay); 'refund' when another payment
-- funded the milestone first (or it is settled): this one is counted and a pending refund of all of it made, for
-- the caller to carry out. A checkout expired by a later Fund that still got paid counts: the money moved.
create function public.milestone_mark_funded(p_payment_id uuid, p_payment_intent_id text, p_charge_id text,
                                             p_amount_cents bigint, p_currency text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record;
  pay public.milestone_payments;
  m public.project_milestones;
  refund public.milestone_payments;
begin
  l := private.lock_payment(p_payment_id);
  pay := l.pay;
  m := l.m;
  if pay.kind <> 'charge' then
    raise exception 'Payment not found' using errcode = 'P0002';
  end if;
  if pay.status = 'succeeded' then
    return jsonb_build_object('outcome', 'duplicate', 'milestone', to_jsonb(m), 'refund', null);
  end if;
  if p_amount_cents is distinct from (pay.amount * 100)::bigint or lower(p_currency) is distinct from pay.currency then
    return jsonb_build_object('outcome', 'mismatch', 'milestone', to_jsonb(m), 'refund', null);
  end if;
  update public.milestone_payments
     set status = 'succeeded', provider_id = p_payment_intent_id, charge_id = p_charge_id, completed_at = now(),
         note = null
   where id = pay.id returning * into pay;
  if m.status <> 'not_funded' then
    insert into public.milestone_payments (milestone_id, project_id, kind, amount, reason, provider, source_payment_id)
    values (m.id, m.project_id, 'refund', pay.amount, 'double_payment', pay.provider, pay.id)
    returning * into refund;
    return jsonb_build_object('outcome', 'refund', 'milestone', to_jsonb(m), 'refund', to_jsonb(refund));
  end if;
  update public.project_milestones
     set status = 'funded', provider = pay.provider, payment_intent_id = p_payment_intent_id, charge_id = p_charge_id,
         funded_at = now()
   where id = m.id returning * into m;
  perform private.notify_milestone(m, m.designer_id, 'milestone_funded', m.customer_id,
    format('%s funded "%s" (%s) on "%s"', private.person_name(m.customer_id, 'The customer'), m.title,
           private.money(m.amount), private.project_title(m.project_id)),
    'Good Space holds the money until they release it. You can start.');
  return jsonb_build_object('outcome', 'funded', 'milestone', to_jsonb(m), 'refund', null);
end $$;

create function public.milestone_payment_expire(p_payment_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  update public.milestone_payments set status = 'expired', completed_at = now()
   where id = p_payment_id and kind = 'charge' and status = 'pending'
$$;

create function public.milestone_release(p_customer uuid, p_milestone_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.project_milestones := private.lock_party_milestone(p_milestone_id, p_customer);
begin
  if m.customer_id is distinct from p_customer then
    raise exception 'Only the customer can release a milestone' using errcode = '42501';
  end if;
  if m.frozen_at is not null or m.status not in ('funded', 'submitted', 'changes_requested') then
    perform private.milestone_refuse_state(m, 'released');
  end if;
  return private.release_milestone(m, 'release', p_customer);
end $$;

create function public.milestone_refund_open(p_designer uuid, p_milestone_id uuid, p_amount numeric, p_reason text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.project_milestones;
  held numeric;
  r public.milestone_payments;
begin
  if p_reason is null or p_reason not in ('designer_refund', 'cancel_agreed') then
    raise exception 'Unknown refund reason: use designer_refund or cancel_agreed' using errcode = '22023';
  end if;
  m := private.lock_party_milestone(p_milestone_id, p_designer);
  if m.designer_id is distinct from p_designer then
    raise exception 'Only the designer can refund a milestone' using errcode = '42501';
  end if;
  if m.frozen_at is not null or m.status not in ('funded', 'submitted', 'changes_requested') then
    perform private.milestone_refuse_state(m, 'refunded');
  end if;
  held := private.milestone_held(m);
  if p_amount is null or p_amount <= 0 or p_amount > held or p_amount <> round(p_amount, 2) then
    raise exception 'Refund more than $0 and at most the % held, in dollars and cents', private.money_cents(held)
      using errcode = '23514';
  end if;
  if p_reason = 'cancel_agreed' then
    if m.cancel_requested_at is null then
      raise exception 'The customer has not asked to cancel this milestone' using errcode = '55000';
    end if;
    if p_amount <> held then
      raise exception 'Agreeing to cancel refunds the whole % held', private.money_cents(held) using errcode = '23514';
    end if;
  end if;
  insert into public.milestone_payments (milestone_id, project_id, kind, amount, reason, provider, source_payment_id)
  values (m.id, m.project_id, 'refund', p_amount, p_reason, m.provider, private.funding_charge(m))
  returning * into r;
  update public.project_milestones
     set refunded_amount = refunded_amount + p_amount,
         status = case when p_amount = held then 'refunded'::public.milestone_status else status end,
         auto_release_at = case when p_amount = held then null else auto_release_at end
   where id = m.id returning * into m;
  perform private.notify_milestone(m, m.customer_id, 'milestone_refunded', p_designer,
    case when m.status = 'refunded'
      then format('%s refunded "%s" in full (%s)', private.person_name(p_designer, 'Your designer'), m.title,
                  private.money(p_amount))
      else format('%s refunded %s of "%s"', private.person_name(p_designer, 'Your designer'), private.money(p_amount),
                  m.title) end,
    case when p_reason = 'cancel_agreed' then 'They agreed to cancel it. It goes back to your card.'
         else 'It goes back to your card.' end,
    jsonb_build_object('refunded', p_amount));
  return jsonb_build_object('milestone', to_jsonb(m), 'refund', to_jsonb(r));
end $$;

-- A refund or transfer made by the provider. Again: the row unchanged.
create function public.milestone_payment_succeeded(p_payment_id uuid, p_provider_id text)
returns public.milestone_payments
language plpgsql volatile security definer set search_path = '' as $$
declare
  l record := private.lock_payment(p_payment_id);
  pay public.milestone_payments := l.pay;
begin
  if pay.kind = 'charge' then
    raise exception 'A charge is settled by milestone_mark_funded' using errcode = '22023';
  end if;
  if pay.status = 'pending' then
    update public.milestone_payments
       set status = 'succeeded', provider_id = p_provider_id, completed_at = now(), note = null, retry_after = null
     where id = pay.id returning * into pay;
  end if;
  return pay;
end $$;

-- Why a pending refund or transfer could not be made yet; settle-milestones tries it again after 15 minutes.
create function public.milestone_payment_note(p_payment_id uuid, p_note text) returns void
language sql volatile security definer set search_path = '' as $$
  update public.milestone_payments
     set note = left(p_note, 500), retry_after = now() + interval '15 minutes'
   where id = p_payment_id and status = 'pending' and kind in ('refund', 'transfer')
$$;

-- The designer's seller account when it can take this payment's money (Get paid set up, the same provider).
create function private.payout_destination(p_designer uuid, p_provider text) returns text
language sql stable security definer set search_path = '' as $$
  select a.account_id from public.seller_accounts a
   where a.user_id = p_designer and a.can_be_paid and a.provider = p_provider
$$;

-- Pending refunds and transfers due now, oldest first; a frozen milestone's wait for the bank.
create function public.milestone_pending_settlements(p_limit integer default 50) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(r order by r.created_at, r.id), '[]'::jsonb)
    from (
      select x.id, x.kind, x.amount, x.provider, x.reason, x.milestone_id, x.project_id, x.created_at,
             coalesce(src.provider_id, m.payment_intent_id) as payment_intent_id,
             coalesce(src.charge_id, m.charge_id) as charge_id,
             case when x.kind = 'transfer' then private.payout_destination(m.designer_id, x.provider) end as destination
        from public.milestone_payments x
        join public.project_milestones m on m.id = x.milestone_id
        left join public.milestone_payments src on src.id = x.source_payment_id
       where x.status = 'pending' and x.kind in ('refund', 'transfer') and m.frozen_at is null
         and (x.retry_after is null or x.retry_after <= now())
       order by x.created_at, x.id
       limit least(greatest(coalesce(p_limit, 50), 1), 500)
    ) r
$$;

-- The customer did not answer a submitted milestone within 14 days: released (reason auto_release). Reminders 3
-- days and 1 day before, once each (a milestone already within a day gets the 1-day one only). Rows another run
-- holds are skipped. Returns how many were released.
create function public.milestones_auto_release() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.project_milestones;
  released integer := 0;
  one_day boolean;
begin
  for m in
    select * from public.project_milestones x
     where x.status = 'submitted' and x.frozen_at is null and x.auto_release_at <= now()
     order by x.auto_release_at
       for update skip locked
  loop
    perform private.release_milestone(m, 'auto_release', null);
    released := released + 1;
  end loop;
  for m in
    select * from public.project_milestones x
     where x.status = 'submitted' and x.frozen_at is null and x.auto_release_at > now()
       and ((x.reminded_3d_at is null and x.auto_release_at <= now() + interval '3 days')
            or (x.reminded_1d_at is null and x.auto_release_at <= now() + interval '1 day'))
       for update skip locked
  loop
    one_day := m.auto_release_at <= now() + interval '1 day';
    update public.project_milestones
       set reminded_3d_at = coalesce(reminded_3d_at, now()),
           reminded_1d_at = case when one_day then now() else reminded_1d_at end
     where id = m.id;
    perform private.notify_milestone(m, m.customer_id, 'milestone_release_reminder', null,
      format('"%s" will be released to %s on %s unless you answer', m.title,
             private.person_name(m.designer_id, 'your designer'),
             to_char(m.auto_release_at at time zone 'UTC', 'Mon FMDD')),
      'Release it, or request changes, from the project''s milestones.',
      jsonb_build_object('auto_release_at', m.auto_release_at, 'days', case when one_day then 1 else 3 end));
  end loop;
  return released;
end $$;

-- A chargeback (charge.dispute.created) on a milestone's charge: the milestone frozen, a 'chargeback' dispute
-- recorded (the console lists it), the designer told. The same Stripe dispute again: duplicate. Not a milestone's
-- charge: unknown.
create function public.milestone_chargeback_opened(p_payment_intent_id text, p_dispute_id text, p_reason text)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  charge public.milestone_payments;
  m public.project_milestones;
  d public.milestone_disputes;
begin
  select * into charge from public.milestone_payments x
   where x.provider_id = p_payment_intent_id and x.kind = 'charge' and x.status = 'succeeded'
   order by x.completed_at desc limit 1;
  if not found or p_dispute_id is null then
    return jsonb_build_object('outcome', 'unknown');
  end if;
  select * into m from public.project_milestones x where x.id = charge.milestone_id for update;
  select * into d from public.milestone_disputes x where x.provider_dispute_id = p_dispute_id;
  if found then
    return jsonb_build_object('outcome', 'duplicate', 'dispute', to_jsonb(d), 'milestone', to_jsonb(m));
  end if;
  insert into public.milestone_disputes (milestone_id, project_id, kind, reason, provider_dispute_id)
  values (m.id, m.project_id, 'chargeback', left(nullif(btrim(p_reason), ''), 1000), p_dispute_id)
  returning * into d;
  update public.project_milestones set frozen_at = coalesce(frozen_at, now()) where id = m.id returning * into m;
  perform private.notify_milestone(m, m.designer_id, 'milestone_disputed', null,
    format('The card''s bank is disputing the payment for "%s"', m.title),
    'Good Space holds the money, and nothing moves, until the bank decides.',
    jsonb_build_object('dispute_id', d.id, 'chargeback', true));
  return jsonb_build_object('outcome', 'frozen', 'dispute', to_jsonb(d), 'milestone', to_jsonb(m));
end $$;

-- The bank decided (charge.dispute.closed): won or lost recorded, the milestone unfrozen (unless another
-- chargeback of it is open). Lost: what was held counts as refunded (the bank gave it back) and an open dispute of
-- the parties closes with nothing left to split.
create function public.milestone_chargeback_closed(p_dispute_id text, p_won boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  d public.milestone_disputes;
  m public.project_milestones;
  held numeric;
begin
  select * into d from public.milestone_disputes x where x.provider_dispute_id = p_dispute_id;
  if not found then
    return jsonb_build_object('outcome', 'unknown');
  end if;
  select * into m from public.project_milestones x where x.id = d.milestone_id for update;
  select * into d from public.milestone_disputes x where x.id = d.id for update;
  if d.status <> 'open' then
    return jsonb_build_object('outcome', 'duplicate', 'dispute', to_jsonb(d), 'milestone', to_jsonb(m));
  end if;
  update public.milestone_disputes
     set status = 'closed', outcome = case when coalesce(p_won, false) then 'won' else 'lost' end
   where id = d.id returning * into d;
  held := private.milestone_held(m);
  if not coalesce(p_won, false) and held > 0 then
    update public.project_milestones
       set refunded_amount = refunded_amount + held, status = 'refunded', auto_release_at = null
     where id = m.id returning * into m;
    update public.milestone_disputes set status = 'closed'
     where milestone_id = m.id and kind = 'dispute' and status = 'open';
  end if;
  if not exists (select 1 from public.milestone_disputes x
                  where x.milestone_id = m.id and x.kind = 'chargeback' and x.status = 'open') then
    update public.project_milestones set frozen_at = null where id = m.id returning * into m;
  end if;
  return jsonb_build_object('outcome', 'closed', 'dispute', to_jsonb(d), 'milestone', to_jsonb(m));
end $$;

create function public.milestone_for_payment(p_payment_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('payment', to_jsonb(x), 'milestone', to_jsonb(m), 'project_title', p.title,
                            'designer_name', private.person_name(m.designer_id, null))
    from public.milestone_payments x
    join public.project_milestones m on m.id = x.milestone_id
    join public.projects p on p.id = x.project_id
   where x.id = p_payment_id
$$;

-- ---------------------------------------------------------------------------------------------------------
-- 10. The minute job: pg_cron posts to settle-milestones only when there is work: a submitted milestone due for
--     release or a reminder, or a pending refund, or a pending transfer whose designer can be paid. URL and key as
--     for the notification mails (private.setting: Vault on hosted, private.settings locally).
-- ---------------------------------------------------------------------------------------------------------
create function private.milestone_work_due() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
           select 1 from public.project_milestones m
            where m.status = 'submitted' and m.frozen_at is null
              and (m.auto_release_at <= now()
                   or (m.reminded_3d_at is null and m.auto_release_at <= now() + interval '3 days')
                   or (m.reminded_1d_at is null and m.auto_release_at <= now() + interval '1 day')))
      or exists (
           select 1 from public.milestone_payments x
             join public.project_milestones m on m.id = x.milestone_id
            where x.status = 'pending' and x.kind in ('refund', 'transfer') and m.frozen_at is null
              and (x.retry_after is null or x.retry_after <= now())
              and (x.kind = 'refund' or private.payout_destination(m.designer_id, x.provider) is not null))
$$;

create function private.request_milestone_settlement() returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  base text;
  key text;
begin
  if not private.milestone_work_due() then
    return null;
  end if;
  base := private.setting('project_url');
  key := private.setting('service_role_key');
  if base is null or key is null then
    raise notice 'settle-milestones: project_url or service_role_key is not set (Vault or private.settings)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(base, '/') || '/functions/v1/settle-milestones',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key),
    timeout_milliseconds := 60000);
end $$;

select cron.schedule('settle-milestones', '* * * * *', 'select private.request_milestone_settlement()');

-- ---------------------------------------------------------------------------------------------------------
-- 11. Grants
-- ---------------------------------------------------------------------------------------------------------
revoke all on function private.money_cents(numeric), private.check_bid_milestones(),
  private.make_milestones(public.project_bids), private.milestones_on_accept(),
  private.milestone_held(public.project_milestones), private.lock_party_milestone(uuid, uuid),
  private.milestone_refuse_state(public.project_milestones, text), private.check_milestone_photos(uuid, text[]),
  private.milestone_text(text, integer, text),
  private.notify_milestone(public.project_milestones, uuid, text, uuid, text, text, jsonb),
  private.project_title(uuid), private.funding_charge(public.project_milestones),
  private.release_milestone(public.project_milestones, text, uuid), private.refuse_complete_while_held(),
  private.refuse_delete_while_held(), private.lock_payment(uuid), private.payout_destination(uuid, text),
  private.milestone_work_due(), private.request_milestone_settlement()
  from public, anon, authenticated;

revoke all on function
  public.submit_milestone(uuid, text, text[]),
  public.request_milestone_changes(uuid, text),
  public.request_milestone_cancel(uuid),
  public.open_milestone_dispute(uuid, text),
  public.add_dispute_statement(uuid, text, text[]),
  public.designer_earnings(),
  public.milestone_dispute_queue(integer, timestamptz, uuid),
  public.milestone_dispute_detail(uuid),
  public.decide_milestone_dispute(uuid, numeric, numeric, text)
  from public, anon;
grant execute on function
  public.submit_milestone(uuid, text, text[]),
  public.request_milestone_changes(uuid, text),
  public.request_milestone_cancel(uuid),
  public.open_milestone_dispute(uuid, text),
  public.add_dispute_statement(uuid, text, text[]),
  public.designer_earnings(),
  public.milestone_dispute_queue(integer, timestamptz, uuid),
  public.milestone_dispute_detail(uuid),
  public.decide_milestone_dispute(uuid, numeric, numeric, text)
  to authenticated, service_role;

revoke all on function
  public.milestone_fund_open(uuid, uuid, text),
  public.milestone_payment_set_checkout(uuid, text, timestamptz),
  public.milestone_mark_funded(uuid, text, text, bigint, text),
  public.milestone_payment_expire(uuid),
  public.milestone_release(uuid, uuid),
  public.milestone_refund_open(uuid, uuid, numeric, text),
  public.milestone_payment_succeeded(uuid, text),
  public.milestone_payment_note(uuid, text),
  public.milestone_pending_settlements(integer),
  public.milestones_auto_release(),
  public.milestone_chargeback_opened(text, text, text),
  public.milestone_chargeback_closed(text, boolean),
  public.milestone_for_payment(uuid)
  from public, anon, authenticated;
grant execute on function
  public.milestone_fund_open(uuid, uuid, text),
  public.milestone_payment_set_checkout(uuid, text, timestamptz),
  public.milestone_mark_funded(uuid, text, text, bigint, text),
  public.milestone_payment_expire(uuid),
  public.milestone_release(uuid, uuid),
  public.milestone_refund_open(uuid, uuid, numeric, text),
  public.milestone_payment_succeeded(uuid, text),
  public.milestone_payment_note(uuid, text),
  public.milestone_pending_settlements(integer),
  public.milestones_auto_release(),
  public.milestone_chargeback_opened(text, text, text),
  public.milestone_chargeback_closed(text, boolean),
  public.milestone_for_payment(uuid)
  to service_role;
