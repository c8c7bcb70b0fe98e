import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RouterNavigation } from '@/components/navigation/router-navigation';
import { describe, expect, it } from 'vitest';
import { LandingFooter } from '@/features/landing/components/landing-footer';

describe('Landing footer', () => {
  it('credits GeoNames for the place names, under its licence (docs/decisions/0024-places.md)', () => {
    render(
      <MemoryRouter>
        <RouterNavigation>
          <LandingFooter pricingHref="/pricing" />
        </RouterNavigation>
      </MemoryRouter>,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Place names: GeoNames (CC BY 4.0)');
    expect(screen.getByRole('link', { name: 'GeoNames' })).toHaveAttribute('href', 'https://www.geonames.org/');
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });
});
