import { z } from 'zod';
import { env } from '@/config/env';

/**
 * This browser as a push device (docs/notifications.md, "The push half"): whether it can take push, its current
 * subscription, and subscribing, which asks for permission and so runs only from a click (browsers refuse, or
 * quietly block, a permission prompt nobody asked for).
 */

/**
 * The local stack's VAPID public key, as supabase/functions/send-push/push-content.ts LOCAL_VAPID: used only when
 * the app talks to a local stack and VITE_VAPID_PUBLIC_KEY is unset. A hosted build sets its project's key.
 */
export const LOCAL_VAPID_PUBLIC_KEY =
  'BIdFl9dJqGpHxuqOzmw-b_TdBFpIAkSJqQR7XhyJi7Rd2rvPFI8YIqhZgEHNBoGzEso5sQYosUMwUVK5EY7xDwQ';

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  } catch {
    return false;
  }
}

/** The key pushes are signed with, or null when this build has none (push is then not offered). */
export function vapidPublicKey(
  configured = import.meta.env.VITE_VAPID_PUBLIC_KEY,
  supabaseUrl = env.SUPABASE_URL,
): string | null {
  if (configured?.trim()) return configured.trim();
  return isLoopback(supabaseUrl) ? LOCAL_VAPID_PUBLIC_KEY : null;
}

export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export type PushSupport = 'supported' | 'unsupported' | 'not-configured';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  if (!('Notification' in window)) return 'unsupported';
  return vapidPublicKey() ? 'supported' : 'not-configured';
}

/** The app's service worker registration, without waiting for one that may never come (a dev server has none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's current subscription, read without asking anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Why subscribing did not work, in a sentence for the person who clicked. */
export class PushDeviceError extends Error {}

export const PERMISSION_DENIED =
  "Your browser blocks notifications from Good Space. Allow them in the browser's site settings, then turn this on again.";
export const NO_SERVICE_WORKER =
  'Push needs the Good Space app to be installed in this browser, which it isn’t yet. Reload the page and try again.';

export const UNSUPPORTED_PUSH_SERVICE =
  'This push service is not supported. Push works from Chrome, Edge, Firefox and Safari.';
export const INCOMPLETE_SUBSCRIPTION = 'Your browser gave an incomplete push subscription. Please try again.';

/**
 * The browser vendors' push services (docs/security.md, "Push endpoints"): FCM (Chrome and the other Chromium
 * browsers), Mozilla autopush (Firefox), Apple (Safari) and the Windows Push Notification Services (Edge). The
 * database (private.push_endpoint_allowed) and send-push hold the same list.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_SERVICE_DOMAINS = [/^([a-z0-9-]+\.)+push\.apple\.com$/, /^([a-z0-9-]+\.)+notify\.windows\.com$/];

/**
 * Whether an endpoint is one the database takes: https on a browser vendor's push service, with no user name and no
 * port but 443. An app talking to a local stack also takes plain http on loopback (the stack's own push service,
 * which the database allows only where the installation sets it).
 */
export function isSupportedPushEndpoint(endpoint: string, supabaseUrl = env.SUPABASE_URL): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || endpoint.length > 1000 || /\s/.test(endpoint)) return false;
  if (url.protocol === 'http:') return isLoopback(endpoint) && isLoopback(supabaseUrl);
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    (PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((re) => re.test(host)))
  );
}

/** A subscription as saved (the database checks the same: push_subscriptions' checks and endpoint trigger). */
export const deviceSubscriptionSchema = z.object({
  endpoint: z.string().refine((endpoint) => isSupportedPushEndpoint(endpoint), UNSUPPORTED_PUSH_SERVICE),
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, INCOMPLETE_SUBSCRIPTION),
  auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, INCOMPLETE_SUBSCRIPTION),
});

export type DeviceSubscription = z.infer<typeof deviceSubscriptionSchema>;

/**
 * Asks for permission (only ever called from a click) and subscribes this browser with the project's VAPID key.
 * Returns the subscription's endpoint and keys as PushSubscription.toJSON() gives them.
 */
export async function subscribeThisDevice(): Promise<DeviceSubscription> {
  const key = vapidPublicKey();
  if (!key) throw new PushDeviceError('Push notifications are not set up for this site.');
  if (Notification.permission === 'denied') throw new PushDeviceError(PERMISSION_DENIED);
  if (Notification.permission !== 'granted' && (await Notification.requestPermission()) !== 'granted') {
    throw new PushDeviceError(PERMISSION_DENIED);
  }
  const reg = await registration();
  if (!reg) throw new PushDeviceError(NO_SERVICE_WORKER);
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) });
  const json = sub.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) {
    throw new PushDeviceError(INCOMPLETE_SUBSCRIPTION);
  }
  return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
}

/** Ends this browser's subscription (after its row is gone, so no push is sent to a dead endpoint meanwhile). */
export async function unsubscribeThisDevice(sub: PushSubscription | null): Promise<void> {
  await sub?.unsubscribe();
}
