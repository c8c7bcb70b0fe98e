import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerUpdate } from '../utils/waiting-update';
import { AppStatusBanners } from './app-status-banners';

/** The browser's connection as navigator.onLine and its events report it (the boundary these notices read). */
function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  // Back to jsdom's own getter (always online).
  delete (navigator as { onLine?: boolean }).onLine;
});

describe('AppStatusBanners', () => {
  it('says "You\'re offline" in a live region while the browser has no network, and nothing once it is back', () => {
    const { container } = render(<AppStatusBanners />);
    const liveRegions = () => [...container.querySelectorAll('[aria-live="polite"]')];
    const regions = liveRegions();
    expect(regions).toHaveLength(2);
    // Not the status role: the page's own status messages stay the only ones.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText("You're offline.")).not.toBeInTheDocument();

    goOffline(true);
    const offline = liveRegions().find((region) => region.textContent?.includes("You're offline."));
    expect(offline).toHaveTextContent("You're offline. Pages you have open still show; nothing new loads or saves");
    // The same live region that was there before: a screen reader announces what appears in it.
    expect(regions).toContain(offline);

    goOffline(false);
    expect(screen.queryByText("You're offline.")).not.toBeInTheDocument();
  });

  it('offers "Reload to update" once a new build waits; the button applies it and waits, or comes back if it fails', async () => {
    const user = userEvent.setup();
    render(<AppStatusBanners />);
    expect(screen.queryByRole('button', { name: 'Reload to update' })).not.toBeInTheDocument();

    let fail: (error: Error) => void = () => {};
    const apply = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    act(() => offerUpdate(apply));
    expect(screen.getByText('A new version of Good Space is ready.')).toBeInTheDocument();
    const reload = screen.getByRole('button', { name: 'Reload to update' });

    await user.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    // The page reloads when the new worker takes over; meanwhile a second click cannot send it twice.
    expect(reload).toBeDisabled();
    expect(reload).toHaveAttribute('aria-busy', 'true');

    await act(async () => fail(new Error('no worker')));
    expect(reload).toBeEnabled();
  });
});
