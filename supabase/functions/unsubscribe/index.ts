// unsubscribe: the link in every notification mail (docs/decisions/0025-notifications.md). No sign-in: the
// signed token names the person and the kind. GET shows a page with one button (link scanners that open every
// link must not unsubscribe anyone); POST turns that kind's e-mail off, from the button or from a mail client's
// one-click List-Unsubscribe-Post (RFC 8058). Either answers a small HTML page. The mail's visible link opens the
// app's /unsubscribe page instead (hosted Supabase serves a function's HTML as plain text on its default domain),
// which posts `{"token": …}` as JSON and gets JSON back.
import { corsHeaders } from '../_shared/cors.ts';
import { KIND_TOPICS } from '../_shared/notification-kinds.ts';
import { serviceClient } from '../_shared/supabase.ts';
import { unsubscribeSecrets, verifyUnsubscribeTokenWithAny } from '../_shared/unsubscribe-token.ts';

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function page(status: number, heading: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)} · Good Space</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2933;">
<main>
<h1 style="font-size:22px;">${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function answer(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}

const INVALID = () =>
  page(
    400,
    'This link is not valid',
    '<p>The unsubscribe link is incomplete or out of date. You can choose which e-mails you get in Settings.</p>',
  );

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'GET' && req.method !== 'POST') {
    return page(405, 'Not allowed', '<p>Open the link from the e-mail.</p>');
  }
  const url = new URL(req.url);
  // The app's page: GET with Accept: application/json asks what the token names; POST with a JSON body acts.
  const asJson =
    req.method === 'POST'
      ? (req.headers.get('content-type') ?? '').includes('application/json')
      : (req.headers.get('accept') ?? '').includes('application/json');
  let token = url.searchParams.get('token') ?? '';
  if (asJson && req.method === 'POST') {
    const body: unknown = await req.json().catch(() => null);
    const sent = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
    token = typeof sent === 'string' ? sent : '';
  }
  const target = await verifyUnsubscribeTokenWithAny(unsubscribeSecrets(), token);
  if (!target) {
    return asJson
      ? answer(400, { error: 'This unsubscribe link is incomplete or out of date.', code: 'invalid_token' })
      : INVALID();
  }
  const topic = KIND_TOPICS[target.kind];

  if (req.method === 'GET') {
    if (asJson) return answer(200, { unsubscribed: false, kind: target.kind, topic });
    return page(
      200,
      'Unsubscribe',
      `<p>Stop e-mails about ${escapeHtml(topic)}? You will still see them in the app.</p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">
<button type="submit" style="background:#2f5d50;color:#fff;border:none;border-radius:6px;padding:12px 20px;font-size:16px;">Unsubscribe</button>
</form>`,
    );
  }

  const db = serviceClient();
  const { error } = await db
    .from('notification_preferences')
    .upsert(
      { user_id: target.userId, kind: target.kind, email: false, updated_at: new Date().toISOString() },
      { onConflict: 'user_id,kind' },
    );
  if (error) {
    // A deleted account: its preferences went with it, and nothing will be mailed to it again.
    if (error.code === '23503') {
      if (asJson) return answer(200, { unsubscribed: true, kind: target.kind, topic });
      return page(200, 'You are unsubscribed', '<p>This account no longer exists; it gets no e-mails.</p>');
    }
    console.error('unsubscribe failed:', error.message);
    if (asJson)
      return answer(500, { error: 'Something went wrong. Please try again in a moment.', code: 'unexpected_failure' });
    return page(500, 'Something went wrong', '<p>Please try the link again in a moment.</p>');
  }
  if (asJson) return answer(200, { unsubscribed: true, kind: target.kind, topic });
  return page(
    200,
    'You are unsubscribed',
    `<p>You will no longer get e-mails about ${escapeHtml(topic)}. You will still see them in the app, and you can turn the e-mails back on in Settings.</p>`,
  );
});
