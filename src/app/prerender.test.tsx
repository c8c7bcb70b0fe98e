import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter, routerReady } from '@/app/create-router';
import { LandingApp } from '@/app/landing-app';
import { prerenderPage } from '@/app/prerender';
import { heroSrcSet } from '@/features/landing/utils/hero-slides';
import { createQueryClient } from '@/lib/query-client';

// What the build writes into index.html and auth/index.html (vite/prerender.ts), and that the browser
// hydrates it without a mismatch, as src/main.tsx does.
describe('prerendered pages', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('renders the landing page for a visitor: headline, hero image first and eager, guest links', async () => {
    const html = await prerenderPage('/');
    expect(html).toMatch(/<h1[^>]*>Good Space<\/h1>/);
    expect(html).toContain('Beautiful rooms from thrifted and vintage finds');
    expect(html).toContain(`srcSet="${heroSrcSet('hero-01', 'avif')}"`);
    expect(html).toMatch(/<img[^>]*fetchPriority="high"[^>]*>/);
    expect(html).toMatch(/href="\/auth"[^>]*>Login</);
    expect(html).toContain('<title>Good Space · Designers who furnish with thrifted and vintage finds</title>');
    // Nothing suspended (its fallback would not match the browser's render) and no inline scripts.
    expect(html).not.toMatch(/<!--\$[!?]-->|<script/);
  });

  it('renders /auth with the Login tab', async () => {
    const html = await prerenderPage('/auth');
    expect(html).toMatch(/<h1[^>]*>Login or Sign Up<\/h1>/);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Login</);
    expect(html).toContain('Forgot password?');
    // Not submittable before hydration (a native submit would put the password in the URL).
    expect(html).toMatch(/<input(?=[^>]*id="login-email")(?=[^>]*readOnly="")/);
    expect(html).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*disabled="")[^>]*>Login<\/button>/);
    expect(html).not.toMatch(/<!--\$[!?]-->|<script/);
  });

  it.each(['/', '/auth'])('hydrates %s without a mismatch', async (path) => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const html = await prerenderPage(path);
    window.history.replaceState(null, '', path);
    const container = document.createElement('div');
    container.innerHTML = html.replace(/^<title>[^<]*<\/title>/, '');
    document.body.append(container);
    const consoleError = vi.spyOn(console, 'error');
    const onRecoverableError = vi.fn();
    // As src/main.tsx: the landing page with its own root, /auth with the app.
    let page = <LandingApp hydrating />;
    if (path !== '/') {
      const queryClient = createQueryClient();
      const router = createAppRouter(queryClient);
      await routerReady(router);
      page = (
        <StrictMode>
          <App router={router} queryClient={queryClient} hydrating />
        </StrictMode>
      );
    }
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError });
    });
    // Lazy parts (the /auth forms) hydrate when their chunk has loaded.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    expect(container.querySelector('h1')).toBeVisible();
    for (const button of container.querySelectorAll('button[type="submit"]')) expect(button).toBeEnabled();
    for (const input of container.querySelectorAll('input')) expect(input).not.toHaveAttribute('readonly');
  });
});
