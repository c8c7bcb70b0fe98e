import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { HydratingContext } from '@/hooks/use-in-browser';

/**
 * Marks the tree below as hydrating prerendered HTML until it has hydrated, then flips that in a transition.
 * useSyncExternalStore's server snapshot would flip it as a synchronous re-render inside hydration's commit:
 * one long task for every consumer's subtree (the /auth forms: 250 ms at Lighthouse's mobile CPU). As a
 * transition React renders it in slices and input stays responsive.
 */
export function HydrationProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [pending, setPending] = useState(hydrating);
  useEffect(() => {
    if (pending) startTransition(() => setPending(false));
  }, [pending]);
  return <HydratingContext value={pending}>{children}</HydratingContext>;
}
