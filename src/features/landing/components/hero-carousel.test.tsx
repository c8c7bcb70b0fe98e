import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroCarousel } from '@/features/landing/components/hero-carousel';
import { HERO_INTERVAL_MS, heroSlides } from '@/features/landing/utils/hero-slides';

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

function renderCarousel() {
  render(
    <HeroCarousel slides={heroSlides}>
      <a href="#customer-signup">Find a Designer</a>
    </HeroCarousel>,
  );
  return screen.getByRole('region', { name: 'Rooms furnished with second-hand finds' });
}

const activeSlide = () => document.querySelector('[aria-roledescription="slide"][data-active="true"]');
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the first image eagerly with high priority, the other nine lazily, all with dimensions', () => {
    renderCarousel();
    const images = document.querySelectorAll('img');
    expect(images).toHaveLength(10);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const img of [...images].slice(1)) expect(img).toHaveAttribute('loading', 'lazy');
    for (const img of images) {
      expect(img).toHaveAttribute('width', '2400');
      expect(img).toHaveAttribute('height', '1350');
      expect(img.getAttribute('alt')).not.toBe('');
    }
    const avif = document.querySelector('picture source[type="image/avif"]');
    expect(avif).toHaveAttribute('sizes', '100vw');
    expect(avif?.getAttribute('srcset')).toContain('/hero/hero-01-2400.avif 2400w');
  });

  it('advances every 15,000 ms and loops after the tenth slide', () => {
    renderCarousel();
    expect(HERO_INTERVAL_MS).toBe(15_000);
    expect(activeSlide()).toHaveAttribute('aria-label', '1 of 10: Mid-Century Modern');
    advance(14_999);
    expect(activeSlide()).toHaveAttribute('aria-label', '1 of 10: Mid-Century Modern');
    advance(1);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^2 of 10/);
    for (let i = 0; i < 8; i += 1) advance(15_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^10 of 10/);
    advance(15_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^1 of 10/);
  });

  it('only displays slides already shown and the next one, so lazy images load one step ahead', () => {
    renderCarousel();
    const slides = document.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((s) => (s as HTMLElement).hidden)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    advance(15_000);
    expect((slides[2] as HTMLElement).hidden).toBe(false);
    expect((slides[3] as HTMLElement).hidden).toBe(true);
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    const region = renderCarousel();
    fireEvent.mouseEnter(region);
    advance(60_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^1 of 10/);
    fireEvent.mouseLeave(region);
    advance(15_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^2 of 10/);
  });

  it('pauses while focus is inside, e.g. on the hero buttons or the controls', () => {
    renderCarousel();
    const link = screen.getByRole('link', { name: 'Find a Designer' });
    act(() => link.focus());
    advance(60_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^1 of 10/);
    act(() => link.blur());
    advance(15_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^2 of 10/);
  });

  it('does not move on its own for people who prefer reduced motion, but its controls work', () => {
    mockReducedMotion(true);
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
    advance(60_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^1 of 10/);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^2 of 10/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^10 of 10/);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 4 of 10: Art Deco' }));
    expect(activeSlide()).toHaveAttribute('aria-label', '4 of 10: Art Deco');
    expect(screen.getByRole('button', { name: 'Show slide 4 of 10: Art Deco' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('stops and restarts with the pause button', () => {
    renderCarousel();
    const pause = screen.getByRole('button', { name: 'Pause slideshow' });
    fireEvent.click(pause);
    // The button keeps focus after a click; leave it, as a mouse user would.
    act(() => (document.activeElement as HTMLElement).blur());
    advance(60_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^1 of 10/);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(15_000);
    expect(activeSlide()?.getAttribute('aria-label')).toMatch(/^2 of 10/);
  });
});
