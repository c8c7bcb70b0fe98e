import type { ReactNode } from 'react';
import {
  NavigationContext,
  useNavigation,
  type LinkProps,
  type Navigation,
  type NavLinkProps,
} from '@/components/navigation/use-navigation';

/** Gives the links below their implementation (see ./use-navigation.ts). */
export function NavigationProvider({ navigation, children }: { navigation: Navigation; children: ReactNode }) {
  return <NavigationContext value={navigation}>{children}</NavigationContext>;
}

export function Link(props: LinkProps) {
  const { Link: Implementation } = useNavigation();
  return <Implementation {...props} />;
}

export function NavLink(props: NavLinkProps) {
  const { NavLink: Implementation } = useNavigation();
  return <Implementation {...props} />;
}
