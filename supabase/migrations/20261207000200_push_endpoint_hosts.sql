-- Good Space: a device's push endpoint must be a browser vendor's push service (docs/notifications.md, "The push
-- half"; docs/security.md, "Push endpoints"; docs/decisions/0036-find-it-first.md, "Endpoints limited to the
-- browsers' push services").
--
-- send-push posts an encrypted payload to every endpoint a person saved. Until now any https URL was accepted, so a
-- signed-in attacker could save endpoints on hosts of their choosing and have the function post there at the rate of
-- their own notifications. A browser's PushManager.subscribe() only ever returns its vendor's push service, so the
-- list is short: Chrome and the other Chromium browsers (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge
-- (Windows Push Notification Services). https only, no user name or password, no port but 443.
--
-- The local stack's push service (plain http on a loopback port) is allowed only where the installation says so: the
-- setting `local_push_service_url` (private.setting: Vault on hosted, private.settings on the local stack, written
-- by `npm start` and the tests' global setups as they write project_url). Hosted never sets it, so no loopback or
-- other host is ever allowed there.

-- ---------------------------------------------------------------------------------------------------------
-- 1. The rule, in one place: the write trigger and the push run both ask it
-- ---------------------------------------------------------------------------------------------------------
create function private.push_endpoint_allowed(endpoint text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  local_service text := nullif(rtrim(private.setting('local_push_service_url'), '/'), '');
  host text;
begin
  if endpoint is null or char_length(endpoint) > 1000 or endpoint ~ '\s' then
    return false;
  end if;
  -- The local stack's push service: its own origin, then a path.
  if local_service is not null and starts_with(endpoint, local_service || '/') then
    return true;
  end if;
  -- https, then a host of letters, digits, dots and hyphens (so no user:password@), an optional :443, then a path.
  host := lower(substring(endpoint from '^https://([A-Za-z0-9.-]+)(?::443)?/'));
  if host is null then
    return false;
  end if;
  return host in ('fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com')
    -- Apple's push service is under push.apple.com (web.push.apple.com today); Edge's WNS has per-region hosts
    -- such as wns2-par02p.notify.windows.com. Sources: ADR 0036, "Endpoints limited to the browsers' push services".
    or host ~ '^([a-z0-9-]+\.)+push\.apple\.com$'
    or host ~ '^([a-z0-9-]+\.)+notify\.windows\.com$';
end $$;
comment on function private.push_endpoint_allowed(text) is
  'Whether a push endpoint is a browser vendor''s push service, or the local push service where the installation sets local_push_service_url (docs/security.md, "Push endpoints").';
revoke all on function private.push_endpoint_allowed(text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Writes: every insert, and every update that changes the endpoint (an upsert's insert half included), by
--    anyone. Named to run before push_subscriptions_before_insert, so a refused endpoint takes nothing over.
-- ---------------------------------------------------------------------------------------------------------
create function private.push_subscription_endpoint_check() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not private.push_endpoint_allowed(new.endpoint) then
    raise exception 'This push service is not supported. Push works from Chrome, Edge, Firefox and Safari.'
      using errcode = '23514',
            detail = 'A push endpoint must be https on fcm.googleapis.com, updates.push.services.mozilla.com, '
                     || '*.push.apple.com or *.notify.windows.com, without a user name or another port.';
  end if;
  return new;
end $$;
revoke all on function private.push_subscription_endpoint_check() from public, anon, authenticated;
create trigger push_subscriptions_allowed_endpoint before insert or update of endpoint on public.push_subscriptions
  for each row execute function private.push_subscription_endpoint_check();

-- The shape check of the first push migration let plain http through to loopback for the local stack; the trigger
-- above now decides that from the installation's setting, so the column keeps only its length and the URL's shape.
alter table public.push_subscriptions drop constraint push_subscriptions_endpoint_check;
alter table public.push_subscriptions add constraint push_subscriptions_endpoint_check check (
  char_length(endpoint) <= 1000 and endpoint ~ '^https?://[^/?#@\s]+/\S*$');

-- Devices saved before this rule on any other host are deleted now rather than at their owner's next push: a real
-- browser never had such an endpoint, so they are an attacker's or a local stack's whose setting is not written
-- yet (its owner turns push on again). The push run drops any that a changed setting leaves behind (below).
delete from public.push_subscriptions s where not private.push_endpoint_allowed(s.endpoint);

-- ---------------------------------------------------------------------------------------------------------
-- 3. The push run: each device says whether its endpoint is still allowed (a changed setting, a row from before),
--    and send-push posts only to allowed ones, reporting the rest as gone (finish_notification_push deletes them).
--    Otherwise as in 20261206000300_push.sql.
-- ---------------------------------------------------------------------------------------------------------
create or replace function public.claim_notification_pushes(batch integer default 100, hold_seconds integer default 120)
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
                                                       'auth', s.auth,
                                                       'allowed', private.push_endpoint_allowed(s.endpoint))
                                    order by s.created_at), '[]'::jsonb)
            from public.push_subscriptions s where s.user_id = c.user_id)
    from claimed c
   order by c.created_at, c.id;
end $$;
