import type { NavItem } from '@/components/layouts/top-bar';
import { paths } from '@/config/paths';
import type { Role } from '@/types/role';

/** SPEC §2 Navigation: the links of the bar, per role (null while unknown or signed out). */
export function barLinks(role: Role | null): NavItem[] {
  return [
    { label: 'Pricing', href: paths.pricing.getHref() },
    { label: 'List Vintage', href: paths.listVintage.getHref() },
    ...(role === 'designer' ? [{ label: 'Good Stuff', href: paths.goodStuff.getHref() }] : []),
    ...(role === 'customer' ? [{ label: 'Browse Designers', href: paths.browseDesigners.getHref() }] : []),
  ];
}

/** SPEC §2: the signed-in user's menu — Dashboard, Profile, My Portfolio (designers), Settings. */
export function accountLinks(role: Role | null): NavItem[] {
  return [
    ...(role
      ? [
          { label: 'Dashboard', href: paths.dashboard.getHref(role) },
          { label: 'Profile', href: paths.profile.getHref(role) },
        ]
      : []),
    ...(role === 'designer' ? [{ label: 'My Portfolio', href: paths.portfolio.getHref() }] : []),
    { label: 'Settings', href: paths.settings.getHref() },
  ];
}

export const guestLinks = {
  login: { label: 'Login', href: paths.auth.getHref() },
  getStarted: { label: 'Get Started', href: paths.auth.getHref({ tab: 'signup' }) },
} satisfies Record<string, NavItem>;

/** SPEC §2 /auth: where a signed-in user lands — customers browse designers, designers see their dashboard. */
export function homeForRole(role: Role): string {
  return role === 'customer' ? paths.designers.getHref() : paths.dashboard.designer.getHref();
}
