import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/account/components/auth-provider';
import { HydrationProvider } from '@/app/hydration-provider';
import { AppStatusBanners } from '@/features/installable-app/components/app-status-banners';
import { useInBrowser } from '@/hooks/use-in-browser';
import { createQueryClient } from '@/lib/query-client';

// Not part of the first paint: sonner keeps toasts raised before the Toaster mounts and shows them then.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

type AppProviderProps = {
  children: ReactNode;
  /** The app's one QueryClient, shared with the router's loaders (src/app/start.tsx); a new one if not given. */
  queryClient?: QueryClient;
  /** The tree renders over prerendered HTML (src/app/start.tsx, src/app/prerender.tsx). */
  hydrating?: boolean;
};

export function AppProvider({ children, queryClient: given, hydrating = false }: AppProviderProps) {
  // One client per mounted app (not a module singleton), so tests get a fresh cache each render.
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <HydrationProvider hydrating={hydrating}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <BrowserToaster />
        <AppStatusBanners />
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
