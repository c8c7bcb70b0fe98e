/** The mail with the school e-mail link (docs/trust-and-safety.md, "Verified badges"). */
export interface SchoolEmailMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The page that confirms the token: the app's /verify/school-email (src/config/paths.ts). */
export function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, '')}/verify/school-email?token=${encodeURIComponent(token)}`;
}

export function renderSchoolEmailMail(opts: { name: string | null; url: string; expiresAt: Date }): SchoolEmailMail {
  const hello = opts.name ? `Hello ${opts.name},` : 'Hello,';
  const until = opts.expiresAt.toUTCString();
  const lines = [
    hello,
    'You asked Good Space for the Verified student badge with this school e-mail address. Open this link while signed in to Good Space to confirm it is yours:',
    opts.url,
    `The link works once, until ${until}. After that, a Good Space operator looks at your request.`,
    "If you did not ask for this, ignore this mail: nothing happens without the link.",
  ];
  const p = (s: string) => `<p style="margin:0 0 16px;">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Confirm your school e-mail address</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">
<h1 style="font-size:20px;line-height:1.4;margin:0 0 16px;">Confirm your school e-mail address</h1>
${p(lines[0]!)}${p(lines[1]!)}
<p style="margin:24px 0;"><a href="${escapeHtml(opts.url)}" style="display:inline-block;background:#2f5d50;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;">Confirm my school e-mail</a></p>
${p(lines[3]!)}${p(lines[4]!)}
</div>
</body>
</html>`;
  return { subject: 'Confirm your school e-mail address for Good Space', text: lines.join('\n\n') + '\n', html };
}
