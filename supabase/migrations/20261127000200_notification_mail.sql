-- Good Space: notifications by e-mail (docs/decisions/0025-notifications.md, "The e-mail half").
--
-- A pg_cron job calls the edge function send-notification-mails every minute through pg_net. The function
-- claims what is due with claim_notification_mails() (an UPDATE … RETURNING under row locks, so two runs never
-- claim one row), mails each, and reports back with finish_notification_mail(): mailed, or failed and due again
-- after an exponential backoff. Each person chooses per kind whether they get e-mail (notification_preferences;
-- no row = e-mail on).

-- ---------------------------------------------------------------------------------------------------------
-- Mail state per notification (the recipient can read it with the row; only the database and the service role
-- change it: clients hold an update grant on read_at alone)
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications
  add column mailed_at timestamptz,
  add column mail_attempts integer not null default 0 check (mail_attempts >= 0),
  add column mail_next_attempt_at timestamptz,
  -- A run that claimed the row holds it until then; a run that died midway leaves it due again afterwards.
  add column mail_claimed_until timestamptz,
  add column mail_error text check (mail_error is null or char_length(mail_error) <= 1000);

-- What the mail run scans: not yet mailed.
create index notifications_mail_due_idx on public.notifications (created_at) where mailed_at is null;

-- ---------------------------------------------------------------------------------------------------------
-- Preferences: per kind, e-mail on or off (in-app is always on). No row means on.
-- ---------------------------------------------------------------------------------------------------------
create table public.notification_preferences (
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in (
    'bid_received', 'bid_accepted', 'bid_rejected',
    'nudge_received', 'nudge_accepted', 'nudge_declined',
    'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
    'project_completed', 'review_received', 'payment_failed', 'membership_ending'
  )),
  email boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);
comment on table public.notification_preferences is
  'Per kind, whether the user gets e-mail (docs/decisions/0025). No row = e-mail on. In-app is always on.';

revoke all on public.notification_preferences from anon, authenticated;
grant select, insert, delete on public.notification_preferences to authenticated;
-- Upsert (the Settings switches: insert, or on conflict update every column sent) needs update on each column it
-- sets; the policies keep user_id the caller's own and the check keeps kind to the list.
grant update (user_id, kind, email, updated_at) on public.notification_preferences to authenticated;
grant select, insert, update, delete on public.notification_preferences to service_role;
alter table public.notification_preferences enable row level security;
create policy notification_preferences_select_own on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));
create policy notification_preferences_insert_own on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy notification_preferences_update_own on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy notification_preferences_delete_own on public.notification_preferences for delete to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- Claiming and finishing (the service role only: the edge function)
-- ---------------------------------------------------------------------------------------------------------
-- Takes up to `batch` notifications that are due for mail and holds them for `hold_seconds`, counting the
-- attempt. Due: not mailed; fewer than 5 attempts; its next attempt due; not held by another run; its kind's
-- e-mail on for the recipient; the recipient's account still there. A message is due only when still unread 10
-- minutes after it arrived, and only the newest of a conversation (recipient + project), and not within an hour of
-- that conversation's last mail. Row locks (skip locked) make concurrent runs take disjoint rows.
create function public.claim_notification_mails(batch integer default 50, hold_seconds integer default 300)
returns table (
  id uuid, user_id uuid, kind text, project_id uuid, title text, body text, link text, created_at timestamptz,
  mail_attempts integer, email text, recipient_name text, actor_name text, project_title text,
  unread_in_conversation integer
)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
begin
  if batch is null or batch < 1 or batch > 500 then
    raise exception 'batch must be between 1 and 500' using errcode = '22023';
  end if;
  return query
  with due as (
    select n.id
      from public.notifications n
      join auth.users u on u.id = n.user_id and u.deleted_at is null and u.email is not null
     where n.mailed_at is null
       and n.mail_attempts < 5
       and coalesce(n.mail_next_attempt_at, n.created_at) <= now()
       and (n.mail_claimed_until is null or n.mail_claimed_until < now())
       and not exists (
         select 1 from public.notification_preferences p
          where p.user_id = n.user_id and p.kind = n.kind and not p.email)
       and (n.kind <> 'message_received' or (
         n.read_at is null
         and n.created_at <= now() - interval '10 minutes'
         and not exists (
           select 1 from public.notifications later
            where later.user_id = n.user_id and later.kind = 'message_received'
              and later.project_id is not distinct from n.project_id
              and later.read_at is null and later.mailed_at is null
              and later.created_at <= now() - interval '10 minutes'
              and (later.created_at, later.id) > (n.created_at, n.id))
         and not exists (
           select 1 from public.notifications sent
            where sent.user_id = n.user_id and sent.kind = 'message_received'
              and sent.project_id is not distinct from n.project_id
              and sent.mailed_at > now() - interval '1 hour')))
     order by n.created_at, n.id
     limit batch
       for update of n skip locked
  ), claimed as (
    update public.notifications n
       set mail_attempts = n.mail_attempts + 1,
           mail_claimed_until = now() + make_interval(secs => greatest(hold_seconds, 1))
      from due
     where n.id = due.id
    returning n.*
  )
  select c.id, c.user_id, c.kind, c.project_id, c.title, c.body, c.link, c.created_at, c.mail_attempts,
         u.email::text, nullif(btrim(pr.full_name), ''), nullif(btrim(ap.full_name), ''), pj.title,
         case when c.kind = 'message_received' then (
           select count(*)::integer from public.notifications m
            where m.user_id = c.user_id and m.kind = 'message_received'
              and m.project_id is not distinct from c.project_id and m.read_at is null and m.mailed_at is null)
         else 0 end
    from claimed c
    join auth.users u on u.id = c.user_id
    left join public.profiles pr on pr.id = c.user_id
    left join public.profiles ap on ap.id = c.actor_id
    left join public.projects pj on pj.id = c.project_id
   order by c.created_at, c.id;
