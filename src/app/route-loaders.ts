import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Starts a page's reads into the app's QueryClient; with `waitMs` > 0, waits that long at most for them. */
export type RouteLoader = (queryClient: QueryClient, params: Params, options: { waitMs: number }) => Promise<void>;

/**
 * The loaders of the routes whose page needs its data to show, by route pattern (docs/architecture.md, Performance
 * rules). The route table gives each to its route; src/app/early-start.ts runs the one matching the URL before the
 * router exists. A loader's module comes with supabase-js and the page's api code, so it is imported when it runs;
 * if it cannot be (a failed download), the page's queries fetch their own data.
 */
export const routeLoaders: Record<string, RouteLoader> = {
  [paths.project.path]: async (queryClient, { projectId = '' }, options) => {
    const loader = await import('@/app/routes/projects/project-loader').catch(() => null);
    await loader?.loadProjectPage(queryClient, projectId, options);
  },
  [paths.piece.path]: async (queryClient, { id = '' }, options) => {
    const loader = await import('@/app/routes/good-stuff/piece-loader').catch(() => null);
    await loader?.loadGoodStuffItemPage(queryClient, id, options);
  },
};
