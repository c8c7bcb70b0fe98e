import { describe, expect, it, vi } from 'vitest';
import { notificationFor, openLink } from './push';

const data = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => String(value),
});

describe('a push becomes a notification', () => {
  it('shows the title and body send-push encrypted, and keeps the link and tag', () => {
    const n = notificationFor(
      data({
        id: 'n1',
        kind: 'offer_countered',
        title: 'Ada countered your offer on "Brass lamp": $80',
        body: 'Accept, counter or decline.',
        link: '/good-stuff/abc',
        tag: 'notification:n1',
      }),
    );
    expect(n.title).toBe('Ada countered your offer on "Brass lamp": $80');
    expect(n.options).toMatchObject({
      body: 'Accept, counter or decline.',
      tag: 'notification:n1',
      data: { link: '/good-stuff/abc' },
    });
  });

  it('a push that is not ours still shows something, linking to the notifications page', () => {
    const n = notificationFor(data('not json {'));
    expect(n.title).toBe('Good Space');
    expect(n.options).toMatchObject({ body: 'not json {', data: { link: '/notifications' } });
  });

  it('never links off the app', () => {
    expect(notificationFor(data({ title: 't', link: 'https://evil.example/x' })).options.data).toEqual({
      link: '/notifications',
    });
  });
});

function windowClient(url: string) {
  return { url, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) };
}

describe('a click opens the linked page', () => {
  const origin = 'https://goodspace.example';

  it('focuses a window already on that page', async () => {
    const w = windowClient(`${origin}/good-stuff/abc`);
    const clients = { matchAll: vi.fn(async () => [w]), openWindow: vi.fn() };
    await openLink(clients as unknown as Clients, origin, '/good-stuff/abc');
    expect(w.focus).toHaveBeenCalled();
    expect(w.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes another window of the app to the page', async () => {
    const w = windowClient(`${origin}/dashboard`);
    const clients = { matchAll: vi.fn(async () => [w]), openWindow: vi.fn() };
    await openLink(clients as unknown as Clients, origin, '/good-stuff/abc');
    expect(w.navigate).toHaveBeenCalledWith(`${origin}/good-stuff/abc`);
  });

  it('opens a window when none is open', async () => {
    const clients = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await openLink(clients as unknown as Clients, origin, '/orders/1');
    expect(clients.openWindow).toHaveBeenCalledWith(`${origin}/orders/1`);
  });
});
