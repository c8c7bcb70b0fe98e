// sandbox-checkout: what the app's sandbox pages (/sandbox/checkout, /sandbox/portal) call. Refused whenever
// Stripe keys are configured, so no deployment with real payments can be "paid" here.
// Body: { action, session }. Actions: get (both kinds); confirm | cancel (checkout);
// cancel-subscription | close (portal). Answers: get → { sandbox, notice, session }; the others → { url }.
import { errorJson, HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import type { SandboxAction } from '../_shared/billing-store.ts';
import { loadPaymentsConfig } from '../_shared/config.ts';
import { payments } from '../_shared/payments.ts';
import { PLAN_DETAILS } from '../_shared/plans.ts';
import { requireCaller } from '../_shared/supabase.ts';
import { isUuid } from '../_shared/ids.ts';

const ACTIONS: readonly (SandboxAction | 'get')[] = ['get', 'confirm', 'cancel', 'cancel-subscription', 'close'];

export const SANDBOX_NOTICE = 'Sandbox: this is a test payment page. No real payment is made and no card is charged.';

const REFUSALS = {
  not_found: [404, 'Sandbox session not found'],
  wrong_kind: [400, 'This action does not apply to this sandbox session'],
  expired: [410, 'This sandbox session has expired. Start again.'],
  closed: [409, 'This sandbox session is already finished'],
} as const;

Deno.serve(
  withHttp(['POST'], async (req) => {
    const config = loadPaymentsConfig();
    if (config.provider !== 'sandbox') {
      return errorJson(403, 'Sandbox payments are disabled because Stripe is configured', 'sandbox_disabled');
    }
    const { store } = payments(config);
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    const action = body.action;
    if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action)) {
      throw new HttpError(400, `action must be one of ${ACTIONS.join(', ')}`, 'invalid_action');
    }
    if (typeof body.session !== 'string' || !isUuid(body.session)) {
      throw new HttpError(400, 'session must be a sandbox session id', 'invalid_session');
    }

    if (action === 'get') {
      const session = await store.getSandboxSession(body.session, caller.id);
      if (!session) throw new HttpError(404, REFUSALS.not_found[1], 'not_found');
      const details = session.plan ? PLAN_DETAILS[session.plan] : null;
      return json({
        sandbox: true,
        notice: SANDBOX_NOTICE,
        session: {
          ...session,
          ...(details
            ? { plan_name: details.name, amount: details.amountCents, currency: details.currency, interval: details.interval }
            : {}),
        },
      });
    }

    const result = await store.actOnSandboxSession(body.session, caller.id, action as SandboxAction);
    if (!result.ok) {
      const [status, message] = REFUSALS[result.reason];
      throw new HttpError(status, message, result.reason);
    }
    return json({ url: result.url });
  }),
);
