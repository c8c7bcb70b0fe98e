import type { QueryClient } from '@tanstack/react-query';
import type { AppDataRouter } from '@/app/create-router';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

type AppProps = {
  /** Made before rendering (src/app/start.tsx) with the same `queryClient`, which its loaders fill. */
  router?: AppDataRouter;
  queryClient?: QueryClient;
  /** Rendered over the page's prerendered HTML (see AppProvider). */
  hydrating?: boolean;
};

export function App({ router, queryClient, hydrating }: AppProps) {
  return (
    <AppProvider queryClient={queryClient} hydrating={hydrating}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
