import { afterEach, describe, expect, it } from 'vitest';
import { createAppRouter, routerReady } from '@/app/create-router';
import { createRoutes } from '@/app/route-table';
import { signedOutRedirect } from '@/app/signed-out-redirect';
import { createQueryClient } from '@/lib/query-client';
import { recordRequests } from '@/testing/supabase-http';

const routes = createRoutes(createQueryClient());
const at = (url: string) => new URL(url, 'http://localhost');

describe('a signed-out visitor opening a signed-in page directly', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it.each(['/project/8f4e2d1c-1111-4222-8333-944455556666', '/settings', '/dashboard/designer', '/list-vintage'])(
    '%s goes to /auth, remembering the page',
    (path) => {
      expect(signedOutRedirect(routes, at(path))).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it('keeps the query and the hash of the page', () => {
    expect(signedOutRedirect(routes, at('/project/123?tab=photos#messages'))).toBe(
      '/auth?redirectTo=%2Fproject%2F123%3Ftab%3Dphotos%23messages',
    );
  });

  it.each(['/', '/auth', '/pricing', '/payment-success', '/no/such/page'])('%s is public: no redirect', (path) => {
    expect(signedOutRedirect(routes, at(path))).toBeNull();
  });

  it('leaves a browser that holds a session to the guard (supabase-js decides)', () => {
    localStorage.setItem('sb-127-auth-token', '{}');
    expect(signedOutRedirect(routes, at('/settings'))).toBeNull();
  });

  it('leaves a URL carrying auth tokens to the guard', () => {
    window.history.replaceState(null, '', '/settings#access_token=abc&type=magiclink');
    expect(signedOutRedirect(routes, window.location)).toBeNull();
  });

  it('the app router starts on /auth: the page itself is never matched, loaded or asked for data', async () => {
    const sent = recordRequests();
    window.history.replaceState(null, '', '/project/8f4e2d1c-1111-4222-8333-944455556666?tab=photos');
    const router = createAppRouter(createQueryClient());
    try {
      expect(window.location.pathname + window.location.search).toBe(
        '/auth?redirectTo=%2Fproject%2F8f4e2d1c-1111-4222-8333-944455556666%3Ftab%3Dphotos',
      );
      expect(router.state.location.pathname).toBe('/auth');
      expect(router.state.matches.map((m) => m.route.path)).not.toContain('/project/:projectId');
      // Once /auth's code has loaded, nothing was asked of the backend (the project's reads included).
      await routerReady(router);
      expect(await sent.all()).toEqual([]);
    } finally {
      router.dispose();
    }
  });
});
