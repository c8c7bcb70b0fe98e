-- The minute jobs call their functions with the project's secret key (docs/security.md, "Which key goes where";
-- docs/decisions/0037-keys-and-claims.md).
--
-- Hosted is retiring the legacy service-role JWT for `sb_secret_…` keys, and its Edge Functions guide
-- ("Authorization headers") puts those keys in the `apikey` header: they are no JWT, so a function's verify_jwt
-- check cannot read them as a Bearer token. The four jobs (notification mails, pushes, milestone and order
-- settlement) now read the setting `secret_key` (Vault on hosted, private.settings on the local stack), else the
-- `service_role_key` an installation stored before, and send an `sb_` key as `apikey`, a legacy JWT as before as
-- `Authorization: Bearer`. The functions compare either header with the project's keys (_shared/service-role.ts)
-- and skip verify_jwt (supabase/config.toml), so both installations keep working while they move keys.

-- The headers a job posts with, or null (and a notice naming `job`) while the URL or the key is missing.
create function private.job_request_headers(job text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  key text := coalesce(private.setting('secret_key'), private.setting('service_role_key'));
begin
  if private.setting('project_url') is null or key is null then
    raise notice '%: project_url or secret_key is not set (Vault or private.settings)', job;
    return null;
  end if;
  if key like 'sb\_%' then
    return jsonb_build_object('Content-Type', 'application/json', 'apikey', key);
  end if;
  return jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || key);
end $$;
revoke all on function private.job_request_headers(text) from public, anon, authenticated;

-- One job's call to its function: the headers above, then pg_net's post (null, and nothing posted, while the URL or
-- the key is missing). The four jobs differ only in when they call and which function.
create function private.post_job_request(job text) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  headers jsonb := private.job_request_headers(job);
begin
  if headers is null then
    return null;
  end if;
  return net.http_post(
    url := rtrim(private.setting('project_url'), '/') || '/functions/v1/' || job,
    body := '{}'::jsonb,
    headers := headers,
    timeout_milliseconds := 60000);
end $$;
revoke all on function private.post_job_request(text) from public, anon, authenticated;

create or replace function private.request_notification_mails() returns bigint
language sql volatile security definer set search_path = '' as $$
  select private.post_job_request('send-notification-mails');
$$;

create or replace function private.request_milestone_settlement() returns bigint
language sql volatile security definer set search_path = '' as $$
  select case when private.milestone_work_due() then private.post_job_request('settle-milestones') end;
$$;

create or replace function private.request_order_settlement() returns bigint
language sql volatile security definer set search_path = '' as $$
  select case when private.order_work_due() then private.post_job_request('settle-orders') end;
$$;

-- Posts only when something may be due (the partial index answers it), so an idle minute costs one query, not a
-- function call.
create or replace function private.request_notification_pushes() returns bigint
language sql volatile security definer set search_path = '' as $$
  select case when exists (
    select 1 from public.notifications n
     where n.pushed_at is null and n.push_attempts < 3
       and n.kind in ('offer_received', 'offer_countered', 'offer_accepted', 'search_match', 'order_paid',
                      'message_received', 'listing_message')
       and n.created_at > now() - interval '1 hour'
       and exists (select 1 from public.push_subscriptions s where s.user_id = n.user_id))
  then private.post_job_request('send-push') end;
$$;

-- create or replace keeps the grants; restated so this file alone shows who may run them.
revoke all on function private.request_notification_mails(), private.request_milestone_settlement(),
  private.request_order_settlement(), private.request_notification_pushes() from public, anon, authenticated;

comment on table private.settings is
  'Settings the database''s jobs read where Vault is absent (the local stack): project_url, secret_key (an sb_secret_ key; service_role_key, the legacy JWT, is read when secret_key is absent).';
