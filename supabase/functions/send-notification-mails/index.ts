// send-notification-mails: mails what is due (docs/notifications.md, "The e-mail half").
// Called every minute by the pg_cron job private.request_notification_mails() through pg_net, with the secret
// key (_shared/service-role.ts); nobody else may run it. Body: none. Answer: { claimed, mailed, failed }.
//
// claim_notification_mails() takes the due rows under row locks and holds them, so two runs never mail one
// row; each is then mailed over SMTP and reported with finish_notification_mail(): mailed once, or failed and
// due again after a backoff. The Message-ID is the notification's, so a retry after a lost answer is one mail to
// a receiver that de-duplicates.
import nodemailer from 'npm:nodemailer@10.6.1';
import { denoEnv } from '../_shared/config.ts';
import { HttpError, json, withHttp } from '../_shared/http.ts';
import { isServiceCall } from '../_shared/service-role.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { signUnsubscribeToken, unsubscribeSecret } from '../_shared/unsubscribe-token.ts';
import { renderMail, type DueNotification } from './mail-content.ts';
import { smtpSettings } from '../_shared/smtp-settings.ts';

/** At most this many per run; the rest are due in the next minute's run. */
const BATCH = 100;

function requireServiceRole(req: Request): void {
  if (!isServiceCall(req)) {
    throw new HttpError(401, 'Only the service role may send notification mails', 'not_service_role');
  }
}

Deno.serve(
  withHttp(['POST'], async (req) => {
    requireServiceRole(req);
    const db = serviceClient();
    const smtp = smtpSettings(denoEnv);
    const siteUrl = denoEnv('SITE_URL') || 'http://localhost:5173';
    const functionsUrl = `${(denoEnv('SUPABASE_URL') ?? '').replace(/\/$/, '')}/functions/v1`;
    const secret = unsubscribeSecret();

    const { data, error } = await db.rpc('claim_notification_mails', { batch: BATCH });
    if (error) throw new Error(`claim_notification_mails failed: ${error.code} ${error.message}`);
    const due = (data ?? []) as DueNotification[];
    if (due.length === 0) return json({ claimed: 0, mailed: 0, failed: 0 });

    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.auth ? { auth: smtp.auth } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    let mailed = 0;
    let failed = 0;
    try {
      for (const n of due) {
        let failure: string | null = null;
        try {
          const token = await signUnsubscribeToken(secret, n.user_id, n.kind);
          // The link people click opens the app's page (hosted serves a function's HTML as plain text on the
          // default domain); mail clients' one-click unsubscribe posts to the function itself (RFC 8058).
          const unsubscribeUrl = `${siteUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;
          const oneClickUrl = `${functionsUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
          const mail = renderMail(n, { siteUrl, unsubscribeUrl });
          await transport.sendMail({
            from: smtp.from,
            to: n.email,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            messageId: `<notification-${n.id}@goodspace.notifications>`,
            headers: {
              'List-Unsubscribe': `<${oneClickUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          });
        } catch (err) {
          failure = err instanceof Error ? err.message : String(err);
          console.error(`send-notification-mails: notification ${n.id} failed:`, failure);
        }
        const { error: finishError } = await db.rpc('finish_notification_mail', {
          notification_id: n.id,
          error: failure,
        });
        // Not recorded: the hold expires and the row is due again (a possible repeat, never a loss).
        if (finishError) console.error(`finish_notification_mail(${n.id}) failed:`, finishError.message);
        if (failure) failed++;
        else mailed++;
      }
    } finally {
      transport.close();
    }
    return json({ claimed: due.length, mailed, failed });
  }),
);
