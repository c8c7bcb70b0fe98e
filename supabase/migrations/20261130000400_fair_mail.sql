-- Good Space: one person cannot flood a mailbox, one flood cannot delay others' mail
-- (docs/decisions/0030-safe-by-default.md, "Mail"; docs/product.md, Notifications → By e-mail).
--
-- Before: every notification was mailed on its own, except project messages. A free account could send a seller
-- thousands of e-mails (listing messages, offers made, withdrawn and made again, items added and removed), each
-- with its own words in it, and the queue (a batch of 100 a minute, oldest first) then delayed everyone's receipts.
--
-- Now, in the database (the edge function only renders and sends what the claim hands it):
-- * Each notification has a fold key: its kind and who acted (or, with nobody named, its project or piece).
--   A recipient gets at most one mail per fold key an hour; what arrives meanwhile folds into the next mail, a
--   digest ('3 new messages from Bea Buyer about "Teak sideboard"'). The in-app bell stays one row per event.
-- * Messages, project and listing ones alike, are mailed only while still unread 10 minutes after they came.
-- * Transactional kinds (orders, receipts, membership payments) have no fold key: each is mailed, and first.
-- * Each run serves recipients in turns: transactional mails first, then at most 3 mails per recipient, one
--   from each in turn, recipients ordered by their oldest waiting mail, within the run's batch.
-- * Races: a fold key is claimed under a transaction-scoped advisory lock, and its rows under row locks (skip
--   locked) and a hold, so two runs at once never mail one key twice.

-- ---------------------------------------------------------------------------------------------------------
-- 1. The fold key and the mail each row went out in
-- ---------------------------------------------------------------------------------------------------------
-- Null for the kinds that are never folded: what was paid for or about a membership's payment.
alter table public.notifications
  add column mail_fold_key text generated always as (
    case when kind in ('order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled',
                       'order_refunded', 'payment_failed', 'membership_ending') then null
         else kind || ':' || coalesce(actor_id::text, project_id::text, data ->> 'catalog_item_id', '-') end
  ) stored,
  -- The notification whose mail carried this one (itself for the one the mail was written from). Set when
  -- claimed; kept once mailed, so how many mails went out is countable.
  add column mail_folded_into uuid;

comment on column public.notifications.mail_fold_key is
  'Kind and actor (or project/piece): at most one mail per (user_id, mail_fold_key) an hour. Null: never folded.';
comment on column public.notifications.mail_folded_into is
  'The notification whose mail carried this one (itself for the mail''s own row).';

-- The hour's check and a key's pending rows.
create index notifications_mail_fold_key_idx on public.notifications (user_id, mail_fold_key, mailed_at)
  where mail_fold_key is not null;
create index notifications_mail_folded_into_idx on public.notifications (mail_folded_into)
  where mail_folded_into is not null;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Claiming (restated: it now returns one row per mail, with what folded into it)
-- ---------------------------------------------------------------------------------------------------------
drop function public.claim_notification_mails(integer, integer);

-- Takes up to `batch` mails that are due and holds their notifications for `hold_seconds`, counting the attempt
-- on each. A notification is due when: not mailed; fewer than 5 attempts; its next attempt due; not held; its
-- kind's e-mail on for the recipient; the recipient's account there, with a confirmed address; a message
-- (message_received, listing_message) only while unread and 10 minutes old. A fold key is due when it has due
-- notifications, none of its notifications is held, and none was mailed within the hour; its mail is written from
-- the newest due one and carries the count of all of them.
create function public.claim_notification_mails(batch integer default 50, hold_seconds integer default 300)
returns table (
  id uuid, user_id uuid, kind text, project_id uuid, title text, body text, link text, created_at timestamptz,
  mail_attempts integer, email text, recipient_name text, actor_name text, project_title text,
  unread_in_conversation integer, folded_count integer, folded_subjects integer, subject_title text
)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  -- Mails per recipient per run: a flood to one person waits its turn behind everyone else's first mails.
  per_recipient constant integer := 3;
  g record;
  rep uuid;
  reps uuid[] := '{}';
