import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startLanding } from '@/app/landing-start';
import { prerenderPage } from '@/app/prerender';

// The landing page starts with its own root (src/app/landing-app.tsx) and gives its place to the app on the first
// navigation (docs/decisions/0031-one-house-second-pass.md): the app opens on the page navigated to, as its own
// navigation would.
describe('the landing page hands over to the app', () => {
  let container: HTMLElement;

  async function startOnLanding() {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.history.replaceState(null, '', '/');
    container = document.createElement('div');
    container.innerHTML = (await prerenderPage('/')).replace(/^<title>[^<]*<\/title>/, '');
    document.body.append(container);
    await act(async () => startLanding(container));
    // Hydrated: the menu button works.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toBeEnabled());
  }

  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('opens the app on the page of the link pressed', async () => {
    await startOnLanding();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('link', { name: 'Get Started' })[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Login or Sign Up' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(window.location.pathname + window.location.search).toBe('/auth?tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    // One page, one top bar: the landing page's root is gone.
    expect(screen.queryByRole('heading', { level: 1, name: 'Good Space' })).toBeNull();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it('stays on the landing page for a link to itself, closing the menu', async () => {
    await startOnLanding();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById(
      screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')!,
    )!;
    expect(menu).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(menu).not.toBeVisible();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
  });
});
