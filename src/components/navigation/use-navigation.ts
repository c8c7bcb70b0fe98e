import { createContext, use, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

// Links of the parts the landing page shows (the top bar, the landing's sections) go through this context instead
// of importing React Router: the landing page starts without the router and its code (docs/architecture.md,
// Performance rules). The app gives them React Router's (./router-navigation.tsx); the landing page's own start
// gives plain links that start the app on the first navigation (src/app/landing-app.tsx).

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className: (state: { isActive: boolean }) => string;
  /** Active only on this exact path, not below it (React Router's `end`). */
  end?: boolean;
};

export type Navigation = {
  Link: ComponentType<LinkProps>;
  NavLink: ComponentType<NavLinkProps>;
  /** A hook: a key that changes on every navigation (React Router's `location.key`). */
  useLocationKey: () => string;
  /** A hook: a function that navigates in the app. */
  useNavigateTo: () => (to: string) => void;
};

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const navigation = use(NavigationContext);
  if (!navigation) throw new Error('A link rendered outside a NavigationProvider (src/components/navigation)');
  return navigation;
}

export function useLocationKey(): string {
  return useNavigation().useLocationKey();
}

export function useNavigateTo(): (to: string) => void {
  return useNavigation().useNavigateTo();
}
