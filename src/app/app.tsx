import type { AppDataRouter } from '@/app/create-router';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

/** `hydrating`: rendered over the page's prerendered HTML (see AppProvider). */
export function App({ router, hydrating }: { router?: AppDataRouter; hydrating?: boolean }) {
  return (
    <AppProvider hydrating={hydrating}>
      <AppRouter router={router} />
    </AppProvider>
  );
}