begin
  if batch is null or batch < 1 or batch > 500 then
    raise exception 'batch must be between 1 and 500' using errcode = '22023';
  end if;
  for g in
    with due as (
      select n.user_id, coalesce(n.mail_fold_key, n.id::text) as gkey, n.mail_fold_key is null as urgent,
             n.created_at
        from public.notifications n
        join auth.users u on u.id = n.user_id
       where n.mailed_at is null
         and u.deleted_at is null and u.email is not null and u.email_confirmed_at is not null
         and n.mail_attempts < 5
         and coalesce(n.mail_next_attempt_at, n.created_at) <= now()
         and (n.mail_claimed_until is null or n.mail_claimed_until < now())
         and not exists (
           select 1 from public.notification_preferences p
            where p.user_id = n.user_id and p.kind = n.kind and not p.email)
         and (n.kind not in ('message_received', 'listing_message')
              or (n.read_at is null and n.created_at <= now() - interval '10 minutes'))
    ), keyed as (
      select d.user_id, d.gkey, bool_and(d.urgent) as urgent, min(d.created_at) as oldest
        from due d
       group by d.user_id, d.gkey
    ), ready as (
      select x.* from keyed x
       where x.urgent or not exists (
         select 1 from public.notifications s
          where s.user_id = x.user_id and s.mail_fold_key = x.gkey
            and (s.mailed_at > now() - interval '1 hour' or s.mail_claimed_until >= now()))
    ), turns as (
      select o.*,
             row_number() over (partition by o.user_id order by o.urgent desc, o.oldest, o.gkey) as turn,
             min(o.oldest) over (partition by o.user_id) as first_waiting
        from ready o
    )
    select t.user_id, t.gkey, t.urgent from turns t
     where t.turn <= per_recipient
     order by t.urgent desc, t.turn, t.first_waiting, t.user_id
     limit batch
  loop
    -- One claimer per key at a time (held to this transaction's end, when the hold below is visible to all).
    continue when not pg_try_advisory_xact_lock(hashtextextended('notification-mail/' || g.user_id || '/' || g.gkey, 0));
    -- This statement's snapshot sees what another run committed since the query above.
    continue when not g.urgent and exists (
      select 1 from public.notifications s
       where s.user_id = g.user_id and s.mail_fold_key = g.gkey
         and (s.mailed_at > now() - interval '1 hour' or s.mail_claimed_until >= now()));
    rep := null;
    with picked as (
      select n.id, n.created_at
        from public.notifications n
        join auth.users u on u.id = n.user_id
       where n.user_id = g.user_id
         and n.mailed_at is null
         and coalesce(n.mail_fold_key, n.id::text) = g.gkey
         and u.deleted_at is null and u.email is not null and u.email_confirmed_at is not null
         and n.mail_attempts < 5
         and coalesce(n.mail_next_attempt_at, n.created_at) <= now()
         and (n.mail_claimed_until is null or n.mail_claimed_until < now())
         and not exists (
           select 1 from public.notification_preferences p
            where p.user_id = n.user_id and p.kind = n.kind and not p.email)
         and (n.kind not in ('message_received', 'listing_message')
              or (n.read_at is null and n.created_at <= now() - interval '10 minutes'))
         for update of n skip locked
    ), newest as (
      select r.id from picked r order by r.created_at desc, r.id desc limit 1
    ), claimed as (
      update public.notifications n
         set mail_attempts = n.mail_attempts + 1,
             mail_claimed_until = now() + make_interval(secs => greatest(hold_seconds, 1)),
             mail_folded_into = (select newest.id from newest)
        from picked
       where n.id = picked.id
      returning n.id
    )
    select newest.id into rep from newest where exists (select 1 from claimed);
    if rep is not null then
      reps := reps || rep;
    end if;
  end loop;

  return query
  select c.id, c.user_id, c.kind, c.project_id, c.title, c.body, c.link, c.created_at, c.mail_attempts,
         u.email::text, nullif(btrim(pr.full_name), ''), nullif(btrim(ap.full_name), ''), pj.title,
         case when c.kind in ('message_received', 'listing_message') then f.folded else 0 end,
         f.folded, f.subjects,
         coalesce(pj.title, ci.title)
    from unnest(reps) with ordinality as r (id, ord)
    join public.notifications c on c.id = r.id
    join auth.users u on u.id = c.user_id
    left join public.profiles pr on pr.id = c.user_id
    left join public.profiles ap on ap.id = c.actor_id
    left join public.projects pj on pj.id = c.project_id
    left join public.catalog_items ci on ci.id = case
      when c.data ->> 'catalog_item_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (c.data ->> 'catalog_item_id')::uuid end
    cross join lateral (
      select count(*)::integer as folded,
             count(distinct coalesce(m.project_id::text, m.data ->> 'catalog_item_id', m.id::text))::integer as subjects
        from public.notifications m
       where m.mail_folded_into = c.id and m.mailed_at is null
    ) f
   order by r.ord;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- 3. Finishing (restated: a mail covers every notification folded into it)
-- ---------------------------------------------------------------------------------------------------------
-- Reports one claimed mail by the notification it was written from: mailed (error null), then every notification
-- folded into it is mailed too; or failed with `error`, then all of them are due again after a backoff of
-- 2^attempts minutes (2, 4, 8, 16) until the fifth attempt.
create or replace function public.finish_notification_mail(notification_id uuid, error text default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  n public.notifications;
begin
  select * into n from public.notifications where id = notification_id for update;
  if not found then
    return;
  end if;
  if error is null then
    update public.notifications m
       set mailed_at = coalesce(m.mailed_at, now()), mail_claimed_until = null, mail_error = null,
           mail_folded_into = coalesce(m.mail_folded_into, n.id)
     where m.id = n.id or (m.mail_folded_into = n.id and m.mailed_at is null);
  else
    update public.notifications m
       set mail_claimed_until = null,
           mail_error = left(error, 1000),
           mail_next_attempt_at = now() + make_interval(mins => power(2, least(m.mail_attempts, 10))::integer),
           mail_folded_into = null
     where (m.id = n.id or m.mail_folded_into = n.id) and m.mailed_at is null;
  end if;
end $$;

revoke execute on function public.claim_notification_mails(integer, integer),
  public.finish_notification_mail(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_notification_mails(integer, integer),
  public.finish_notification_mail(uuid, text) to service_role;
