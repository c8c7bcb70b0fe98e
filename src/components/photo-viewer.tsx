import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

export type ViewerPhoto = { url: string; alt: string };

type Props = {
  /** What the photos are, the dialog's name ("Photos from Jordan"). */
  title: string;
  photos: readonly ViewerPhoto[];
  /** The photo shown; null: the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
};

/**
 * Photos full size, one at a time, in a dialog: the arrow keys (and Previous, Next) move between them, Escape
 * closes it and focus goes back to the thumbnail that opened it (Radix); "2 of 5" says where one is, aloud too.
 */
export function PhotoViewer({ title, photos, index, onIndexChange }: Props) {
  const content = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const count = photos.length;
  const shown = index === null ? null : photos[Math.min(index, count - 1)];
  const at = index ?? 0;
  const move = (step: number) => onIndexChange((at + step + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  };
  return (
    <Dialog open={shown != null} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      <DialogContent
        ref={content}
        tabIndex={-1}
        className="max-w-3xl gap-3 p-4 sm:p-6"
        onKeyDown={onKeyDown}
        // The dialog itself takes focus (not Previous), so the arrow keys work at once and nothing is pressed by Enter.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          content.current?.focus();
        }}
        // Opened without a Radix trigger: focus goes back to the thumbnail that opened it by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription aria-live="polite">
          {at + 1} of {count}
        </DialogDescription>
        {shown ? (
          <img
            src={shown.url}
            alt={shown.alt}
            className="max-h-[70dvh] w-full rounded-md bg-muted object-contain"
            decoding="async"
          />
        ) : null}
        {count > 1 ? (
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={() => move(-1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button variant="outline" onClick={() => move(1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
