-- Good Space: push notifications to a device (docs/decisions/0036-find-it-first.md, "Push"; docs/notifications.md,
-- "The push half").
--
-- A device is one browser's Web Push subscription (RFC 8030 endpoint + RFC 8291 keys). The edge function send-push
-- runs every minute like send-notification-mails: claim_notification_pushes() takes the notifications that are due
-- for push under row locks and holds them, the function encrypts one message per device and posts it with a VAPID
-- signature (RFC 8292), and finish_notification_push() records the outcome, deleting devices the push service
-- says are gone (404/410). Only the kinds that matter fast are pushed, and each person can turn push off per kind.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Devices
-- ---------------------------------------------------------------------------------------------------------
create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- The push service's URL for this device. https only, except a loopback address (the local stack's push
  -- service); the function refuses plain http unless it runs on the local stack itself.
  endpoint text not null unique check (
    char_length(endpoint) <= 1000
    and (endpoint ~ '^https://[^/?#@\s]+/\S*$' or endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]{1,5})?/\S*$')),
  -- The device's P-256 public key (65 bytes) and auth secret (16 bytes), base64url as PushSubscription.toJSON().
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{87}=?$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{22}(==)?$'),
  user_agent text null check (user_agent is null or char_length(user_agent) <= 300),
  created_at timestamptz not null default now(),
  last_used_at timestamptz null
);
comment on table public.push_subscriptions is
  'Devices (Web Push subscriptions) that receive push notifications for their owner (docs/notifications.md).';
create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

-- A browser has one subscription whoever is signed in: subscribing takes the endpoint over from whoever held it
-- before (the last person to turn push on in that browser gets its pushes), and a person has at most 20 devices.
create function private.push_subscription_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.push_subscriptions where endpoint = new.endpoint and user_id <> new.user_id;
  if (select count(*) from public.push_subscriptions
       where user_id = new.user_id and endpoint <> new.endpoint) >= 20 then
    raise exception 'You can have push notifications on at most 20 devices. Turn them off on one you no longer use.'
      using errcode = '23514';
  end if;
  return new;
end $$;
create trigger push_subscriptions_before_insert before insert on public.push_subscriptions
  for each row execute function private.push_subscription_before_insert();
revoke all on function private.push_subscription_before_insert() from public, anon, authenticated;

revoke all on public.push_subscriptions from anon, authenticated;
grant select (id, user_id, endpoint, p256dh, auth, user_agent, created_at, last_used_at)
  on public.push_subscriptions to authenticated;
grant insert (user_id, endpoint, p256dh, auth, user_agent) on public.push_subscriptions to authenticated;
-- Upsert on endpoint (the browser re-subscribing with new keys) updates every column it sends.
grant update (user_id, endpoint, p256dh, auth, user_agent) on public.push_subscriptions to authenticated;
grant delete on public.push_subscriptions to authenticated;
grant select, insert, update, delete on public.push_subscriptions to service_role;
alter table public.push_subscriptions enable row level security;
create policy push_subscriptions_select_own on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));
create policy push_subscriptions_insert_own on public.push_subscriptions for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy push_subscriptions_update_own on public.push_subscriptions for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy push_subscriptions_delete_own on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));
create policy "two-factor users need aal2" on public.push_subscriptions as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));

-- ---------------------------------------------------------------------------------------------------------
-- 2. Per kind: push on or off (no row, or a row without a change, means on)
-- ---------------------------------------------------------------------------------------------------------
alter table public.notification_preferences add column push boolean not null default true;
grant update (push) on public.notification_preferences to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 3. Push state per notification (readable with the row, changed only by the two RPCs below)
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications
  add column pushed_at timestamptz,
  add column push_attempts integer not null default 0 check (push_attempts >= 0),
  add column push_next_attempt_at timestamptz,
  add column push_claimed_until timestamptz,
  add column push_error text check (push_error is null or char_length(push_error) <= 1000);

-- The kinds pushed (docs/notifications.md, "The push half"): what someone acts on within minutes.
-- What the push run scans: pushable rows not yet pushed, newest hour only (an older one is stale news).
create index notifications_push_due_idx on public.notifications (created_at)
  where pushed_at is null and push_attempts < 3
    and kind in ('offer_received', 'offer_countered', 'offer_accepted', 'search_match', 'order_paid',
                 'message_received', 'listing_message');

