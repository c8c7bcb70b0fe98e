import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeLoaders } from '@/app/route-loaders';
import { createRoutes } from '@/app/route-table';
import { createQueryClient } from '@/lib/query-client';

const routes = createRoutes(createQueryClient());
const PUBLIC = ['/', '/auth', '/pricing', '/payment-success'];
const PROTECTED = [
  '/designers',
  '/browse-designers',
  '/designer-nudges',
  '/designer/d1',
  '/designer-reviews/d1',
  '/profile/customer',
  '/profile/designer',
  '/dashboard/customer',
  '/dashboard/designer',
  '/project/p1',
  '/portfolio',
  '/portfolio/d1',
  '/list-vintage',
  '/good-stuff',
  '/settings',
  '/notifications',
];

/** The operator console: its layout answers everyone but operators with the 404 page. */
const CONSOLE = ['/admin', '/admin/log', '/admin/subject/piece/x', '/admin/disputes', '/admin/disputes/x'];

function leaf(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  return { matches, route: matches.at(-1)?.route };
}

describe('route table (docs/product.md, Pages)', () => {
  it.each([...PUBLIC, ...PROTECTED])('%s has its own lazy page', (url) => {
    const { route } = leaf(url);
    expect(route?.path).not.toBe('*');
    expect(route?.lazy).toBeTypeOf('function');
  });

  it.each(PROTECTED)('%s is behind the session guard', (url) => {
    const { matches } = leaf(url);
    expect(matches.some((m) => m.route.element !== undefined && m.route.path === undefined && m.route.children)).toBe(
      true,
    );
  });

  it.each(PUBLIC)('%s is public', (url) => {
    const { matches } = leaf(url);
    expect(matches.filter((m) => m.route.element !== undefined).length).toBe(1); // the shell only
  });

  it('gives every route loader to its route (the early start runs the same ones)', () => {
    expect(Object.keys(routeLoaders).length).toBeGreaterThan(0);
    for (const path of Object.keys(routeLoaders)) {
      const { route } = leaf(path.replace(/:\w+/g, 'x'));
      expect(route?.path, path).toBe(path);
      expect(route?.loader, path).toBeTypeOf('function');
    }
  });

  it.each(CONSOLE)('%s is a lazy page inside the console layout, outside the session guard', (url) => {
    // docs/trust-and-safety.md: a signed-out visitor gets the 404 page there, not the sign-in page.
    const { matches, route } = leaf(url);
    expect(route?.lazy).toBeTypeOf('function');
    expect(matches.map((m) => m.route.path)).toContain('/admin');
    expect(matches.some((m) => m.route.element !== undefined && m.route.path === undefined && m.route.children)).toBe(
      false,
    );
  });

  it('sends any other path to the 404 page', () => {
    expect(leaf('/no/such/page').route?.path).toBe('*');
  });

  it('every lazy page module exports a Component', async () => {
    for (const url of [...PUBLIC, ...PROTECTED, ...CONSOLE, '/no/such/page']) {
      const lazy = leaf(url).route?.lazy;
      if (typeof lazy !== 'function') throw new Error(`${url} has no lazy module`);
      const mod = (await lazy()) as { Component?: unknown };
      expect(mod.Component, url).toBeTypeOf('function');
    }
  });
});
