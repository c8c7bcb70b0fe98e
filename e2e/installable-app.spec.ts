import { appendFileSync, cpSync, createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type TestInfo } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_APP_PORT } from './stack-ports.ts';
import { signInBrowser } from './support/users.ts';

// The installable app (docs/installable-app.md): the web app manifest, Chromium's own installability check, the
// shell opening offline from the service worker's cache, nothing but the build in that cache, and "Reload to
// update" when a new build's worker is waiting. Each test has a browser context of its own, so each installs the
// worker afresh from this run's build.

/** Waits until the page's service worker is installed (the build's files are in its cache) and active. */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * A browser profile of its own on disk: Chromium never offers to install an app from an incognito window, which is
 * what Playwright's ordinary contexts are ('in-incognito' among the installability errors).
 */
function persistentContext(testInfo: TestInfo, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A copy of this run's build on a static server of its own (a static host's rules: a prerendered page's file, else
 * spa.html), so one test can deploy "the next build" to it without any other journey seeing a new version.
 */
async function serveCopyOfBuild(): Promise<{ url: string; deployNextBuild: () => void; close: () => Promise<void> }> {
  const built = fileURLToPath(new URL(`../.data/e2e-dist-${E2E_APP_PORT}`, import.meta.url));
  const dir = mkdtempSync(path.join(tmpdir(), 'good-space-build-'));
  cpSync(built, dir, { recursive: true });
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    let file = path.join(dir, decodeURIComponent(pathname));
    if (!path.extname(pathname)) {
      const page = path.join(file, 'index.html');
      file = existsSync(page) ? page : path.join(dir, 'spa.html');
    }
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // What a browser sees of a deploy: a service worker script whose bytes differ.
    deployNextBuild: () => appendFileSync(path.join(dir, 'sw.js'), '\n// the next build\n'),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The width and height a PNG's header states (its IHDR chunk). */
// This spec is about the service worker: its pages may register it (the other journeys block it).
test.use({ serviceWorkers: 'allow' });

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the web app manifest names the app, opens it standalone at / and has its icons, maskable among them', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Good Space',
    short_name: 'Good Space',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#fbf7f1',
    background_color: '#fbf7f1',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await file.body()).join('x'), icon.src).toBe(icon.sizes);
  }
});

test('Chromium finds the app installable: no installability errors and a manifest without errors', async ({
  baseURL,
}, testInfo) => {
  const context = await persistentContext(testInfo, baseURL!);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await workerReady(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { errors, url } = await cdp.send('Page.getAppManifest', {});
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  await context.close();
});

test("offline, the app opens from the device and says \"You're offline\"; back online the notice goes", async ({
  page,
  context,
}) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await workerReady(page);
  await expect(page.getByText("You're offline.")).toHaveCount(0);

  await context.setOffline(true);
  // A page load with no network: the worker answers it with the cached shell, whose scripts it also has.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const notice = page.locator('[aria-live="polite"]').filter({ hasText: "You're offline." });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('nothing new loads or saves until you');
  await expectNoAxeViolations(page);

  // Any other address: the same shell, whose router shows the page (here: that there is none).
  const deepLink = await page.goto('/no/such/page');
  expect(deepLink?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByText("You're offline.")).toBeVisible();

  // The prerendered landing page comes from the cache as well.
  const landing = await page.goto('/');
  expect(landing?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();

  await page.goto('/pricing');
  await expect(page.getByText("You're offline.")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You're offline.")).toHaveCount(0);
});

test('the worker keeps only the build: no API answers, photos or other origins in its cache after a signed-in visit', async ({
  page,
  customer,
  baseURL,
}) => {
  await signInBrowser(page, customer);
  await page.goto('/good-stuff');
  await workerReady(page);
  // Controlled by the worker now: a page that reads the API (pieces, their photos from storage) and the session.
  const response = await page.goto('/good-stuff');
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  const origin = new URL(baseURL!).origin;
  const notBuild = cached.filter((url) => {
    const { origin: from, pathname } = new URL(url);
    return (
      from !== origin ||
      /\/(rest|auth|storage|functions|realtime)\/v1\//.test(pathname) ||
      !/^\/(assets\/[\w.-]+\.(js|css)|[\w-]+\.(html|svg|webmanifest)|auth\/index\.html|icons\/[\w-]+\.png)$/.test(pathname)
    );
  });
  expect(notBuild).toEqual([]);
  // The page's scripts and the shell are among them: the cache is the build, not nothing.
  expect(cached.some((url) => new URL(url).pathname === '/spa.html')).toBe(true);
  expect(cached.some((url) => /\/assets\/start-[\w-]{8}\.js$/.test(new URL(url).pathname))).toBe(true);
});

test('a new build waits for "Reload to update"; taking it reloads the page on the new worker', async ({ browser: _ }, testInfo) => {
  const site = await serveCopyOfBuild();
  const context = await persistentContext(testInfo, site.url);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await workerReady(page);
    await expect(page.getByRole('button', { name: 'Reload to update' })).toHaveCount(0);

    site.deployNextBuild();
    // The browser looks for a new worker on each page load; an open page asks as well (hourly), here at once.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    const reload = page.getByRole('button', { name: 'Reload to update' });
    await expect(reload).toBeVisible();
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'A new version of Good Space is ready.' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The page as it is now: gone once the browser has reloaded it.
    await page.evaluate(() => document.documentElement.setAttribute('data-before-update', ''));
    await reload.click();
    await expect(page.locator('html[data-before-update]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload to update' })).toHaveCount(0);
    // The new worker controls the page and none waits behind it.
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { controlled: Boolean(navigator.serviceWorker.controller), waiting: Boolean(registration?.waiting) };
    });
    expect(after).toEqual({ controlled: true, waiting: false });
  } finally {
    await context.close();
    await site.close();
  }
});
