import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { LandingApp } from '@/app/landing-app';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/route-table';
import { createQueryClient } from '@/lib/query-client';

/**
 * Build-time HTML of a page as a visitor (no session) first sees it, from the same components and routes
 * the browser hydrates (src/main.tsx). Run by vite/prerender.ts through Vite's SSR module loader.
 */
export async function prerenderPage(pathname: string): Promise<string> {
  // The landing page hydrates with its own root, without the router (src/app/landing-start.tsx): rendered by it.
  if (pathname === '/') return renderSettled(<LandingApp hydrating />);
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppProvider queryClient={queryClient} hydrating>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  return renderSettled(page);
}

async function renderSettled(page: ReactNode): Promise<string> {
  // renderToString, not the streaming prerender: React 19.2 streams ("outlines") large Suspense boundaries
  // behind inline scripts, and the landing's sections are such boundaries. Lazy parts (e.g. /auth's forms)
  // suspend on the first passes, which start their imports; once loaded they render in place. Render again until
  // none is suspended: how long the imports take depends on the machine (a busy build machine takes seconds), so
  // only a hang is cut off. A boundary still suspended then is refused by vite/prerender.ts.
  let html = renderToString(page);
  const hangAfter = Date.now() + 120_000;
  while (html.includes('<!--$!-->') && Date.now() < hangAfter) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    html = renderToString(page);
  }
  return html;
}
