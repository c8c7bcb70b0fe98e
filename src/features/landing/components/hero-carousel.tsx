import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type FocusEvent, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '@/features/landing/hooks/use-prefers-reduced-motion';
import {
  HERO_HEIGHT,
  HERO_INTERVAL_MS,
  HERO_SIZES,
  HERO_WIDTH,
  heroFallbackSrc,
  heroSrcSet,
  type HeroSlide,
} from '@/features/landing/utils/hero-slides';
import { useInBrowser } from '@/hooks/use-in-browser';
import { cn } from '@/lib/utils';

type HeroCarouselProps = {
  slides: HeroSlide[];
  intervalMs?: number;
  /** The hero's text and buttons, drawn over the images. */
  children: ReactNode;
  className?: string;
};

/**
 * The landing hero: a looping background carousel, one slide every 15 s. It follows the WAI-ARIA carousel pattern:
 * it stops while the pointer is over it or focus is inside it, never moves on its own for people who prefer
 * reduced motion, and has previous/next, per-slide and pause controls (WCAG 2.2.2).
 *
 * A plain crossfade rather than embla: no dragging is needed for a background, and it keeps the landing chunk
 * small. Only slides already shown and the next one are displayed, so the lazy images load one step ahead
 * instead of all at once.
 */
export function HeroCarousel({ slides, intervalMs = HERO_INTERVAL_MS, children, className }: HeroCarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // The controls are disabled in the prerendered page until hydrated: a press before then would do nothing.
  const hydrated = useInBrowser();
  // null: the default for this person (off with reduced motion); a click on pause/play decides from then on.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const rotating = playing && !hovered && !focused && count > 1;

  function show(next: number) {
    const target = ((next % count) + count) % count;
    setIndex(target);
    setReached((previous) => (previous.has(target) ? previous : new Set(previous).add(target)));
  }

  // One timeout per shown slide: a manual change (a new index) restarts the full interval.
  const advance = useEffectEvent(() => show(index + 1));
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(advance, intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, intervalMs]);

  const displayed = new Set(reached).add((index + 1) % count);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Rooms furnished with second-hand finds"
      className={cn('relative isolate overflow-hidden bg-foreground', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the person causes them, not every 15 s. */}
      <div className="absolute inset-0 -z-10" aria-live={rotating ? 'off' : 'polite'} aria-atomic="false">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slide.style}`}
            aria-hidden={i !== index}
            hidden={!displayed.has(i)}
            data-active={i === index ? 'true' : undefined}
            className={cn(
              'absolute inset-0 transition-opacity duration-1000 ease-in-out',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          >
            <picture>
              <source type="image/avif" srcSet={heroSrcSet(slide.id, 'avif')} sizes={HERO_SIZES} />
              <source type="image/webp" srcSet={heroSrcSet(slide.id, 'webp')} sizes={HERO_SIZES} />
              <img
                src={heroFallbackSrc(slide.id)}
                alt={slide.alt}
                width={HERO_WIDTH}
                height={HERO_HEIGHT}
                // The first slide is the page's largest paint: fetched at once (and preloaded by index.html).
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
                className="h-full w-full object-cover"
              />
            </picture>
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-black/70 via-black/55 to-black/75"
      />

      {children}

      <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-2 px-4">
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => show(index - 1)}
          aria-label="Previous slide"
          className="rounded-full bg-black/40 p-2 text-white hover:bg-black/60"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <ul className="flex items-center">
          {slides.map((slide, i) => (
            <li key={slide.id}>
              <button
                type="button"
                disabled={!hydrated}
                onClick={() => show(i)}
                aria-label={`Show slide ${i + 1} of ${count}: ${slide.style}`}
                aria-current={i === index ? 'true' : undefined}
                className="group grid size-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'block rounded-full border border-white transition-all',
                    i === index ? 'size-3 bg-white' : 'size-2 bg-white/30 group-hover:bg-white/70',
                  )}
                />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => show(index + 1)}
          aria-label="Next slide"
          className="rounded-full bg-black/40 p-2 text-white hover:bg-black/60"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => setPlayChoice(!playing)}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          className="rounded-full bg-black/40 p-2 text-white hover:bg-black/60"
        >
          {playing ? <Pause aria-hidden="true" className="size-5" /> : <Play aria-hidden="true" className="size-5" />}
        </button>
      </div>
    </section>
  );
}