-- Takes up to `batch` notifications due for push and holds them for `hold_seconds`, counting the attempt, with
-- the recipient's devices. Due: a push kind; not pushed; fewer than 3 attempts; next attempt due; not held;
-- unread; at most an hour old; the kind's push on for the recipient; the recipient has a device. A message
-- (message_received, listing_message) is pushed only while still unread two minutes after it arrived: someone
-- with the conversation open reads it at once (the app marks it read), so the push reaches only the person away.
create function public.claim_notification_pushes(batch integer default 100, hold_seconds integer default 120)
returns table (
  id uuid, user_id uuid, kind text, project_id uuid, title text, body text, link text, data jsonb,
  created_at timestamptz, push_attempts integer, devices jsonb
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
     where n.pushed_at is null
       and n.push_attempts < 3
       and n.kind in ('offer_received', 'offer_countered', 'offer_accepted', 'search_match', 'order_paid',
                      'message_received', 'listing_message')
       and n.created_at > now() - interval '1 hour'
       and n.read_at is null
       and coalesce(n.push_next_attempt_at, n.created_at) <= now()
       and (n.push_claimed_until is null or n.push_claimed_until < now())
       and (n.kind not in ('message_received', 'listing_message') or n.created_at <= now() - interval '2 minutes')
       and not exists (
         select 1 from public.notification_preferences p
          where p.user_id = n.user_id and p.kind = n.kind and not p.push)
       and exists (select 1 from public.push_subscriptions s where s.user_id = n.user_id)
     order by n.created_at, n.id
     limit batch
       for update of n skip locked
  ), claimed as (
    update public.notifications n
       set push_attempts = n.push_attempts + 1,
           push_claimed_until = now() + make_interval(secs => greatest(hold_seconds, 1))
      from due
     where n.id = due.id
    returning n.*
  )
  select c.id, c.user_id, c.kind, c.project_id, c.title, c.body, c.link, c.data, c.created_at, c.push_attempts,
         (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh,
                                                       'auth', s.auth) order by s.created_at), '[]'::jsonb)
            from public.push_subscriptions s where s.user_id = c.user_id)
    from claimed c
   order by c.created_at, c.id;
end $$;

-- Reports one claimed notification. `delivered` are the devices the push service accepted (their last_used_at is
-- set), `gone` the ones it answered 404/410 for (deleted: the browser dropped the subscription). Pushed when at
-- least one device took it or none is left; otherwise (`error`) due again after 1, then 2 minutes, until the
-- third attempt. A device that took it is never sent it again: a retry would show it twice.
create function public.finish_notification_push(
  notification_id uuid, error text default null, delivered uuid[] default '{}', gone uuid[] default '{}'
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  n public.notifications;
begin
  select * into n from public.notifications where id = notification_id for update;
  if not found then
    return;
  end if;
  delete from public.push_subscriptions where user_id = n.user_id and id = any(coalesce(gone, '{}'));
  update public.push_subscriptions set last_used_at = now()
   where user_id = n.user_id and id = any(coalesce(delivered, '{}'));
  if error is null or cardinality(coalesce(delivered, '{}')) > 0
     or not exists (select 1 from public.push_subscriptions s where s.user_id = n.user_id) then
    update public.notifications
       set pushed_at = coalesce(pushed_at, now()), push_claimed_until = null, push_error = left(error, 1000)
     where id = n.id;
  else
    update public.notifications
       set push_claimed_until = null,
           push_error = left(error, 1000),
           push_next_attempt_at = now() + make_interval(mins => power(2, least(n.push_attempts - 1, 10))::integer)
     where id = n.id and pushed_at is null;
  end if;
end $$;

revoke execute on function public.claim_notification_pushes(integer, integer),
  public.finish_notification_push(uuid, text, uuid[], uuid[])
  from public, anon, authenticated;
grant execute on function public.claim_notification_pushes(integer, integer),
  public.finish_notification_push(uuid, text, uuid[], uuid[]) to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 4. The schedule: every minute, pg_cron posts to send-push with the service key (as the mail job does;
--    private.setting reads Vault on hosted, private.settings on the local stack).
-- ---------------------------------------------------------------------------------------------------------
create function private.request_notification_pushes() returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  base text := private.setting('project_url');
  key text := private.setting('service_role_key');
begin
  if base is null or key is null then
    raise notice 'send-push: project_url or service_role_key is not set (Vault or private.settings)';
    return null;
  end if;
  -- Posts only when something may be due (the partial index answers it), so an idle minute costs one query, not a
  -- function call.
  if not exists (
    select 1 from public.notifications n
     where n.pushed_at is null and n.push_attempts < 3
       and n.kind in ('offer_received', 'offer_countered', 'offer_accepted', 'search_match', 'order_paid',
                      'message_received', 'listing_message')
       and n.created_at > now() - interval '1 hour'
       and exists (select 1 from public.push_subscriptions s where s.user_id = n.user_id)) then
    return null;
  end if;
  return net.http_post(
    url := rtrim(base, '/') || '/functions/v1/send-push',
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key),
    timeout_milliseconds := 60000);
end $$;
revoke execute on function private.request_notification_pushes() from public, anon, authenticated;

select cron.schedule('send-push', '* * * * *', 'select private.request_notification_pushes()');
