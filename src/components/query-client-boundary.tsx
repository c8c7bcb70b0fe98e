import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

/**
 * Gives its children the app's QueryClient when there is one, and a client of their own when there is not: the
 * landing page hydrates without the app's providers (docs/architecture.md, Performance rules), yet its sign-up
 * forms' location field reads places through TanStack Query. Loaded with the forms, after the first paint.
 */
export function QueryClientBoundary({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => appClient ?? createQueryClient());
  if (appClient) return children;
  return <QueryClientProvider client={ownClient}>{children}</QueryClientProvider>;
}
