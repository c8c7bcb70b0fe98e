-- Good Space: payments bookkeeping (docs/decisions/0010-payments-sandbox.md).
--
-- The tables live in the unexposed schema `private`: only the Edge Functions (service role) touch them, and
-- keeping them out of `public` keeps them out of the Data API altogether. The functions reach them through
-- the SECURITY INVOKER functions below, executable by service_role only, so each multi-step change (claim a
-- webhook event, confirm a sandbox checkout and activate the subscription) is one transaction.
-- public.subscriptions (20261122000100) stays the single source of truth for memberships.

-- ---------------------------------------------------------------------------------------------------------
-- billing_customers: the Stripe customer of each user, created once before the first checkout and reused,
-- so nothing looks customers up by e-mail (e-mails are neither unique nor stable at Stripe).
-- ---------------------------------------------------------------------------------------------------------
create table private.billing_customers (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  stripe_customer_id text not null unique check (stripe_customer_id ~ '^cus_[A-Za-z0-9]+$'),
  -- check-subscription asks Stripe directly for a while after a checkout started, in case the webhook is late.
  last_checkout_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table private.billing_customers is 'Stripe customer per user. Service role only.';

-- stripe_events: ids of processed webhook events; Stripe delivers at least once, so a replay is a no-op.
create table private.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]+$'),
  type text not null check (char_length(type) <= 100),
  received_at timestamptz not null default now()
);
comment on table private.stripe_events is 'Processed Stripe webhook event ids (de-duplication). Service role only.';

-- sandbox_sessions: checkout and portal sessions of the sandbox provider (no Stripe keys configured).
create table private.sandbox_sessions (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('checkout', 'portal')),
  user_id uuid not null references public.profiles (id) on delete cascade,
  plan public.subscription_plan,
  price_id text check (price_id is null or char_length(price_id) <= 200),
  -- checkout: where confirming returns; portal: where closing returns. Validated by the function.
  return_url text not null check (char_length(return_url) <= 2000),
  cancel_url text check (cancel_url is null or char_length(cancel_url) <= 2000),
  status text not null default 'open' check (status in ('open', 'completed', 'canceled')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour',
  completed_at timestamptz,
  constraint sandbox_sessions_checkout_fields check (
    kind = 'portal' or (plan is not null and price_id is not null and cancel_url is not null)
  )
);
create index sandbox_sessions_user_id_idx on private.sandbox_sessions (user_id);
comment on table private.sandbox_sessions is 'Sandbox payment sessions (no money moves). Service role only.';

revoke all on private.billing_customers, private.stripe_events, private.sandbox_sessions from public, anon, authenticated;
grant select, insert, update, delete on private.billing_customers, private.stripe_events, private.sandbox_sessions to service_role;
-- RLS on with no policies: even a role that somehow gets a grant sees nothing (service_role bypasses RLS).
alter table private.billing_customers enable row level security;
alter table private.stripe_events enable row level security;
alter table private.sandbox_sessions enable row level security;

-- ---------------------------------------------------------------------------------------------------------
-- Stripe customers
-- ---------------------------------------------------------------------------------------------------------
create function public.billing_customer_get(p_user_id uuid) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object('stripe_customer_id', c.stripe_customer_id, 'last_checkout_at', c.last_checkout_at)
  from private.billing_customers c where c.user_id = p_user_id
$$;

