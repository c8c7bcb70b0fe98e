import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while prerendering and while hydrating that HTML (so server and client agree), true once the page
 * runs in the browser. For parts that only make sense there (lazy chunks, the toaster).
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
