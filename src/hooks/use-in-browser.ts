import { createContext, useContext } from 'react';

/**
 * True while the tree renders as the prerendered HTML does: at build time (no document) and, below
 * src/app/hydration-provider.tsx, while React hydrates that HTML. A fresh client render (tests, pages that are
 * not prerendered) is in the browser at once.
 */
export const HydratingContext = createContext(typeof document === 'undefined');

/**
 * False while prerendering and while hydrating that HTML (so both agree), true once the page runs in the
 * browser. For parts that only make sense there (lazy chunks, the toaster, controls that need script).
 */
export function useInBrowser(): boolean {
  return !useContext(HydratingContext);
}
