import useEmblaCarousel from 'embla-carousel-react';
import { Armchair, ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type PhotoCarouselProps = { title: string; photos: readonly string[] };

/**
 * A piece's photos (embla): one at a time, swiped or stepped with Previous/Next or the arrow keys while focus is in
 * the carousel, with a row of thumbnail buttons that show their photo (the WAI-ARIA carousel pattern). The first
 * photo loads at once; the others when they come near.
 */
export function PhotoCarousel({ title, photos }: PhotoCarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false });
  const [selected, setSelected] = useState(0);
  const count = photos.length;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // Embla scrolls when it runs; the selection is also kept here, so the controls answer even before it has measured.
  const show = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(count - 1, index));
      setSelected(target);
      embla?.scrollTo(target);
    },
    [embla, count],
  );

  if (count === 0) {
    return (
      <div
        className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-muted"
        role="img"
        aria-label="No photo"
      >
        <Armchair aria-hidden="true" className="size-12 text-muted-foreground" />
      </div>
    );
  }

  // The arrow keys step through the photos from any of the carousel's buttons.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(selected - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(selected + 1);
    }
  };

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="space-y-3">
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden rounded-lg" aria-live="polite">
          <div className="flex">
            {photos.map((url, i) => (
              <div
                key={url}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i !== selected}
                className="min-w-0 shrink-0 grow-0 basis-full"
              >
                <img
                  src={url}
                  alt={`${title} (${i + 1} of ${count})`}
                  width={1200}
                  height={900}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                  className="aspect-[4/3] w-full bg-muted object-cover"
                />
              </div>
            ))}
          </div>
        </div>
        {count > 1 ? (
          <>
            <Button
              type="button"
              size="icon"
              variant="secondary"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full"
              aria-label="Previous photo"
              disabled={selected === 0}
              onClick={() => show(selected - 1)}
              onKeyDown={onKeyDown}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="secondary"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full"
              aria-label="Next photo"
              disabled={selected === count - 1}
              onClick={() => show(selected + 1)}
              onKeyDown={onKeyDown}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Thumbnails">
          {photos.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => show(i)}
                onKeyDown={onKeyDown}
                className={cn(
                  'block overflow-hidden rounded-md border-2 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  i === selected ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <img
                  src={url}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className="h-[72px] w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
