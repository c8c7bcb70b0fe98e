import type { NavItem } from '@/components/layouts/top-bar';
import { paths } from '@/config/paths';
import type { Role } from '@/types/role';

/** The top bar's links, per role (null while unknown or signed out): docs/product.md, Pages. */
export function barLinks(role: Role | null): NavItem[] {
  return [
    { label: 'Pricing', href: paths.pricing.getHref() },
    { label: 'List Vintage', href: paths.listPiece.getHref() },
    // Designers sell on Good Stuff; everyone signed in can buy there (saved pieces, offers, Add to project).
    ...(role ? [{ label: 'Good Stuff', href: paths.goodStuff.getHref() }] : []),
    ...(role === 'customer' ? [{ label: 'Browse Designers', href: paths.browseDesigners.getHref() }] : []),
  ];
}

/** The signed-in user's menu (docs/product.md, Pages): Dashboard, Profile, My Portfolio (designers), Saved, Orders, Settings. */
export function accountLinks(role: Role | null): NavItem[] {
  return [
    ...(role
      ? [
          { label: 'Dashboard', href: paths.dashboard.getHref(role) },
          { label: 'Profile', href: paths.profile.getHref(role) },
        ]
      : []),
    ...(role === 'designer'
      ? [
          { label: 'My Portfolio', href: paths.portfolio.getHref() },
          { label: 'My listings', href: paths.myPieces.getHref() },
        ]
      : []),
    ...(role
      ? [
          { label: 'Saved', href: paths.saved.getHref() },
          { label: 'Orders', href: paths.orders.getHref() },
        ]
      : []),
    { label: 'Settings', href: paths.settings.getHref() },
  ];
}

export const guestLinks = {
  login: { label: 'Login', href: paths.auth.getHref() },
  getStarted: { label: 'Get Started', href: paths.auth.getHref({ tab: 'signup' }) },
} satisfies Record<string, NavItem>;

/**
 * Where a signed-in user opening /auth lands (docs/product.md, Pages): customers on /designers, designers on their
 * dashboard.
 */
export function homeForRole(role: Role): string {
  return role === 'customer' ? paths.designers.getHref() : paths.dashboard.designer.getHref();
}
