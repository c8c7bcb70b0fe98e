// decide-dispute: an operator decides an open dispute of a milestone as a split of what remains: refunded to the
// customer + released to the designer (docs/payments.md, "Design fee milestones"; the console's /admin/disputes).
// The decision is the database's decide_milestone_dispute, called with the operator's own token, so it checks
// who decides, logs it in the audit log and notifies both parties; it makes the pending refund and transfer rows,
// which this carries out. Body: { disputeId, refundAmount, releaseAmount, reason } → { dispute }.
import { parseAmount } from '../_shared/amounts.ts';
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { carryOutRows } from '../_shared/milestone-payments.ts';
import { type MilestonePaymentRow, refusalOf } from '../_shared/milestone-store.ts';
import { payments } from '../_shared/payments.ts';
import { callerClient, requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { milestones, provider } = payments();
    await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.disputeId)) throw new HttpError(400, 'disputeId must be a dispute id', 'invalid_milestone');
    const refundAmount = parseAmount(body.refundAmount, 'refundAmount', { allowZero: true });
    const releaseAmount = parseAmount(body.releaseAmount, 'releaseAmount', { allowZero: true });
    if (typeof body.reason !== 'string') throw new HttpError(400, 'reason must be text', 'invalid_json');

    const { data, error } = await callerClient(req).rpc('decide_milestone_dispute', {
      dispute_id: body.disputeId,
      refund_amount: refundAmount,
      release_amount: releaseAmount,
      reason: body.reason,
    });
    if (error) {
      throw (
        refusalOf(error, {
          '42501': [403, 'not_operator'],
          P0002: [404, 'not_found'],
          '55000': [409, 'wrong_state'],
          '23514': [400, 'invalid_amount'],
          '22023': [400, 'invalid_amount'],
        }) ?? new Error(`decide_milestone_dispute failed: ${error.code ?? ''} ${error.message}`)
      );
    }
    const decided = data as {
      dispute: unknown;
      refund: MilestonePaymentRow | null;
      transfer: MilestonePaymentRow | null;
    };
    await carryOutRows(milestones, provider, [decided.refund, decided.transfer]);
    return json({ dispute: decided.dispute });
  }),
);
