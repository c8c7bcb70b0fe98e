import type { ReactNode } from 'react';
import { TopBar, type TopBarProps } from '@/components/layouts/top-bar';

/** Page chrome: skip link, fixed top bar, and the main landmark offset below the bar. */
export function AppLayout({ children, ...topBar }: TopBarProps & { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar {...topBar} />
      <main id="main" tabIndex={-1} className="min-h-screen pt-topbar outline-none">
        {children}
      </main>
    </>
  );
}
