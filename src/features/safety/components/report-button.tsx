import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ReportSubject } from '@/features/safety/api/create-report';
import { cn } from '@/lib/utils';

// Not part of any page's first paint: loaded when someone opens it.
const ReportDialog = lazy(() =>
  import('@/features/safety/components/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

type ReportButtonProps = {
  subject: ReportSubject;
  /** What is reported, in the dialog's title and the button's name: 'this piece', 'Jordan Rivera'. */
  what: string;
  /**
   * 'button': a Report button among a page's actions; 'icon': a small flag beside a message or a review, named
   * 'Report <what>' for screen readers.
   */
  look?: 'button' | 'icon';
  className?: string;
};

/** Report something or someone to Good Space (docs/trust-and-safety.md): opens the Report dialog. */
export function ReportButton({ subject, what, look = 'button', className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it animates and gives focus back to this button.
  const [opened, setOpened] = useState(false);
  return (
    <>
      {look === 'icon' ? (
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-7 text-muted-foreground', className)}
          aria-label={`Report ${what}`}
          title="Report"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Flag aria-hidden="true" className="size-3.5" />
        </Button>
      ) : (
        <Button
          variant="ghost"
          className={className}
          aria-label={`Report ${what}`}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <Flag aria-hidden="true" />
          Report
        </Button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <ReportDialog subject={subject} what={what} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