end $$;

-- Reports one claimed notification: mailed (error null), or failed with `error`, then due again after a backoff
-- of 2^attempts minutes (2, 4, 8, 16) until the fifth attempt. A mailed message also covers the conversation's
-- earlier unread ones (the mail said how many there were), so they are never mailed on their own.
create function public.finish_notification_mail(notification_id uuid, error text default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  n public.notifications;
begin
  select * into n from public.notifications where id = notification_id for update;
  if not found then
    return;
  end if;
  if error is null then
    update public.notifications
       set mailed_at = coalesce(mailed_at, now()), mail_claimed_until = null, mail_error = null
     where id = n.id;
    if n.kind = 'message_received' then
      update public.notifications m
         set mailed_at = now(), mail_claimed_until = null
       where m.user_id = n.user_id and m.kind = 'message_received'
         and m.project_id is not distinct from n.project_id
         and m.mailed_at is null and (m.created_at, m.id) < (n.created_at, n.id);
    end if;
  else
    update public.notifications
       set mail_claimed_until = null,
           mail_error = left(error, 1000),
           mail_next_attempt_at = now() + make_interval(mins => power(2, least(n.mail_attempts, 10))::integer)
     where id = n.id and mailed_at is null;
  end if;
end $$;

revoke execute on function public.claim_notification_mails(integer, integer),
  public.finish_notification_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_notification_mails(integer, integer),
  public.finish_notification_mail(uuid, text) to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The schedule: every minute, pg_cron posts to the function with the service key (pg_net).
-- Where the URL and key come from: Supabase Vault on hosted (secrets `project_url` and `service_role_key`),
-- else private.settings (the local stack has no Vault; `npm start` and the tests write the rows).
-- ---------------------------------------------------------------------------------------------------------
create table private.settings (
  name text primary key,
  value text not null
);
comment on table private.settings is
  'Settings the database''s jobs read where Vault is absent (the local stack): project_url, service_role_key.';
revoke all on private.settings from public, anon, authenticated;

create function private.setting(setting_name text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  value text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1' into value using setting_name;
  end if;
  return coalesce(value, (select s.value from private.settings s where s.name = setting_name));
end $$;

-- Queues the function call; the request id, or null (and a notice) while the settings are missing.
create function private.request_notification_mails() returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  base text := private.setting('project_url');
  key text := private.setting('service_role_key');
begin
  if base is null or key is null then
    raise notice 'send-notification-mails: project_url or service_role_key is not set (Vault or private.settings)';
    return null;
  end if;
  return net.http_post(
    url := rtrim(base, '/') || '/functions/v1/send-notification-mails',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key),
    timeout_milliseconds := 60000);
end $$;

revoke execute on function private.setting(text), private.request_notification_mails()
  from public, anon, authenticated;

-- Hosted: the extensions are enabled here if the dashboard has not; the local stack always has both schemas.
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'net') then
    create extension pg_net;
  end if;
  if not exists (select 1 from pg_namespace where nspname = 'cron') then
    create extension pg_cron;
  end if;
end
$$;

select cron.schedule('send-notification-mails', '* * * * *', 'select private.request_notification_mails()');
