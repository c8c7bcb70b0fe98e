-- Good Space: notifications (docs/decisions/0025-notifications.md).
--
-- Rows written by the database only: triggers on the tables where each event happens insert one row per recipient,
-- in the same transaction as the change, running as their owner (SECURITY DEFINER in `private`, search_path '').
-- No client can skip or forge one: clients read their own rows and set `read_at` on them, nothing else. The words
-- of each title are the product's (docs/product.md, Notifications); `link` is the app path to open
-- (src/config/paths.ts).

-- ---------------------------------------------------------------------------------------------------------
-- notifications
-- ---------------------------------------------------------------------------------------------------------
create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in (
    'bid_received', 'bid_accepted', 'bid_rejected',
    'nudge_received', 'nudge_accepted', 'nudge_declined',
    'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
    'project_completed', 'review_received', 'payment_failed', 'membership_ending'
  )),
  project_id uuid references public.projects (id) on delete cascade,
  actor_id uuid references public.profiles (id) on delete set null,
  title text not null check (char_length(title) between 1 and 200),
  body text check (body is null or char_length(body) <= 500),
  -- An app path: one leading slash (never '//host', which a browser reads as another site).
  link text not null check (char_length(link) <= 500 and link ~ '^/([^/\\]|$)'),
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
  read_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.notifications is
  'What happened for a user (docs/decisions/0025). Inserted by the database''s triggers only; the user sets read_at.';

-- The bell and /notifications: newest first, keyset (created_at, id); the unread count reads the partial index.
create index notifications_user_id_created_at_id_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_user_id_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_project_id_idx on public.notifications (project_id);
create index notifications_actor_id_idx on public.notifications (actor_id);

revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;
alter table public.notifications enable row level security;
create policy notifications_select_own on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));
create policy notifications_update_own on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The bell updates live: Realtime applies notifications_select_own per subscriber.
alter publication supabase_realtime add table public.notifications;

-- ---------------------------------------------------------------------------------------------------------
-- RPCs (SECURITY INVOKER: row-level security and the read_at grant apply as to any client update)
-- ---------------------------------------------------------------------------------------------------------
-- Marks the caller's notifications read: those in `ids` (others' ids and unknown ones are ignored), or every unread
-- one when `ids` is null. Returns how many changed (already-read ones keep their first read_at).
create function public.mark_notifications_read(ids uuid[] default null) returns integer
language sql volatile set search_path = '' as $$
  with marked as (
    update public.notifications n set read_at = now()
     where n.user_id = (select auth.uid())
       and n.read_at is null
       and (ids is null or n.id = any (ids))
    returning 1
  )
  select count(*)::integer from marked
$$;

create function public.unread_notification_count() returns integer
language sql stable set search_path = '' as $$
  select count(*)::integer from public.notifications n where n.user_id = (select auth.uid()) and n.read_at is null
$$;

revoke execute on function public.mark_notifications_read(uuid[]), public.unread_notification_count() from public, anon;
grant execute on function public.mark_notifications_read(uuid[]), public.unread_notification_count()
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Writing them: helpers (not executable by any client; triggers run them as their owner)
-- ---------------------------------------------------------------------------------------------------------
-- Shortens a text to `max` characters, ending in '…' when cut.
create function private.clip(value text, max integer) returns text
language sql immutable set search_path = '' as $$
  select case when char_length(value) <= max then value else left(value, max - 1) || '…' end
$$;

-- Money as the app shows it (docs/product.md, Money): '$2,500', '$850.50'.
create function private.money(amount numeric) returns text
language sql immutable set search_path = '' as $$
  select case when amount < 0 then '-' else '' end || '$'
    || to_char(abs(amount), case when abs(amount) = trunc(abs(amount)) then 'FM999,999,999,990' else 'FM999,999,999,990.00' end)
$$;

-- A person's name for a title; the recipient already sees it (they share the project, bid or nudge).
create function private.person_name(uid uuid, fallback text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select nullif(btrim(p.full_name), '') from public.profiles p where p.id = uid), fallback)
$$;

