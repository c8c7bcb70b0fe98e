import type { AppDataRouter } from '@/app/create-router';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

export function App({ router }: { router?: AppDataRouter }) {
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
}
