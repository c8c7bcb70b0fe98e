import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter, type AppDataRouter } from '@/app/create-router';

/** `router`: one made (and awaited) before hydration; otherwise it is created on mount. */
export function AppRouter({ router: given }: { router?: AppDataRouter }) {
  // Created on mount, not on import, so tests can import `routes` and build a memory router instead.
  const [router] = useState(() => given ?? createAppRouter());
  return <RouterProvider router={router} />;
}
