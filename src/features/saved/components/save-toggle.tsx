import { Heart } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useSavedState } from '@/features/saved/api/get-saved-state';
import { useToggleSaved } from '@/features/saved/api/toggle-saved';
import { cn } from '@/lib/utils';

type Props = {
  kind: 'item' | 'designer';
  userId: string;
  /** The piece's or designer's id. */
  id: string;
  /** The piece's title or the designer's name, for the button's name ('Save Opaline lamp'). */
  title: string;
  className?: string;
};

/**
 * The heart on a piece or a designer (docs/product.md, Saved). A toggle button: its name stays 'Save <title>' and
 * aria-pressed says whether it is saved (the WAI-ARIA toggle pattern: a name that changed with the state would
 * read as a different control); the tooltip says 'Saved'. It changes at once and goes back, with a toast, when
 * the server refuses.
 */
export function SaveToggle({ kind, userId, id, title, className }: Props) {
  const state = useSavedState(kind, userId, id);
  const toggle = useToggleSaved(kind, userId, id, {
    onError: (_error, save) => toast.error(save ? `Could not save ${title}` : `Could not remove ${title}`),
  });
  const saved = state.data === true;
  return (
    <Button
      variant="outline"
      size="icon"
      className={cn('rounded-full', className)}
      aria-pressed={state.isPending ? undefined : saved}
      aria-label={`Save ${title}`}
      title={saved ? 'Saved' : 'Save'}
      disabled={state.isPending || state.isError}
      onClick={() => toggle.mutate(!saved)}
      data-saved={saved}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved && 'fill-red-600 text-red-600')} />
    </Button>
  );
}
