import { describe, expect, it } from 'vitest';
import { paths, safeRedirectPath } from '@/config/paths';

describe('paths', () => {
  it('builds the routes of docs/product.md, Pages', () => {
    expect(paths.designer.getHref('a b')).toBe('/designer/a%20b');
    expect(paths.dashboard.getHref('designer')).toBe('/dashboard/designer');
    expect(paths.profile.getHref('customer')).toBe('/profile/customer');
    expect(paths.portfolio.getHref()).toBe('/portfolio');
    expect(paths.portfolio.getHref('d1')).toBe('/portfolio?designer=d1');
    expect(paths.auth.getHref({ reset: true })).toBe('/auth?reset=true');
    expect(paths.auth.getHref({ redirectTo: '/project/1?x=1' })).toBe('/auth?redirectTo=%2Fproject%2F1%3Fx%3D1');
  });

  it('never redirects off the site', () => {
    expect(safeRedirectPath('/settings')).toBe('/settings');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(paths.auth.getHref({ redirectTo: '//evil.example' })).toBe('/auth');
  });
});
