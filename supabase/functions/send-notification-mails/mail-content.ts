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
  /** How many notifications this mail carries (itself included): more than 1 makes it a digest. */
  folded_count: number;
  /** How many projects or pieces they are about. */
  folded_subjects: number;
  /** The project's or the piece's title. */
  subject_title: string | null;
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
  report_outcome: 'See your notifications',
  account_warning: 'Read the warning',
  content_hidden: 'See what was hidden',
  project_paused: 'Open the project',
  verification_decided: 'See your verification',
  milestone_funded: 'Open the project',
  milestone_submitted: 'Review the milestone',
  milestone_changes_requested: 'See the changes asked for',
  milestone_released: 'See your earnings',
  milestone_release_reminder: 'Review the milestone',
  milestone_refunded: 'Open the project',
  milestone_cancel_requested: 'Answer the request',
  milestone_disputed: 'Add your statement',
  milestone_dispute_decided: 'See the decision',
  pickup_proposed: 'Choose a pickup time',
  pickup_confirmed: 'See the pickup',
  pickup_reschedule: 'Offer new times',
  pickup_reminder: 'See the pickup',
  pickup_missed: 'Open the order',
  order_collected: 'Open the order',
  order_refused: 'Open the order',
  order_problem: 'Add your statement',
  order_problem_decided: 'See the decision',
  order_chargeback: 'Open the order',
  board_proposed: 'See the selection board',
  board_approved: 'See the selection board',
  board_declined: 'See the selection board',
  board_alternative: 'See the selection board',
  search_match: 'See the piece',
  price_drop: 'See the piece',
};

/** A digest's subject, per kind: '3 new messages from Bea Buyer about "Teak sideboard"'. */
const DIGEST_NOUN: Record<NotificationKind, string> = {
  bid_received: 'new bids',
  bid_accepted: 'accepted bids',
  bid_rejected: 'bids not selected',
  nudge_received: 'nudges',
  nudge_accepted: 'accepted nudges',
  nudge_declined: 'declined nudges',
  message_received: 'new messages',
  item_added: 'items added',
  item_removed: 'items removed',
  budget_80: 'budget notices',
  budget_100: 'budget notices',
  photos_added: 'photo updates',
  project_completed: 'completed projects',
  review_received: 'new reviews',
  payment_failed: 'failed payments',
  membership_ending: 'membership notices',
  offer_received: 'offers',
  offer_countered: 'counter-offers',
  offer_accepted: 'accepted offers',
  offer_declined: 'declined offers',
  listing_message: 'new messages',
  order_paid: 'pieces bought',
  order_receipt: 'receipts',
  order_ready: 'purchases ready for pickup',
  order_completed: 'completed orders',
  order_cancelled: 'cancelled orders',
  order_refunded: 'refunded purchases',
  report_outcome: 'report outcomes',
  account_warning: 'warnings',
  content_hidden: 'hidden content',
  project_paused: 'paused projects',
  verification_decided: 'verification decisions',
  milestone_funded: 'funded milestones',
  milestone_submitted: 'submitted milestones',
  milestone_changes_requested: 'requests for changes',
  milestone_released: 'released payments',
  milestone_release_reminder: 'release reminders',
  milestone_refunded: 'milestone refunds',
  milestone_cancel_requested: 'requests to cancel',
  milestone_disputed: 'disputes',
  milestone_dispute_decided: 'dispute decisions',
  pickup_proposed: 'pickup times offered',
  pickup_confirmed: 'confirmed pickups',
  pickup_reschedule: 'requests to reschedule',
  pickup_reminder: 'pickup reminders',
  pickup_missed: 'missed pickups',
  order_collected: 'pieces collected',
  order_refused: 'pieces refused at pickup',
  order_problem: 'problems reported',
  order_problem_decided: 'decisions on problems',
  order_chargeback: 'chargebacks',
  board_proposed: 'proposed pieces',
  board_approved: 'approved proposals',
  board_declined: 'declined proposals',
  board_alternative: 'requests for alternatives',
  search_match: 'new matches for your saved searches',
  price_drop: 'price drops',
};

/**
 * Kinds whose body is the other person's own words (a message, a note, a proposal, a review, a description):
 * shown as a bounded quote under their name, never as ours (docs/security.md, "Mail"; our mail server must not carry a
 * stranger's free-form letter).
 */
