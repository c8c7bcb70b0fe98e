import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/route-table';

export function AppRouter() {
  // Created on mount, not on import, so tests can import `routes` and build a memory router instead.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
