import { LogOut, Menu, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from '@/components/navigation/navigation';
import { useLocationKey } from '@/components/navigation/use-navigation';
import { Button } from '@/components/ui/button';
import { useInBrowser } from '@/hooks/use-in-browser';
import { cn } from '@/lib/utils';

// Radix's dropdown is only for signed-in users: visitors' first paint does not wait for it.
const AccountMenu = lazy(() => import('@/components/layouts/account-menu').then((m) => ({ default: m.AccountMenu })));

export type NavItem = { label: string; href: string };

export type TopBarProps = {
  homeHref: string;
  /** Links shown in the bar itself (and first in the mobile menu). */
  links: NavItem[];
  /** Signed in: the e-mail titles the account menu. */
  account: { email: string; menu: NavItem[]; onLogout: () => void } | null;
  /** Signed out: Login and Get Started. Null while the session is still loading, so nothing flickers. */
  guest: { login: NavItem; getStarted: NavItem } | null;
  /** Signed in: the notifications bell, shown in the bar at every width (composed by src/app). */
  bell?: ReactNode;
  /** Signed in: the notifications entry of the mobile menu. */
  menuBell?: ReactNode;
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent',
    isActive ? 'text-primary' : 'text-foreground',
  );

/** Fixed top bar (docs/product.md, Pages: navigation); below the md breakpoint the links collapse into a menu. */
export function TopBar({ homeHref, links, account, guest, bell, menuBell }: TopBarProps) {
  const locationKey = useLocationKey();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu is open for one location only: any navigation closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === locationKey;
  const hydrated = useInBrowser();

  // Escape closes the open menu from anywhere and puts focus back on its button.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to={homeHref} className="mr-4 flex items-center gap-2 rounded-md text-lg font-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Good Space
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <NavLink to={link.href} className={linkClass} end>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        {bell ? <div className="ml-auto flex items-center">{bell}</div> : null}

        <div className={cn('hidden items-center gap-2 md:flex', !bell && 'ml-auto')}>
          {account ? (
            <Suspense
              fallback={
                // Holds the trigger's place while the menu's chunk (Radix dropdown) loads; not a button, so
                // nothing can press a trigger that does not work yet.
                <span aria-hidden="true" className="block h-10 w-48" />
              }
            >
              <AccountMenu email={account.email} menu={account.menu} onLogout={account.onLogout} />
            </Suspense>
          ) : null}
          {guest ? (
            <>
              <Button asChild variant="ghost">
                <Link to={guest.login.href}>{guest.login.label}</Link>
              </Button>
              <Button asChild>
                <Link to={guest.getStarted.href}>{guest.getStarted.label}</Link>
              </Button>
            </>
          ) : null}
        </div>

        <Button
          ref={toggleRef}
          variant="ghost"
          size="icon"
          className={cn('md:hidden', !bell && 'ml-auto')}
          // Disabled in prerendered HTML until hydrated: a press before then would be lost.
          disabled={!hydrated}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenAt(open ? null : locationKey)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </nav>

      <div
        id={menuId}
        hidden={!open}
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t bg-background px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {[{ label: 'Home', href: homeHref }, ...links, ...(account?.menu ?? [])].map((link) => (
            <li key={link.href}>
              <NavLink to={link.href} className={(state) => cn(linkClass(state), 'block')} end>
                {link.label}
              </NavLink>
            </li>
          ))}
          {menuBell ? <li>{menuBell}</li> : null}
        </ul>
        <div className="mt-3 border-t pt-3">
          {account ? (
            <div className="flex flex-col gap-2">
              <p className="truncate px-3 text-sm text-muted-foreground">{account.email}</p>
              <Button
                variant="outline"
                onClick={() => {
                  setOpenAt(null);
                  account.onLogout();
                }}
              >
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </div>
          ) : null}
          {guest ? (
            <div className="flex flex-col gap-2">
              <Button asChild variant="outline">
                <Link to={guest.login.href}>{guest.login.label}</Link>
              </Button>
              <Button asChild>
                <Link to={guest.getStarted.href}>{guest.getStarted.label}</Link>
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </header>
  );
}
