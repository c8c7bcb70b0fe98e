import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useInBrowser } from '@/hooks/use-in-browser';
import { createQueryClient } from '@/lib/query-client';

// Not part of the first paint: sonner keeps toasts raised before the Toaster mounts and shows them then.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppProvider({ children }: { children: ReactNode }) {
  // One client per mounted app (not a module singleton), so tests get a fresh cache each render.
  const [queryClient] = useState(createQueryClient);
  const inBrowser = useInBrowser();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {inBrowser ? (
        <Suspense fallback={null}>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
