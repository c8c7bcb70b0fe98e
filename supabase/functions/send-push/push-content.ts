// What send-push sends and where it may send it (docs/notifications.md, "The push half").
import type { EnvReader } from '../_shared/config.ts';
import type { Vapid } from './web-push.ts';

/**
 * The local stack's VAPID key pair: public development values like the CLI's well-known keys, used only when the
 * function runs on a local stack (SUPABASE_URL on loopback) and VAPID_* are unset. The app's default public key
 * (src/features/account/lib/push-key.ts) is the same.
 */
export const LOCAL_VAPID: Vapid = {
  publicKey: 'BIdFl9dJqGpHxuqOzmw-b_TdBFpIAkSJqQR7XhyJi7Rd2rvPFI8YIqhZgEHNBoGzEso5sQYosUMwUVK5EY7xDwQ',
  privateKey: 'BFTIKUPSsVX8DJkah9glGEo7239-_3X7jvOZffuqmOk',
  subject: 'mailto:notifications@goodspace.local',
};

export function isLoopbackUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT; on a local stack with none of them set, LOCAL_VAPID. A
 * hosted project without them sends nothing (null): a well-known private key must never sign production pushes.
 */
export function vapidSettings(env: EnvReader): Vapid | null {
  const publicKey = env('VAPID_PUBLIC_KEY')?.trim();
  const privateKey = env('VAPID_PRIVATE_KEY')?.trim();
  const subject = env('VAPID_SUBJECT')?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subject || LOCAL_VAPID.subject };
  return isLoopbackUrl(env('SUPABASE_URL')) ? LOCAL_VAPID : null;
}

/**
 * The browser vendors' push services (docs/security.md, "Push endpoints"; the sources are in
 * docs/decisions/0036-find-it-first.md): Chrome and the other Chromium browsers use FCM, Firefox Mozilla autopush,
 * Safari Apple's (*.push.apple.com), Edge the Windows Push Notification Services (per-region *.notify.windows.com).
 * The database's private.push_endpoint_allowed() holds the same list.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_SERVICE_DOMAINS = [/^([a-z0-9-]+\.)+push\.apple\.com$/, /^([a-z0-9-]+\.)+notify\.windows\.com$/];

export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((re) => re.test(host));
}

/**
 * Whether a device's endpoint may be posted to: https on a browser vendor's push service, with no user name and no
 * port but 443; or plain http to a loopback address, only from a function that itself runs on a local stack (the
 * local push service). The database refuses any other endpoint when it is saved and says, per device in the claim,
 * whether the installation allows it now (`allowed`); this is the second lock, so a row from before the rule, or
 * one a changed setting no longer allows, is never posted to, and a hosted function never posts to a loopback.
 */
export function endpointAllowed(endpoint: string, supabaseUrl: string | null | undefined): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // URL drops a port that is the scheme's default, so any port left here is another one.
  if (url.protocol === 'https:') return url.port === '' && isPushServiceHost(url.hostname);
  return url.protocol === 'http:' && isLoopbackUrl(endpoint) && isLoopbackUrl(supabaseUrl);
}

/** A notification as claim_notification_pushes() returns it. */
export interface DuePush {
  id: string;
  user_id: string;
  kind: string;
  project_id: string | null;
  title: string;
  body: string | null;
  link: string;
  data: Record<string, unknown> | null;
  created_at: string;
  push_attempts: number;
  /** `allowed`: whether the database's rule allows the endpoint now (private.push_endpoint_allowed). */
  devices: { id: string; endpoint: string; p256dh: string; auth: string; allowed: boolean }[];
}

/** What the service worker reads (src/service-worker/push.ts): the bell's title and body, and the page to open. */
export interface PushPayload {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  /** Notifications with one tag replace each other on the device: one per conversation, one per anything else. */
  tag: string;
}

const MESSAGE_KINDS = new Set(['message_received', 'listing_message']);

export function pushPayload(n: DuePush): PushPayload {
  const conversation = n.kind === 'listing_message' ? String(n.data?.conversation_id ?? n.id) : (n.project_id ?? n.id);
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body ?? '',
    link: n.link,
    tag: MESSAGE_KINDS.has(n.kind) ? `${n.kind}:${conversation}` : `notification:${n.id}`,
  };
}

/**
 * How long a push service keeps a message for a device that is offline (TTL): news of an offer or a match is
 * stale after a day, a message's after an hour (the mail follows anyway). Offers and orders are urgent.
 */
export function pushOptions(kind: string): { ttlSeconds: number; urgency: 'normal' | 'high' } {
  if (MESSAGE_KINDS.has(kind)) return { ttlSeconds: 3600, urgency: 'normal' };
  if (kind.startsWith('offer_') || kind === 'order_paid') return { ttlSeconds: 86_400, urgency: 'high' };
  return { ttlSeconds: 86_400, urgency: 'normal' };
}