-- Stores the customer made for a user (or keeps the one already stored: two concurrent first checkouts
-- share one customer through Stripe's idempotency key anyway) and notes that a checkout started.
create function public.billing_customer_save(p_user_id uuid, p_customer_id text) returns text
language sql set search_path = '' as $$
  insert into private.billing_customers as c (user_id, stripe_customer_id, last_checkout_at)
  values (p_user_id, p_customer_id, now())
  on conflict (user_id) do update set last_checkout_at = now()
  returning c.stripe_customer_id
$$;

create function public.billing_customer_owner(p_customer_id text) returns uuid
language sql stable set search_path = '' as $$
  select c.user_id from private.billing_customers c where c.stripe_customer_id = p_customer_id
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Webhook de-duplication: claim before the work, release if the work failed (so Stripe's retry runs it).
-- ---------------------------------------------------------------------------------------------------------
create function public.stripe_event_claim(p_event_id text, p_type text) returns boolean
language plpgsql set search_path = '' as $$
begin
  insert into private.stripe_events (id, type) values (p_event_id, p_type) on conflict (id) do nothing;
  return found;
end $$;

create function public.stripe_event_release(p_event_id text) returns void
language sql set search_path = '' as $$
  delete from private.stripe_events where id = p_event_id
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Sandbox provider
-- ---------------------------------------------------------------------------------------------------------
create function public.sandbox_session_open(
  p_kind text, p_user_id uuid, p_plan public.subscription_plan, p_price_id text, p_return_url text, p_cancel_url text
) returns uuid
language sql set search_path = '' as $$
  insert into private.sandbox_sessions (kind, user_id, plan, price_id, return_url, cancel_url)
  values (p_kind, p_user_id, p_plan, p_price_id, p_return_url, p_cancel_url)
  returning id
$$;

-- The session as its owner's page shows it, with the owner's current subscription for that page; null when
-- the session does not exist or belongs to someone else (the caller cannot tell the two apart).
create function public.sandbox_session_get(p_session_id uuid, p_user_id uuid) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', s.id, 'kind', s.kind, 'plan', s.plan, 'price_id', s.price_id,
    'status', case when s.status = 'open' and s.expires_at <= now() then 'expired' else s.status end,
    'return_url', s.return_url, 'cancel_url', s.cancel_url, 'expires_at', s.expires_at,
    'subscriptions', coalesce((
      select jsonb_agg(jsonb_build_object(
        'plan', sub.plan, 'status', sub.status, 'provider', sub.provider,
        'current_period_end', sub.current_period_end, 'cancel_at_period_end', sub.cancel_at_period_end
      ) order by sub.plan)
      from public.subscriptions sub where sub.user_id = s.user_id
    ), '[]'::jsonb)
  )
  from private.sandbox_sessions s where s.id = p_session_id and s.user_id = p_user_id
$$;

-- One action on a sandbox session, atomically:
--   checkout: 'confirm' activates the plan for a month (as a paid Stripe period would), 'cancel' abandons;
--   portal:   'cancel-subscription' ends the sandbox subscription(s) now, 'close' just leaves.
-- Returns {"ok": true, "url": …} or {"ok": false, "reason": not_found | wrong_kind | expired | closed}.
-- Repeating a finished action returns its URL again (a double click or a reload is not an error).
create function public.sandbox_session_act(p_session_id uuid, p_user_id uuid, p_action text) returns jsonb
language plpgsql set search_path = '' as $$
declare
  s private.sandbox_sessions;
begin
  select * into s from private.sandbox_sessions where id = p_session_id and user_id = p_user_id for update;
  if not found then
    return jsonb_build_object('ok', false, 'reason', 'not_found');
  end if;

  if s.kind = 'checkout' then
    if p_action not in ('confirm', 'cancel') then
      return jsonb_build_object('ok', false, 'reason', 'wrong_kind');
    end if;
    if s.status = 'completed' then
      return case when p_action = 'confirm' then jsonb_build_object('ok', true, 'url', s.return_url)
                  else jsonb_build_object('ok', false, 'reason', 'closed') end;
    end if;
    if s.status = 'canceled' then
      return case when p_action = 'cancel' then jsonb_build_object('ok', true, 'url', s.cancel_url)
                  else jsonb_build_object('ok', false, 'reason', 'closed') end;
    end if;
    if p_action = 'cancel' then
      update private.sandbox_sessions set status = 'canceled', completed_at = now() where id = s.id;
      return jsonb_build_object('ok', true, 'url', s.cancel_url);
    end if;
    if s.expires_at <= now() then
      return jsonb_build_object('ok', false, 'reason', 'expired');
    end if;
    update private.sandbox_sessions set status = 'completed', completed_at = now() where id = s.id;
    insert into public.subscriptions as sub
      (user_id, plan, status, provider, price_id, product_id, current_period_end, cancel_at_period_end,
       stripe_customer_id, stripe_subscription_id)
    values
      (s.user_id, s.plan, 'active', 'sandbox', s.price_id, 'prod_sandbox_' || s.plan::text, now() + interval '1 month',
       false, null, null)
    on conflict (user_id, plan) do update set
      status = 'active', provider = 'sandbox', price_id = excluded.price_id, product_id = excluded.product_id,
      current_period_end = excluded.current_period_end, cancel_at_period_end = false,
      stripe_customer_id = null, stripe_subscription_id = null;
    return jsonb_build_object('ok', true, 'url', s.return_url);
  end if;

  -- portal
  if p_action not in ('cancel-subscription', 'close') then
    return jsonb_build_object('ok', false, 'reason', 'wrong_kind');
  end if;
  if s.status <> 'open' or s.expires_at <= now() then
    -- Leaving is always allowed; changing the subscription needs a live session.
    if p_action = 'close' then
      return jsonb_build_object('ok', true, 'url', s.return_url);
    end if;
    return jsonb_build_object('ok', false, 'reason', case when s.status <> 'open' then 'closed' else 'expired' end);
  end if;
  if p_action = 'cancel-subscription' then
    update public.subscriptions
       set status = 'canceled', current_period_end = least(coalesce(current_period_end, now()), now()),
           cancel_at_period_end = false
     where user_id = s.user_id and provider = 'sandbox' and status in ('active', 'trialing', 'past_due', 'unpaid');
    update private.sandbox_sessions set status = 'completed', completed_at = now() where id = s.id;
  end if;
  return jsonb_build_object('ok', true, 'url', s.return_url);
end $$;

revoke all on function
  public.billing_customer_get(uuid), public.billing_customer_save(uuid, text), public.billing_customer_owner(text),
  public.stripe_event_claim(text, text), public.stripe_event_release(text),
  public.sandbox_session_open(text, uuid, public.subscription_plan, text, text, text),
  public.sandbox_session_get(uuid, uuid), public.sandbox_session_act(uuid, uuid, text)
from public, anon, authenticated;
grant execute on function
  public.billing_customer_get(uuid), public.billing_customer_save(uuid, text), public.billing_customer_owner(text),
  public.stripe_event_claim(text, text), public.stripe_event_release(text),
  public.sandbox_session_open(text, uuid, public.subscription_plan, text, text, text),
  public.sandbox_session_get(uuid, uuid), public.sandbox_session_act(uuid, uuid, text)
to service_role;
