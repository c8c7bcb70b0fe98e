import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { HydrationProvider } from '@/app/hydration-provider';
import { useInBrowser } from '@/hooks/use-in-browser';
import { createQueryClient } from '@/lib/query-client';

// Not part of the first paint: sonner keeps toasts raised before the Toaster mounts and shows them then.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** `hydrating`: the tree renders over prerendered HTML (src/app/start.tsx, src/app/prerender.tsx). */
export function AppProvider({ children, hydrating = false }: { children: ReactNode; hydrating?: boolean }) {
  // One client per mounted app (not a module singleton), so tests get a fresh cache each render.
  const [queryClient] = useState(createQueryClient);
  return (
    <HydrationProvider hydrating={hydrating}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <BrowserToaster />
      </QueryClientProvider>
    </HydrationProvider>
  );
}

function BrowserToaster() {
  if (!useInBrowser()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}
