-- Funding a milestone opens a Stripe Checkout session each time, as Buy Now does: counted per person like the
-- other payment functions (docs/product.md, Limits; 20261130000300_limits.sql), so one account cannot make
-- Good Space open sessions without end. A project has at most four milestones; ten an hour is more than a
-- person who changes their mind on the payment page needs.
insert into private.rate_limits (action, max_events, per) values ('fund_milestone', 10, interval '1 hour');

-- Restated from 20261130000300_limits.sql; what changes: the list of function actions.
create or replace function public.take_function_rate(user_id uuid, action text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if action not in ('buy_now', 'create_checkout', 'connect_account', 'fund_milestone') then
    raise exception 'Unknown function action %', action using errcode = '22023';
  end if;
  if user_id is null then
    raise exception 'user_id is required' using errcode = '22004';
  end if;
  perform private.take_rate_for(user_id, action);
end $$;
revoke execute on function public.take_function_rate(uuid, text) from public, anon, authenticated;
grant execute on function public.take_function_rate(uuid, text) to service_role;
