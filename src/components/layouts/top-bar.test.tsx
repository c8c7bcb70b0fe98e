import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { RouterNavigation } from '@/components/navigation/router-navigation';
import { describe, expect, it, vi } from 'vitest';
import { TopBar } from '@/components/layouts/top-bar';

const links = [{ label: 'Pricing', href: '/pricing' }];

describe('TopBar mobile menu', () => {
  it('opens and closes from its button and with Escape, returning focus', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <RouterNavigation>
          <TopBar
            homeHref="/"
            links={links}
            account={{ email: 'ada@example.com', menu: [{ label: 'Settings', href: '/settings' }], onLogout: vi.fn() }}
            guest={null}
          />
        </RouterNavigation>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toBeVisible();
    expect(menu).toHaveTextContent('ada@example.com');

    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('logs out from the mobile menu', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(
      <MemoryRouter>
        <RouterNavigation>
          <TopBar homeHref="/" links={links} account={{ email: 'ada@example.com', menu: [], onLogout }} guest={null} />
        </RouterNavigation>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('offers Login and Get Started to visitors', () => {
    render(
      <MemoryRouter>
        <RouterNavigation>
          <TopBar
            homeHref="/"
            links={links}
            account={null}
            guest={{
              login: { label: 'Login', href: '/auth' },
              getStarted: { label: 'Get Started', href: '/auth?tab=signup' },
            }}
          />
        </RouterNavigation>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/auth');
    expect(screen.getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/auth?tab=signup');
  });
});

describe('TopBar notifications', () => {
  it('shows the bell in the bar and its entry in the mobile menu, as src/app composes them', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <RouterNavigation>
          <TopBar
            homeHref="/"
            links={links}
            account={{ email: 'ada@example.com', menu: [], onLogout: vi.fn() }}
            guest={null}
            bell={<button type="button">Notifications, 2 unread</button>}
            menuBell={<a href="/notifications">Notifications</a>}
          />
        </RouterNavigation>
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await user.click(toggle);
    expect(within(menu).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });
});
