// verify-school-email: sends a designer the link that confirms their school e-mail address, for the Verified
// student badge (docs/trust-and-safety.md, "Verified badges"; docs/decisions/0032-trust-and-safety.md).
// POST, the designer's bearer token. Body: { email }. Answer: { request_id, school_email, expires_at }.
//
// The database makes the token and keeps only its hash (start_school_email_verification, service role only), so
// nobody gets a token without the mail; asking again (a typo, a lost mail) gives the waiting request a new address
// and token. The mail goes over the same SMTP as the notification mails (_shared/smtp-settings.ts: locally the
// stack's inbox). The app's /verify/school-email page confirms the token as the signed-in designer.
import nodemailer from 'npm:nodemailer@10.6.1';
import { denoEnv } from '../_shared/config.ts';
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { httpErrorFromRpc } from '../_shared/rpc-errors.ts';
import { smtpSettings } from '../_shared/smtp-settings.ts';
import { requireCaller, serviceClient } from '../_shared/supabase.ts';
import { confirmUrl, renderSchoolEmailMail } from './school-email-mail.ts';

Deno.serve(
  withHttp(['POST'], async (req) => {
    const admin = serviceClient();
    const caller = await requireCaller(req, 'Sign in to verify your school e-mail address');
    if (caller.role !== 'designer') {
      throw new HttpError(403, 'Only designers can ask for a verified badge.', 'not_designer');
    }
    const body = await readJsonObject(req);
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email) throw new HttpError(400, 'Enter your school e-mail address.', 'invalid_email');

    const { data, error } = await admin.rpc('start_school_email_verification', {
      p_designer: caller.id,
      p_email: email,
    });
    if (error) throw httpErrorFromRpc('start_school_email_verification', error);
    const started = (data as { request_id: string; token: string; expires_at: string }[])[0];
    if (!started) throw new Error('start_school_email_verification returned nothing');

    const { data: profile } = await admin.from('profiles').select('full_name').eq('id', caller.id).maybeSingle();
    const smtp = smtpSettings(denoEnv);
    const siteUrl = denoEnv('SITE_URL') || 'http://localhost:5173';
    const address = email.toLowerCase();
    const mail = renderSchoolEmailMail({
      name: (profile as { full_name: string | null } | null)?.full_name ?? null,
      url: confirmUrl(siteUrl, started.token),
      expiresAt: new Date(started.expires_at),
    });
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.auth ? { auth: smtp.auth } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({ from: smtp.from, to: address, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      // The request waits for its link either way; asking again sends a new one.
      console.error('verify-school-email: the mail failed:', err instanceof Error ? err.message : err);
      throw new HttpError(502, 'The e-mail could not be sent. Please try again in a moment.', 'mail_failed');
    } finally {
      transport.close();
    }
    return json({ request_id: started.request_id, school_email: address, expires_at: started.expires_at });
  }),
);
