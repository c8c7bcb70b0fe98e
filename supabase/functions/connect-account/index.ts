// connect-account: a designer's payouts (docs/decisions/0029-paying-sellers.md). Stripe: an Express connected
// account, created once, and Stripe's onboarding; the sandbox: the app's page /sandbox/connect.
// Body: { action: 'onboard', returnUrl?, refreshUrl? } → { url, provider }
//       { action: 'refresh' } → { account: null | { provider, can_be_paid, charges_enabled, payouts_enabled,
//                                 details_submitted, requirements_due, disabled_reason } }
//       { action: 'dashboard' } → { url } (Stripe's Express dashboard; the sandbox has none: 409)
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { sellerAccountView, type SellerAccountRow } from '../_shared/market-store.ts';
import { payments } from '../_shared/payments.ts';
import { takeRate } from '../_shared/rate-limit.ts';
import { resolveReturnUrl } from '../_shared/return-urls.ts';
import { requireCaller, serviceClient } from '../_shared/supabase.ts';

const ACTIONS = ['onboard', 'refresh', 'dashboard'] as const;

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { config, market, provider } = payments();
    const db = serviceClient();
    const caller = await requireCaller(req, 'Must be logged in');
    if (caller.role !== 'designer') {
      throw new HttpError(403, 'Only designers sell Good Stuff and get paid for it', 'designers_only');
    }
    const body = await readJsonObject(req);
    const action = body.action;
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
      throw new HttpError(400, `action must be one of ${ACTIONS.join(', ')}`, 'invalid_action');
    }
    // Onboarding and the dashboard create links (and the first onboarding an account) at the provider: at most 10
    // an hour per designer (docs/product.md, Limits). Refresh only reads and is not counted.
    if (action !== 'refresh') await takeRate(db, caller.id, 'connect_account');

    const stored = await market.sellerAccount(caller.id);
    // A database that ran without keys keeps its sandbox accounts (and the other way round): they mean nothing
    // to this provider (ADR 0029, switching providers).
    const usable = (row: SellerAccountRow | null): SellerAccountRow | null => {
      if (row && row.provider !== provider.kind) {
        throw new HttpError(409, `Your payouts account was set up with the ${row.provider} provider`, 'wrong_provider');
      }
      return row;
    };

    if (action === 'onboard') {
      const urlOptions = { ...config, requestOrigin: req.headers.get('Origin') };
      const returnUrl = resolveReturnUrl(body.returnUrl, 'returnUrl', '/settings?payouts=return', urlOptions);
      const refreshUrl = resolveReturnUrl(body.refreshUrl, 'refreshUrl', '/settings?payouts=refresh', urlOptions);
      let row = usable(stored);
      if (!row) {
        const accountId = await provider.createSellerAccount(caller);
        // Two first onboardings at once: the idempotency key gave both the same account; the row stays one.
        row = await market.saveSellerAccount(caller.id, provider.kind, accountId);
      }
      const url = await provider.onboardingLink(row.account_id, { returnUrl, refreshUrl });
      return json({ url, provider: provider.kind });
    }

    if (action === 'refresh') {
      let row = usable(stored);
      if (row) {
        try {
          const state = await provider.refreshSellerAccount(row.account_id);
          if (state) row = (await market.updateSellerAccount(row.account_id, state)) ?? row;
        } catch (err) {
          // The table still answers; the account.updated webhook brings it up to date later.
          console.error('connect-account: refreshing the account failed:', err);
        }
      }
      return json({ account: sellerAccountView(row) });
    }

    const row = usable(stored);
    if (!row) throw new HttpError(409, 'Set up payouts first', 'no_seller_account');
    if (provider.kind === 'stripe' && !row.details_submitted) {
      // Stripe opens the Express dashboard only once onboarding is done: send the seller there instead.
      throw new HttpError(409, 'Finish setting up payouts first', 'onboarding_incomplete');
    }
    return json({ url: await provider.dashboardLink(row.account_id) });
  }),
);
