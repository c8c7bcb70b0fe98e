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