const THEIR_WORDS = new Set<NotificationKind>([
  'bid_received',
  'nudge_accepted',
  'message_received',
  'item_added',
  'review_received',
  'offer_received',
  'listing_message',
  'milestone_submitted',
  'milestone_changes_requested',
  'milestone_disputed',
  'order_refused',
  'order_problem',
  // The designer's note, the customer's reason or note (docs/working-together.md).
  'board_proposed',
  'board_declined',
  'board_alternative',
]);
/** The body an offer without a note has: ours, not the buyer's. */
const OFFER_DEFAULT_BODY = 'Accept, decline or counter within 48 hours.';
export const QUOTE_MAX_CHARS = 300;
export const QUOTE_MAX_LINES = 6;
export const SUBJECT_MAX_CHARS = 150;
const NAME_MAX_CHARS = 60;

/** Cut to `max` characters, ending in '…' when cut. */
function clip(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** One line: any run of whitespace (new lines included) becomes one space. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Someone's words as the mail quotes them: at most QUOTE_MAX_LINES non-empty lines and QUOTE_MAX_CHARS. */
export function quoteLines(value: string): string[] {
  const lines = value
    .split(/\r\n|\r|\n/)
    .map((l) => oneLine(l))
    .filter(Boolean);
  const out: string[] = [];
  let left = QUOTE_MAX_CHARS;
  for (const [i, line] of lines.entries()) {
    const last = out.length === QUOTE_MAX_LINES - 1 || i === lines.length - 1;
    const piece = clip(line, left);
    out.push(last && i < lines.length - 1 && !piece.endsWith('…') ? `${piece}…` : piece);
    left -= [...piece].length;
    if (last || left <= 1 || piece.endsWith('…')) break;
  }
  return out;
}

/** The subject of a mail carrying several notifications. */
export function digestSubject(n: DueNotification): string {
  const from = n.actor_name ? ` from ${clip(oneLine(n.actor_name), NAME_MAX_CHARS)}` : '';
  const about = n.folded_subjects === 1 && n.subject_title ? ` about "${oneLine(n.subject_title)}"` : '';
  return `${n.folded_count} ${DIGEST_NOUN[n.kind]}${from}${about}`;
}

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
 * One mail, written for its recipient: what happened and who (the title, as the bell shows it), the body when there
 * is one (the other person's words quoted, bounded), which project, one button to open it, and why they got it
 * with a link to stop that kind. A mail carrying several notifications (a digest: one person's messages, offers or
 * items within the hour) says how many in its subject and shows the latest. Plain text and HTML say the same; the
 * HTML escapes everything that came from people.
 */
export function renderMail(n: DueNotification, opts: { siteUrl: string; unsubscribeUrl: string }): MailContent {
  const url = openUrl(opts.siteUrl, n.link);
  const action = ACTION[n.kind];
  const greeting = n.recipient_name ? `Hi ${clip(oneLine(n.recipient_name), NAME_MAX_CHARS)},` : 'Hi,';
  const digest = n.folded_count > 1;
  const heading = clip(oneLine(digest ? digestSubject(n) : n.title), SUBJECT_MAX_CHARS);
  const latest = digest ? `The latest: ${oneLine(n.title)}` : null;
  const quoted =
    n.body !== null && THEIR_WORDS.has(n.kind) && !(n.kind === 'offer_received' && n.body === OFFER_DEFAULT_BODY);
  const quote = n.body && quoted ? quoteLines(n.body) : [];
  const wrote = `${n.actor_name ? clip(oneLine(n.actor_name), NAME_MAX_CHARS) : 'They'} wrote:`;
  const ours = n.body && !quoted ? clip(n.body, 500) : null;
  const project = n.project_title ? `Project: ${oneLine(n.project_title)}` : null;
  const why = `You get this e-mail because you have e-mails about ${KIND_TOPICS[n.kind]} turned on at Good Space.`;
  const stop = 'Stop these e-mails';

  const text = [
    greeting,
    '',
    heading,
    ...(latest ? ['', latest] : []),
    ...(quote.length > 0 ? ['', wrote, ...quote.map((l) => `> ${l}`)] : []),
    ...(ours ? ['', ours] : []),
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
  const blockquote =
    quote.length > 0
      ? `${p(wrote, 'color:#52606d;margin-bottom:4px;')}<blockquote style="margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #cbd2d9;color:#3e4c59;">${quote.map((l) => escapeHtml(l)).join('<br>')}</blockquote>\n`
      : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f2;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
${p(greeting)}
<h1 style="font-size:20px;line-height:1.4;margin:0 0 16px;">${escapeHtml(heading)}</h1>
${latest ? p(latest) : ''}${blockquote}${ours ? p(ours, 'white-space:pre-line;') : ''}${project ? p(project, 'color:#52606d;') : ''}
<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;background:#2f5d50;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;">${escapeHtml(action)}</a></p>
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0;">
<p style="margin:0;font-size:12px;color:#7b8794;">${escapeHtml(why)} <a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#52606d;">${stop}</a>.</p>
</div>
</body>
</html>
`;
  return { subject: heading, text, html };
}
