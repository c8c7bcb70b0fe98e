// release-milestone: the customer releases a funded milestone's held money to the designer (docs/payments.md,
// "Design fee milestones"). The database moves it to `released` and makes the pending transfer of what is held;
// this carries the transfer out (Stripe: out of the milestone's own charge, to the designer's connected account).
// A designer who cannot be paid yet (no finished Get paid) has it waiting: settle-milestones sends it later.
// Body: { milestoneId } → { milestone }.
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { isUuid } from '../_shared/ids.ts';
import { carryOutRows } from '../_shared/milestone-payments.ts';
import { payments } from '../_shared/payments.ts';
import { requireCaller } from '../_shared/supabase.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const { milestones, provider } = payments();
    const caller = await requireCaller(req, 'Must be logged in');
    const body = await readJsonObject(req);
    if (!isUuid(body.milestoneId)) throw new HttpError(400, 'milestoneId must be a milestone id', 'invalid_milestone');

    const { milestone, transfer } = await milestones.release(caller.id, body.milestoneId);
    await carryOutRows(milestones, provider, [transfer]);
    return json({ milestone });
  }),
);
