-- Good Space: e-mail addresses stay private, and three smaller holes (issue 26; docs/decisions/0030-safe-by-default.md).
--
-- 1. profiles.email: the API roles get a column list without it. A related person (conversation, offer, bid, nudge)
--    still reads a name; the address of a counterpart comes only from contact_email(), which checks that the product
--    needs it (an active project's customer and assigned designer, a paid order's buyer and seller).
-- 2. notifications: the mail bookkeeping (mailed_at, mail_attempts, mail_next_attempt_at, mail_claimed_until,
--    mail_error) is the mail job's, not the recipient's.
-- 3. Accounts that never confirmed their e-mail are neither listed (designer_profiles' read rule, which every
--    directory read goes through: nearby_designers is SECURITY INVOKER) nor mailed (claim_notification_mails).

-- ---------------------------------------------------------------------------------------------------------
-- 1. profiles: no e-mail through the API
-- ---------------------------------------------------------------------------------------------------------
-- PostgREST answers 42501 for select=* or select=email (embeds too); every read names its columns.
revoke select on public.profiles from anon, authenticated;
grant select (id, full_name, created_at, updated_at) on public.profiles to authenticated;
comment on column public.profiles.email is
  'Copy of auth.users.email for the database''s own use (mail job). Not granted to the API roles: one''s own address '
  'comes from the session, a counterpart''s from contact_email().';

-- A counterpart's address, only where the product needs it: the customer and the assigned designer of an active
-- project, the buyer and the seller of a paid order (paid, ready, completed). Anyone else: 42501 with the reason.
-- Each probe is one index range: projects (customer_id, designer_id), orders (seller_id, buyer_id).
create function public.contact_email(p_user uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  addr text;
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  if p_user is null then
    raise exception 'Say whose e-mail address you want' using errcode = '22023';
  end if;
  if p_user <> uid
     and not exists (
       select 1 from public.projects p
        where p.status = 'active'
          and ((p.customer_id = uid and p.designer_id = p_user) or (p.customer_id = p_user and p.designer_id = uid)))
     and not exists (
       select 1 from public.orders o
        where o.status in ('paid', 'ready', 'completed')
          and ((o.seller_id = uid and o.buyer_id = p_user) or (o.seller_id = p_user and o.buyer_id = uid))) then
    raise exception 'You can see an e-mail address only while you share an active project or a paid order with that person'
      using errcode = '42501';
  end if;
  select pr.email into addr from public.profiles pr where pr.id = p_user;
  return addr;
end $$;
comment on function public.contact_email(uuid) is
  'The e-mail address of the caller''s counterpart in an active project or a paid order; 42501 otherwise.';
revoke execute on function public.contact_email(uuid) from public, anon;
grant execute on function public.contact_email(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. notifications: the mail columns are the mail job's
-- ---------------------------------------------------------------------------------------------------------
revoke select on public.notifications from anon, authenticated;
grant select (id, user_id, kind, project_id, actor_id, title, body, link, data, read_at, created_at)
  on public.notifications to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 3. Only confirmed accounts are listed and mailed
-- ---------------------------------------------------------------------------------------------------------
-- The confirmed accounts, for the designer_profiles read rule: owned by postgres so it reads auth.users (which the
-- API roles cannot), in `private`, which the API does not expose. Not security_barrier, so the policy's
-- `id = designer_profiles.user_id` is pushed down to a primary-key probe.
create view private.confirmed_users as
  select u.id from auth.users u where u.email_confirmed_at is not null and u.deleted_at is null;
comment on view private.confirmed_users is
  'Accounts that confirmed their e-mail; backs designer_profiles'' read rule (unconfirmed designers are not listed).';
revoke all on private.confirmed_users from public, anon, authenticated, service_role;
grant select on private.confirmed_users to authenticated, service_role;

drop policy designer_profiles_select_signed_in on public.designer_profiles;
create policy designer_profiles_select_confirmed on public.designer_profiles for select to authenticated
  using (user_id = (select auth.uid())
         or exists (select 1 from private.confirmed_users c where c.id = designer_profiles.user_id));

-- The mail job mails confirmed accounts only: claim_notification_mails restated from
-- 20261127000200_notification_mail.sql with one added condition (u.email_confirmed_at is not null).
create or replace function public.claim_notification_mails(batch integer default 50, hold_seconds integer default 300)
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
                          and u.email_confirmed_at is not null
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
