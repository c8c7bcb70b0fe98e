import type { BrowserContext, Page } from '@playwright/test';
import { E2E_APP_URL, E2E_PUSH_URL } from '../stack-ports';

/**
 * A push device for a journey (docs/notifications.md, "The push half", Journeys). Chromium in a journey has no
 * vendor push service to reach, so `PushManager.prototype.subscribe` and `getSubscription` are replaced, before the
 * app loads, by a device of the journeys' local push service: a test double at the browser vendor's boundary only.
 * The app's Settings code, the database, send-push's encryption and VAPID signature are the real ones; the device
 * (which keeps its private key in the push service) decrypts what arrives, and `pushesTo` reads it.
 */
export async function usePushDevice(context: BrowserContext, page: Page): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: E2E_APP_URL });
  // The browser, not the page, talks to its push service: the calls go out from here (Node), so the site's
  // Content-Security-Policy (connect-src: the app and its API only) has nothing to say about them, as for a real
  // browser's vendor push service.
  await page.exposeFunction('e2ePushNewDevice', async (applicationServerKey: string | null) => {
    const res = await fetch(`${E2E_PUSH_URL}/push/devices`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationServerKey }),
    });
    if (!res.ok) throw new Error(`the push service refused a device: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown;
  });
  await page.exposeFunction('e2ePushForgetDevice', async (id: string) => {
    await fetch(`${E2E_PUSH_URL}/push/devices/${id}`, { method: 'DELETE' });
  });
  await page.addInitScript(() => {
    // The two functions exposed above, as the page sees them (this project's Node config has no DOM lib's Window).
    const browserSide = globalThis as unknown as {
      e2ePushNewDevice(applicationServerKey: string | null): Promise<unknown>;
      e2ePushForgetDevice(id: string): Promise<void>;
    };
    const KEY = 'e2e-push-device';
    const toB64u = (buf: ArrayBuffer | ArrayBufferView | null | undefined): string | null => {
      if (!buf) return null;
      const bytes =
        buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      return btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    };
    const fromB64u = (s: string) =>
      Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) =>
        c.charCodeAt(0),
      ).buffer;
    type Device = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
    const asSubscription = (d: Device) => ({
      endpoint: d.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: (name: 'p256dh' | 'auth') => fromB64u(d.keys[name]),
      toJSON: () => ({ endpoint: d.endpoint, expirationTime: null, keys: d.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        await browserSide.e2ePushForgetDevice(d.id);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const stored = localStorage.getItem(KEY);
      if (stored) return asSubscription(JSON.parse(stored) as Device) as unknown as PushSubscription;
      const d = (await browserSide.e2ePushNewDevice(
        typeof options?.applicationServerKey === 'string'
          ? options.applicationServerKey
          : toB64u(options?.applicationServerKey ?? null),
      )) as Device;
      localStorage.setItem(KEY, JSON.stringify(d));
      return asSubscription(d) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(KEY);
      return stored ? (asSubscription(JSON.parse(stored) as Device) as unknown as PushSubscription) : null;
    };
  });
}

/** What this device received, newest first, decrypted by the push service. */
export async function pushesTo(page: Page): Promise<{ json: { title: string; body: string; link: string } }[]> {
  const stored = await page.evaluate(() => localStorage.getItem('e2e-push-device'));
  if (!stored) return [];
  const { id } = JSON.parse(stored) as { id: string };
  const res = await fetch(`${E2E_PUSH_URL}/push/messages?device=${id}`);
  return ((await res.json()) as { messages: { json: { title: string; body: string; link: string } }[] }).messages;
}
