// decide-order-problem: an operator decides a problem reported about a collected order as a split of what is
// held: refunded to the buyer + paid to the seller (docs/payments.md, "Good Stuff orders and seller payouts"; the
// console's /admin/orders/:problemId). The decision is the database's decide_order_problem, called with the
// operator's own token, so it checks who decides (an operator who is not a party), logs it in the audit log and
// notifies both parties; it makes the pending refund and payout rows, which this carries out (Stripe: a partial
// refund of the payment intent, a transfer out of the order's charge).
// Body: { problemId, refundAmount, releaseAmount, reason } → { problem, order }.
import { parseAmount } from '../_shared/amounts.ts';
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import type { OrderPaymentRow } from '../_shared/market-store.ts';
import { parseReason } from '../_shared/order-input.ts';
import { carryOutOrderRows } from '../_shared/order-payments.ts';
import { payments } from '../_shared/payments.ts';
import { refusalOf } from '../_shared/rpc-errors.ts';
import { callerClient, requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { market, provider } = payments();
    await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.problemId)) throw new HttpError(400, 'problemId must be a problem id', 'invalid_problem');
    const refundAmount = parseAmount(body.refundAmount, 'refundAmount', { allowZero: true });
    const releaseAmount = parseAmount(body.releaseAmount, 'releaseAmount', { allowZero: true });
    const reason = parseReason(body.reason, 'Say why you decided so (1 to 1000 characters)');

    const { data, error } = await callerClient(req).rpc('decide_order_problem', {
      problem_id: body.problemId,
      refund_amount: refundAmount,
      release_amount: releaseAmount,
      reason,
    });
    if (error) {
      throw (
        refusalOf(error, {
          '42501': [403, 'not_operator'],
          P0002: [404, 'not_found'],
          '55000': [409, 'wrong_state'],
          '23514': [400, 'invalid_amount'],
          '22023': [400, 'invalid_amount'],
        }) ?? new Error(`decide_order_problem failed: ${error.code ?? ''} ${error.message}`)
      );
    }
    const decided = data as {
      problem: unknown;
      order: unknown;
      refund: OrderPaymentRow | null;
      transfer: OrderPaymentRow | null;
    };
    await carryOutOrderRows(market, provider, [decided.refund, decided.transfer]);
    return json({ problem: decided.problem, order: decided.order });
  }),
);
