/** Good Space's auth e-mails: plain, friendly, one clear link (and the code, for OTP entry). */
export type MailKind =
  'signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change_new' | 'email_change_current' | 'reauthentication';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const COPY: Record<MailKind, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm your signup',
    intro: 'Welcome to Good Space! Please confirm your e-mail address to finish creating your account.',
    action: 'Confirm your e-mail',
  },
  recovery: {
    subject: 'Reset your password',
    intro: 'Someone (hopefully you) asked to reset the password of your Good Space account.',
    action: 'Choose a new password',
  },
  magiclink: {
    subject: 'Your sign-in link',
    intro: 'Here is your link to sign in to Good Space.',
    action: 'Sign in',
  },
  invite: {
    subject: 'You have been invited',
    intro: 'You have been invited to join Good Space.',
    action: 'Accept the invitation',
  },
  email_change_new: {
    subject: 'Confirm your new e-mail address',
    intro: 'Please confirm this e-mail address for your Good Space account.',
    action: 'Confirm the new address',
  },
  email_change_current: {
    subject: 'Confirm your e-mail change',
    intro: 'Your Good Space account asked to change its e-mail address. Please confirm the change.',
    action: 'Confirm the change',
  },
  // A code only, no link: it is typed into the app (GoTrue's reauthentication mail carries just the token).
  reauthentication: {
    subject: 'Confirm reauthentication',
    intro: 'Enter this code in Good Space to confirm it is you making this change.',
    action: '',
  },
};

export function renderMail(
  kind: MailKind,
  p: { link: string; otp: string; email: string; newEmail?: string },
): RenderedMail {
  const c = COPY[kind];
  const change = p.newEmail ? ` (from ${p.email} to ${p.newEmail})` : '';
  const ignore = "If you didn't ask for this, you can ignore this e-mail.";
  const codeOnly = p.link === '';
  const action = codeOnly ? '' : `${c.action}: ${p.link}\n\n`;
  const code = codeOnly ? `Your code: ${p.otp}` : `Or enter this code: ${p.otp}`;
  const text = `Hello,\n\n${c.intro}${change}\n\n${action}${code}\n\n${ignore}\n\nThe Good Space team\n`;
  const button = codeOnly
    ? ''
    : `<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 18px;background:#2f6f4e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>
`;
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2933; line-height: 1.5">
<h2>${escapeHtml(c.subject)}</h2>
<p>Hello,</p>
<p>${escapeHtml(c.intro + change)}</p>
${button}<p>${codeOnly ? 'Your code' : 'Or enter this code'}: <strong>${escapeHtml(p.otp)}</strong></p>
<p style="color:#52606d;font-size:14px">${escapeHtml(ignore)}</p>
<p>The Good Space team</p>
</body></html>
`;
  return { subject: c.subject, html, text };
}
