// Web Push in the service worker (docs/notifications.md, "The push half"): a push shows the notification the
// send-push function encrypted for this device; a click on it opens the page it links to, in a window of the
// app that is already open when there is one. src/service-worker/sw.ts imports this module.

/** What send-push sends (supabase/functions/send-push/push-content.ts, PushPayload). */
export interface PushPayload {
  id?: string;
  kind?: string;
  title: string;
  body?: string;
  link?: string;
  tag?: string;
}

/** The notification for a push's data; a push that is not ours (or not JSON) still shows something. */
export function notificationFor(data: { json(): unknown; text(): string } | null): {
  title: string;
  options: NotificationOptions;
} {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') payload = parsed as Partial<PushPayload>;
  } catch {
    payload = { body: data?.text() };
  }
  const link = typeof payload.link === 'string' && payload.link.startsWith('/') ? payload.link : '/notifications';
  return {
    title: typeof payload.title === 'string' && payload.title ? payload.title : 'Good Space',
    options: {
      body: typeof payload.body === 'string' ? payload.body : '',
      // One per conversation, one per anything else: a newer push with the same tag replaces the older one.
      ...(typeof payload.tag === 'string' ? { tag: payload.tag } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link },
    },
  };
}

/** A window of the app to reuse for a click: one already on the page, else any, else none. */
export async function openLink(clients: Clients, origin: string, link: string): Promise<void> {
  // Only the app's own pages: `link` is a path from our database, never another origin.
  const url = new URL(link.startsWith('/') ? link : '/', origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const same = windows.find((w) => w.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const any = windows.find((w) => new URL(w.url).origin === origin);
  if (any) {
    await any.focus();
    await any.navigate(url);
    return;
  }
  await clients.openWindow(url);
}

declare const self: ServiceWorkerGlobalScope;

// Only in the worker: the module is imported by the tests too (jsdom has no ServiceWorkerGlobalScope).
if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  self.addEventListener('push', (event) => {
    const { title, options } = notificationFor(event.data);
    event.waitUntil(self.registration.showNotification(title, options));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { link?: unknown } | null;
    const link = typeof data?.link === 'string' ? data.link : '/notifications';
    event.waitUntil(openLink(self.clients, self.location.origin, link));
  });
}
