import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Step } from '@/features/landing/utils/how-it-works-steps';
import { cn } from '@/lib/utils';

type StepDeckProps = { title: string; steps: Step[] };

/**
 * One audience's steps of How It Works: previous/next buttons, dot indicators and click-to-select
 * cards. On a phone only the selected card shows; on wider screens all four, the selected one highlighted.
 */
export function StepDeck({ title, steps }: StepDeckProps) {
  const [active, setActive] = useState(0);
  const headingId = useId();
  const count = steps.length;
  const current = steps[active];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 id={headingId} className="text-2xl font-semibold">
          {title}
        </h3>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => setActive(active - 1)}
            disabled={active === 0}
            aria-label={`Previous step (${title})`}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => setActive(active + 1)}
            disabled={active === count - 1}
            aria-label={`Next step (${title})`}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>

      <ol className="grid gap-4 md:grid-cols-4">
        {steps.map((step, i) => (
          <li key={step.title} className={cn(i !== active && 'hidden md:block')}>
            <button
              type="button"
              onClick={() => setActive(i)}
              aria-current={i === active ? 'step' : undefined}
              className={cn(
                'flex h-full w-full flex-col gap-3 rounded-lg border bg-card p-5 text-left shadow-sm transition-colors hover:border-primary',
                i === active && 'border-primary ring-2 ring-primary',
              )}
            >
              <span
                className={cn(
                  'grid size-9 place-items-center rounded-full text-sm font-bold',
                  i === active ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
                )}
              >
                {i + 1}
              </span>
              <span className="text-lg font-semibold">{step.title}</span>
              <span className="text-sm text-muted-foreground">{step.description}</span>
            </button>
          </li>
        ))}
      </ol>

      <div className="flex items-center justify-center gap-1">
        {steps.map((step, i) => (
          <button
            key={step.title}
            type="button"
            onClick={() => setActive(i)}
            aria-label={`Step ${i + 1} of ${count}: ${step.title}`}
            aria-current={i === active ? 'step' : undefined}
            className="group grid size-6 place-items-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={cn(
                'block rounded-full border border-primary',
                i === active ? 'size-3 bg-primary' : 'size-2 bg-transparent group-hover:bg-primary/40',
              )}
            />
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {current ? `Step ${active + 1} of ${count}: ${current.title}` : null}
      </p>
    </section>
  );
}
