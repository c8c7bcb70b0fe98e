import type { ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { NavigationProvider } from '@/components/navigation/navigation';
import type { Navigation } from '@/components/navigation/use-navigation';

function useRouterLocationKey(): string {
  return useLocation().key;
}

function useRouterNavigateTo(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => void navigate(to);
}

/** React Router's links and navigation, for the parts that use src/components/navigation (inside a router). */
const routerNavigation: Navigation = {
  Link,
  NavLink,
  useLocationKey: useRouterLocationKey,
  useNavigateTo: useRouterNavigateTo,
};

export function RouterNavigation({ children }: { children: ReactNode }) {
  return <NavigationProvider navigation={routerNavigation}>{children}</NavigationProvider>;
}
