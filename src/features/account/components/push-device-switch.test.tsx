import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushDeviceSwitch } from '@/features/account/components/push-device-switch';
import {
  LOCAL_VAPID_PUBLIC_KEY,
  PERMISSION_DENIED,
  UNSUPPORTED_PUSH_SERVICE,
  base64UrlToBytes,
} from '@/features/account/utils/push-device';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { expectConsoleError } from '@/testing/console';

const USER = authUser('00000000-0000-4000-8000-0000000000c1', 'pia@example.com');
const ENDPOINT = 'http://127.0.0.1:54330/push/send/device-1';
const P256DH = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const AUTH = 'BTBZMqHH6r4Tts7J_aSIgg';

/**
 * The browser's side is jsdom's missing Push API, stood in for at the browser's boundary (PushManager,
 * Notification, the service worker registration), as the journeys do with a device of the local push service
 * (docs/notifications.md, "The push half"). The backend is MSW at the HTTP boundary.
 */
function browserDouble(permission: NotificationPermission, afterAsking: NotificationPermission, endpoint = ENDPOINT) {
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe: async () => true,
    };
    return subscription;
  });
  const requestPermission = vi.fn(async () => afterAsking);
  const notification = { permission, requestPermission };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { subscribe, requestPermission };
}

function devicesAnswer(endpoints: string[]) {
  server.use(
    http.get(restUrl('push_subscriptions'), ({ request }) =>
      pgrstRows(
        request,
        endpoints.map((endpoint) => ({ endpoint })),
      ),
    ),
    http.post(restUrl('push_subscriptions'), ({ request }) => {
      endpoints.push(ENDPOINT);
      return pgrstRows(request, []);
    }),
  );
}

function renderSwitch() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PushDeviceSwitch userId={USER.id} />
    </QueryClientProvider>,
  );
}

let sent: ReturnType<typeof recordRequests>;
beforeEach(() => {
  storeSession(USER);
  sent = recordRequests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

describe('PushDeviceSwitch', () => {
  it('asks nothing on load; a click asks for permission, subscribes with the VAPID key and records the device', async () => {
    const browser = browserDouble('default', 'granted');
    devicesAnswer([]);
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();

    await userEvent.click(toggle);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(LOCAL_VAPID_PUBLIC_KEY),
    });
    await waitFor(() => expect(toggle).toBeChecked());
    const [insert] = await sent.to('POST', 'rest/v1/push_subscriptions');
    expect(insert!.body).toMatchObject({ user_id: USER.id, endpoint: ENDPOINT, p256dh: P256DH, auth: AUTH });
    expect(insert!.url.searchParams.get('on_conflict')).toBe('endpoint');
    expect(sentAs(insert!)).toBe(USER.id);
  });

  it('says in a sentence that the browser blocks notifications, and records nothing', async () => {
    expectConsoleError('Error changing push on this device');
    const browser = browserDouble('default', 'denied');
    devicesAnswer([]);
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(PERMISSION_DENIED);
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(toggle).not.toBeChecked();
    expect(await sent.to('POST', 'rest/v1/push_subscriptions')).toEqual([]);
  });

  it('shows on when this browser is one of the user’s devices, and a click turns it off', async () => {
    browserDouble('granted', 'granted');
    const endpoints: string[] = [];
    devicesAnswer(endpoints);
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());

    server.use(http.delete(restUrl('push_subscriptions'), () => new Response(null, { status: 204 })));
    endpoints.length = 0;
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    const [del] = await sent.to('DELETE', 'rest/v1/push_subscriptions');
    expect(del!.url.searchParams.get('endpoint')).toBe(`eq.${ENDPOINT}`);
  });

  it('refuses an endpoint that is not a browser’s push service in a sentence, and records nothing', async () => {
    expectConsoleError('Error changing push on this device');
    browserDouble('granted', 'granted', 'https://collector.example/push/device-1');
    devicesAnswer([]);
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUPPORTED_PUSH_SERVICE);
    expect(toggle).not.toBeChecked();
    expect(await sent.to('POST', 'rest/v1/push_subscriptions')).toEqual([]);
  });

  it('says the database’s refusal of the push service in the same sentence', async () => {
    expectConsoleError('Error changing push on this device');
    browserDouble('granted', 'granted', 'https://fcm.googleapis.com/fcm/send/device-1');
    devicesAnswer([]);
    server.use(http.post(restUrl('push_subscriptions'), () => pgrstError(400, '23514', UNSUPPORTED_PUSH_SERVICE)));
    renderSwitch();
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUPPORTED_PUSH_SERVICE);
    expect(toggle).not.toBeChecked();
  });
});
