// send-push: pushes what is due to its recipients' devices (docs/notifications.md, "The push half").
// Called every minute by the pg_cron job private.request_notification_pushes() through pg_net, with the service
// key; nobody else may run it. Body: none. Answer: { claimed, pushed, failed, gone }.
//
// claim_notification_pushes() takes the due notifications under row locks and holds them, with each recipient's
// devices; each device gets one encrypted Web Push (RFC 8291) signed with the project's VAPID key (RFC 8292),
// and finish_notification_push() records the outcome: delivered devices, devices the push service says are gone
// (404/410: deleted), or an error that makes the notification due again. A device whose endpoint is not a browser's
// push service (a row from before that rule, or a local one the installation no longer allows) is never posted to
// and is deleted the same way (docs/security.md, "Push endpoints").
import { denoEnv } from '../_shared/config.ts';
import { HttpError, json, withHttp } from '../_shared/http.ts';
import { requireServiceRole } from '../_shared/service-role.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { deliver } from './deliver.ts';
import { vapidSettings, type DuePush } from './push-content.ts';

/** At most this many notifications per run; the rest are due in the next minute's run. */
const BATCH = 100;

Deno.serve(
  withHttp(['POST'], async (req) => {
    requireServiceRole(req, 'Only the service role may send push notifications');
    const vapid = vapidSettings(denoEnv);
    if (!vapid) {
      throw new HttpError(503, 'Push is not set up: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are missing', 'no_vapid');
    }
    const supabaseUrl = denoEnv('SUPABASE_URL');
    const db = serviceClient();

    const { data, error } = await db.rpc('claim_notification_pushes', { batch: BATCH });
    if (error) throw new Error(`claim_notification_pushes failed: ${error.code} ${error.message}`);
    const due = (data ?? []) as DuePush[];
    let pushed = 0;
    let failed = 0;
    let gone = 0;
    for (const n of due) {
      const outcomes = await Promise.all(n.devices.map((d) => deliver(d, n, vapid, supabaseUrl)));
      const delivered = n.devices.filter((_, i) => outcomes[i] === 'delivered').map((d) => d.id);
      const goneIds = n.devices.filter((_, i) => outcomes[i] === 'gone').map((d) => d.id);
      const errors = outcomes.flatMap((o) => (typeof o === 'object' ? [o.error] : []));
      for (const e of errors) console.error(`send-push: notification ${n.id}: ${e}`);
      const { error: finishError } = await db.rpc('finish_notification_push', {
        notification_id: n.id,
        error: errors.length ? errors.join('; ').slice(0, 1000) : null,
        delivered,
        gone: goneIds,
      });
      // Not recorded: the hold expires and the row is due again (a possible repeat, never a loss).
      if (finishError) console.error(`finish_notification_push(${n.id}) failed:`, finishError.message);
      if (delivered.length) pushed++;
      else if (errors.length) failed++;
      gone += goneIds.length;
    }
    return json({ claimed: due.length, pushed, failed, gone });
  }),
);
