import { describe, expect, it } from 'vitest';
import { accountLinks, barLinks, homeForRole } from '@/app/navigation';

const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('navigation (docs/product.md, Pages)', () => {
  it('shows Good Stuff to everyone signed in and Browse Designers to customers', () => {
    expect(labels(barLinks(null))).toEqual(['Pricing', 'List Vintage']);
    expect(labels(barLinks('customer'))).toEqual(['Pricing', 'List Vintage', 'Good Stuff', 'Browse Designers']);
    expect(labels(barLinks('designer'))).toEqual(['Pricing', 'List Vintage', 'Good Stuff']);
  });

  it('puts Dashboard, Profile, My Portfolio and My listings (designers), Saved, Orders and Settings in the account menu', () => {
    expect(accountLinks('customer')).toEqual([
      { label: 'Dashboard', href: '/dashboard/customer' },
      { label: 'Profile', href: '/profile/customer' },
      { label: 'Saved', href: '/saved' },
      { label: 'Orders', href: '/orders' },
      { label: 'Settings', href: '/settings' },
    ]);
    expect(labels(accountLinks('designer'))).toEqual([
      'Dashboard',
      'Profile',
      'My Portfolio',
      'My listings',
      'Saved',
      'Orders',
      'Settings',
    ]);
    expect(labels(accountLinks(null))).toEqual(['Settings']);
  });

  it('starts customers on /designers and designers on their dashboard', () => {
    expect(homeForRole('customer')).toBe('/designers');
    expect(homeForRole('designer')).toBe('/dashboard/designer');
  });
});