-- One notification for one recipient. Nobody is told of their own action. A recipient or project that is
-- going away in this very statement (account deletion, a project's cascade) gets none: the row could not
-- reference them. An actor going away is simply not named as the actor.
create function private.notify(
  recipient uuid, kind text, project uuid, actor uuid, title text, body text, link text, data jsonb default '{}'::jsonb
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if recipient is null or recipient is not distinct from actor then
    return;
  end if;
  if not exists (select 1 from public.profiles p where p.id = recipient) then
    return;
  end if;
  if project is not null and not exists (select 1 from public.projects p where p.id = project) then
    return;
  end if;
  if actor is not null and not exists (select 1 from public.profiles p where p.id = actor) then
    actor := null;
  end if;
  insert into public.notifications (user_id, kind, project_id, actor_id, title, body, link, data)
  values (recipient, kind, project, actor, private.clip(title, 200), nullif(private.clip(body, 500), ''), link,
          coalesce(data, '{}'::jsonb));
end $$;

-- The same notification for the project's customer and its designer, except whoever acted.
create function private.notify_parties(
  project uuid, actor uuid, kind text, title text, body text, data jsonb default '{}'::jsonb
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  p public.projects;
begin
  select * into p from public.projects where id = project;
  if not found then
    return;
  end if;
  perform private.notify(p.customer_id, kind, p.id, actor, title, body, '/project/' || p.id, data);
  perform private.notify(p.designer_id, kind, p.id, actor, title, body, '/project/' || p.id, data);
end $$;

revoke execute on function private.clip(text, integer), private.money(numeric), private.person_name(uuid, text),
  private.notify(uuid, text, uuid, uuid, text, text, text, jsonb),
  private.notify_parties(uuid, uuid, text, text, text, jsonb)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Bids: received (the project's customer), accepted or not selected (the bidding designer)
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_bid_received() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p public.projects;
begin
  select * into p from public.projects where id = new.project_id;
  perform private.notify(
    p.customer_id, 'bid_received', p.id, new.designer_id,
    format('%s bid %s on "%s"', private.person_name(new.designer_id, 'A designer'), private.money(new.bid_amount), p.title),
    new.proposal, '/project/' || p.id,
    jsonb_build_object('bid_id', new.id, 'bid_amount', new.bid_amount));
  return null;
end $$;
create trigger project_bids_notify_received after insert on public.project_bids
  for each row execute function private.notify_bid_received();

-- accept_bid() moves every pending bid of the project at once: the chosen one to accepted, the others to
-- rejected. Bids reopened when an assigned designer leaves (rejected → pending) tell nobody.
create function private.notify_bid_decided() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p public.projects;
begin
  select * into p from public.projects where id = new.project_id;
  if new.status = 'accepted' then
    perform private.notify(
      new.designer_id, 'bid_accepted', p.id, p.customer_id,
      format('Your bid on "%s" was accepted', p.title),
      format('%s chose your bid of %s. The project is yours: say hello in its messages.',
             private.person_name(p.customer_id, 'The customer'), private.money(new.bid_amount)),
      '/project/' || p.id,
      jsonb_build_object('bid_id', new.id, 'bid_amount', new.bid_amount));
  else
    -- The project is no longer theirs to open: the link goes to their bids.
    perform private.notify(
      new.designer_id, 'bid_rejected', p.id, p.customer_id,
      format('Your bid on "%s" was not selected', p.title),
      'The customer chose another designer for this project.',
      '/dashboard/designer',
      jsonb_build_object('bid_id', new.id, 'bid_amount', new.bid_amount));
  end if;
  return null;
end $$;
create trigger project_bids_notify_decided after update of status on public.project_bids
  for each row when (old.status = 'pending' and new.status in ('accepted', 'rejected'))
  execute function private.notify_bid_decided();

-- ---------------------------------------------------------------------------------------------------------
-- Nudges: received (the designer), accepted with the quote or declined (the customer who nudged)
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_nudge_received() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  title text := (select p.title from public.projects p where p.id = new.project_id);
begin
  perform private.notify(
    new.designer_id, 'nudge_received', new.project_id, new.client_id,
    format('%s nudged you about "%s"', private.person_name(new.client_id, 'A customer'), title),
    'Accept with a quote or decline.',
    '/designer-nudges',
    jsonb_build_object('nudge_id', new.id));
  return null;
end $$;
create trigger designer_nudges_notify_received after insert on public.designer_nudges
  for each row execute function private.notify_nudge_received();

-- The customer's sent nudges and their answers show on Browse Designers.
create function private.notify_nudge_answered() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  title text := (select p.title from public.projects p where p.id = new.project_id);
  who text := private.person_name(new.designer_id, 'The designer');
begin
  if new.status = 'accepted' then
    perform private.notify(
      new.client_id, 'nudge_accepted', new.project_id, new.designer_id,
      format('%s accepted your nudge about "%s" with a quote of %s', who, title, private.money(new.quote_amount)),
      new.quote_message,
      '/browse-designers',
      jsonb_build_object('nudge_id', new.id, 'quote_amount', new.quote_amount));
  else
    perform private.notify(
      new.client_id, 'nudge_declined', new.project_id, new.designer_id,
      format('%s declined your nudge about "%s"', who, title),
      null,
      '/browse-designers',
      jsonb_build_object('nudge_id', new.id));
  end if;
  return null;
end $$;
create trigger designer_nudges_notify_answered after update of status on public.designer_nudges
  for each row when (old.status = 'pending' and new.status in ('accepted', 'declined'))
  execute function private.notify_nudge_answered();

-- ---------------------------------------------------------------------------------------------------------
-- Messages: the other party of the project
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify_parties(
    new.project_id, new.sender_id, 'message_received',
    format('%s sent you a message about "%s"', private.person_name(new.sender_id, 'Someone'),
           (select p.title from public.projects p where p.id = new.project_id)),
    private.clip(new.content, 200),
    jsonb_build_object('message_id', new.id));
  return null;
end $$;
create trigger messages_notify after insert on public.messages
  for each row execute function private.notify_message();

revoke execute on function private.notify_bid_received(), private.notify_bid_decided(),
  private.notify_nudge_received(), private.notify_nudge_answered(), private.notify_message()
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Items: added or removed (the other party)
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_item() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  title text;
  actor uuid;
begin
  if tg_op = 'INSERT' then
    title := (select p.title from public.projects p where p.id = new.project_id);
    perform private.notify_parties(
      new.project_id, new.added_by, 'item_added',
      format('%s added "%s" (%s) to "%s"', private.person_name(new.added_by, 'Someone'), new.name,
             private.money(new.cost), title),
      new.description,
      jsonb_build_object('item_id', new.id, 'cost', new.cost));
    return null;
  end if;
  -- Removed by the signed-in adder (the delete policy), or by the database on someone's behalf.
  actor := coalesce((select auth.uid()), old.added_by);
  -- An account being deleted takes its items along; that is not news for the other party.
  if not exists (select 1 from public.profiles p where p.id = actor) then
    return null;
  end if;
  title := (select p.title from public.projects p where p.id = old.project_id);
  perform private.notify_parties(
    old.project_id, actor, 'item_removed',
    format('%s removed "%s" (%s) from "%s"', private.person_name(actor, 'Someone'), old.name,
           private.money(old.cost), title),
    null,
    jsonb_build_object('item_id', old.id, 'cost', old.cost));
  return null;
end $$;
create trigger project_items_notify after insert or delete on public.project_items
  for each row execute function private.notify_item();

-- ---------------------------------------------------------------------------------------------------------
-- Budget: 80% and 100% (customer and assigned designer), once each time the total crosses one going up
-- (the budget tracker's yellow from 80%, docs/product.md; 100% = the whole budget spent or more). A total that
-- jumps past both at once tells the higher one only.
-- ---------------------------------------------------------------------------------------------------------
create function private.budget_level(total numeric, budget integer) returns integer
language sql immutable set search_path = '' as $$
  select case when total >= budget then 100 when total * 100 >= budget * 80 then 80 else 0 end
$$;

create function private.notify_budget() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  level integer := private.budget_level(new.items_total, new.budget);
  title text;
  body text;
begin
  if level <= private.budget_level(old.items_total, old.budget) then
    return null;
  end if;
  if level = 80 then
    title := format('"%s" has reached 80%% of its budget', new.title);
    body := format('Approaching budget limit. %s remaining.', private.money(new.budget - new.items_total));
  elsif new.items_total > new.budget then
    title := format('"%s" is over budget', new.title);
    body := format('Budget exceeded by %s.', private.money(new.items_total - new.budget));
  else
    title := format('"%s" has used its whole budget', new.title);
    body := format('%s of %s spent.', private.money(new.items_total), private.money(new.budget));
  end if;
  perform private.notify_parties(
    new.id, null, 'budget_' || level, title, body,
    jsonb_build_object('items_total', new.items_total, 'budget', new.budget));
  return null;
end $$;
create trigger projects_notify_budget after update of items_total, budget on public.projects
  for each row when (new.items_total > old.items_total or new.budget < old.budget)
  execute function private.notify_budget();

-- ---------------------------------------------------------------------------------------------------------
-- Completion (the assigned designer) and reviews (the reviewed designer)
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_project_completed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(
    new.designer_id, 'project_completed', new.id, new.customer_id,
    format('%s marked "%s" complete', private.person_name(new.customer_id, 'The customer'), new.title),
    null,
    '/project/' || new.id);
  return null;
end $$;
create trigger projects_notify_completed after update of status on public.projects
  for each row when (old.status <> 'completed' and new.status = 'completed')
  execute function private.notify_project_completed();

create function private.notify_review() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(
    new.designer_id, 'review_received', new.project_id, new.client_id,
    format('%s gave you %s for "%s"', coalesce(nullif(btrim(new.client_name), ''), 'Your customer'),
           case when new.rating = 1 then '1 star' else new.rating || ' stars' end,
           (select p.title from public.projects p where p.id = new.project_id)),
    new.comment,
    '/designer-reviews/' || new.designer_id,
    jsonb_build_object('review_id', new.id, 'rating', new.rating));
  return null;
end $$;
create trigger reviews_notify after insert on public.reviews
  for each row execute function private.notify_review();

revoke execute on function private.notify_item(), private.budget_level(numeric, integer), private.notify_budget(),
  private.notify_project_completed(), private.notify_review()
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- Photos (the other party): a new file in the project's folder of the project-photos bucket. A batch of
-- uploads makes one notification: while the recipient has not read it (and for an hour), each further photo by
-- the same person on the same project counts into it instead of adding a row.
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_photo_added() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  folder text := (storage.foldername(new.name))[1];
  p public.projects;
  actor uuid;
  recipient uuid;
  who text;
  merged integer;
begin
  if folder is null or folder !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  select * into p from public.projects where id = folder::uuid;
  if not found then
    return null;
  end if;
  actor := coalesce(
    (select auth.uid()),
    case when new.owner_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then new.owner_id::uuid end);
  -- Whose "other party" is unknown without an uploader (a service-role import): nobody is told.
  if actor is null then
    return null;
  end if;
  who := private.person_name(actor, 'Someone');
  foreach recipient in array array[p.customer_id, p.designer_id] loop
    continue when recipient is null or recipient = actor;
    update public.notifications n
       set data = n.data || jsonb_build_object('count', coalesce((n.data ->> 'count')::integer, 1) + 1),
           title = private.clip(format('%s added %s photos to "%s"', who,
                                       coalesce((n.data ->> 'count')::integer, 1) + 1, p.title), 200)
     where n.user_id = recipient and n.kind = 'photos_added' and n.project_id = p.id and n.actor_id = actor
       and n.read_at is null and n.created_at > now() - interval '1 hour';
    get diagnostics merged = row_count;
    if merged = 0 then
      perform private.notify(
        recipient, 'photos_added', p.id, actor,
        format('%s added a photo to "%s"', who, p.title),
        null,
        '/project/' || p.id,
        jsonb_build_object('count', 1));
    end if;
  end loop;
  return null;
end $$;
revoke execute on function private.notify_photo_added() from public, anon, authenticated;
create trigger project_photos_notify after insert on storage.objects
  for each row when (new.bucket_id = 'project-photos')
  execute function private.notify_photo_added();

-- ---------------------------------------------------------------------------------------------------------
-- Memberships (the member), from the changes the payment functions write to subscriptions: a payment that
-- failed (past_due or unpaid), a membership set to end at the period's end, or one that has ended.
-- ---------------------------------------------------------------------------------------------------------
create function private.notify_subscription() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  plan text := initcap(new.plan::text) || ' plan';
  was_live boolean := tg_op = 'UPDATE' and old.status in ('active', 'trialing', 'past_due', 'unpaid');
begin
  if new.status in ('past_due', 'unpaid') and (tg_op = 'INSERT' or old.status not in ('past_due', 'unpaid')) then
    perform private.notify(
      new.user_id, 'payment_failed', null, null,
      format('Your %s payment didn''t go through', plan),
      'Update your payment details from Settings to keep your membership.',
      '/settings',
      jsonb_build_object('plan', new.plan, 'status', new.status));
  elsif new.status in ('canceled', 'incomplete_expired') and was_live then
    perform private.notify(
      new.user_id, 'membership_ending', null, null,
      format('Your %s has ended', plan),
      'Subscribe again from Pricing whenever you like.',
      '/pricing',
      jsonb_build_object('plan', new.plan, 'ended', true, 'ends_at', new.current_period_end));
  elsif new.status in ('active', 'trialing') and new.cancel_at_period_end
        and (tg_op = 'INSERT' or not old.cancel_at_period_end) then
    perform private.notify(
      new.user_id, 'membership_ending', null, null,
      case when new.current_period_end is null then format('Your %s will end', plan)
           else format('Your %s ends on %s', plan,
                       to_char(new.current_period_end at time zone 'UTC', 'FMMonth FMDD, YYYY')) end,
      'Until then everything stays open to you. Changed your mind? Manage it from Settings.',
      '/settings',
      jsonb_build_object('plan', new.plan, 'ended', false, 'ends_at', new.current_period_end));
  end if;
  return null;
end $$;
revoke execute on function private.notify_subscription() from public, anon, authenticated;
create trigger subscriptions_notify after insert or update on public.subscriptions
  for each row execute function private.notify_subscription();
