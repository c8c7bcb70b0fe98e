-- Good Space: e-mail addresses stay private, and three smaller holes (issue 26; docs/decisions/0030-safe-by-default.md).
--
-- 1. profiles.email: the API roles get a column list without it. A related person (conversation, offer, bid, nudge)
--    still reads a name; the address of a counterpart comes only from contact_email(), which checks that the product
--    needs it (an active project's customer and assigned designer, a paid order's buyer and seller).
-- 2. notifications: the mail bookkeeping (mailed_at, mail_attempts, mail_next_attempt_at, mail_claimed_until,
--    mail_error) is the mail job's, not the recipient's.
-- 3. Accounts that never confirmed their e-mail are neither listed (designer_profiles' read rule, which every
--    directory read goes through: nearby_designers is SECURITY INVOKER) nor mailed (claim_notification_mails, restated in 20261130000400_fair_mail.sql).

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

-- The mail job mails confirmed accounts only: claim_notification_mails' condition
-- `u.email_confirmed_at is not null` is in its one restatement, 20261130000400_fair_mail.sql.
