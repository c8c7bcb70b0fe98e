import { KIND_TOPICS, type NotificationKind } from '../_shared/notification-kinds.ts';

/** One claimed notification, as claim_notification_mails() returns it. */
export interface DueNotification {
  id: string;
  user_id: string;
  kind: NotificationKind;
  project_id: string | null;
  title: string;
  body: string | null;
  link: string;
  created_at: string;
  mail_attempts: number;
  email: string;
  recipient_name: string | null;
  actor_name: string | null;
  project_title: string | null;
  unread_in_conversation: number;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What the one button says, per kind: the page the link opens. */
const ACTION: Record<NotificationKind, string> = {
  bid_received: 'View the bid',
  bid_accepted: 'Open the project',
  bid_rejected: 'See your bids',
  nudge_received: 'Answer the nudge',
  nudge_accepted: 'See the quote',
  nudge_declined: 'Browse designers',
  message_received: 'Read the message',
  item_added: 'Open the project',
  item_removed: 'Open the project',
  budget_80: 'Check the budget',
  budget_100: 'Check the budget',
  photos_added: 'See the photos',
  project_completed: 'Open the project',
  review_received: 'Read the review',
  payment_failed: 'Update payment details',
  membership_ending: 'Manage your membership',
  offer_received: 'Answer the offer',
  offer_countered: 'See the counter-offer',
  offer_accepted: 'See the piece',
  offer_declined: 'See the piece',
  listing_message: 'Read the message',
  order_paid: 'Open the order',
  order_receipt: 'See your receipt',
  order_ready: 'Open the order',
  order_completed: 'Open the order',
  order_cancelled: 'Open the order',
  order_refunded: 'Open the order',
};

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The app's page for a notification: its link (an app path, checked by the database) on the site's origin. */
export function openUrl(siteUrl: string, link: string): string {
  return new URL(link, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).toString();
}

/**
 * One mail for one notification, written for its recipient: what happened and who (the title, as the bell shows
 * it), the body when there is one, which project, one button to open it, and why they got it with a link to stop
 * that kind. Plain text and HTML say the same.
 */
export function renderMail(n: DueNotification, opts: { siteUrl: string; unsubscribeUrl: string }): MailContent {
  const url = openUrl(opts.siteUrl, n.link);
  const action = ACTION[n.kind];
  const greeting = n.recipient_name ? `Hi ${n.recipient_name},` : 'Hi,';
  const more =
    n.kind === 'message_received' && n.unread_in_conversation > 1
      ? `You have ${n.unread_in_conversation} unread messages in this conversation.`
      : null;
  const project = n.project_title ? `Project: ${n.project_title}` : null;
  const why = `You get this e-mail because you have e-mails about ${KIND_TOPICS[n.kind]} turned on at Good Space.`;
  const stop = 'Stop these e-mails';

  const text = [
    greeting,
    '',
    n.title,
    ...(n.body ? ['', n.body] : []),
    ...(more ? ['', more] : []),
    ...(project ? ['', project] : []),
    '',
    `${action}: ${url}`,
    '',
    '--',
    why,
    `${stop}: ${opts.unsubscribeUrl}`,
    '',
  ].join('\n');

  const p = (s: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(n.title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f2;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
${p(greeting)}
<h1 style="font-size:20px;line-height:1.4;margin:0 0 16px;">${escapeHtml(n.title)}</h1>
${n.body ? p(n.body, 'white-space:pre-line;') : ''}${more ? p(more) : ''}${project ? p(project, 'color:#52606d;') : ''}
<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;background:#2f5d50;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;">${escapeHtml(action)}</a></p>
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0;">
<p style="margin:0;font-size:12px;color:#7b8794;">${escapeHtml(why)} <a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#52606d;">${stop}</a>.</p>
</div>
</body>
</html>
`;
  return { subject: n.title, text, html };
}
