import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter, type AppDataRouter } from '@/app/create-router';

/** `router`: one made (and awaited) before hydration; otherwise it is created on mount with the app's client. */
export function AppRouter({ router: given }: { router?: AppDataRouter }) {
  const queryClient = useQueryClient();
  // Created on mount, not on import, so tests can build their own routes and a memory router instead.
  const [router] = useState(() => given ?? createAppRouter(queryClient));
  return <RouterProvider router={router} />;
}
