import { Ban } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useBlockPerson } from '@/features/safety/api/block-person';
import { useBlockState } from '@/features/safety/api/get-block-state';
import { useUnblockPerson } from '@/features/safety/api/unblock-person';

// Not part of any page's first paint: loaded when someone presses Block.
const BlockConfirmDialog = lazy(() =>
  import('@/features/safety/components/block-confirm-dialog').then((m) => ({ default: m.BlockConfirmDialog })),
);

type BlockButtonProps = {
  /** The viewer. */
  userId: string;
  /** The person who would be blocked, and their name. */
  otherId: string;
  name: string;
  className?: string;
};

/**
 * Block or Unblock a person (docs/trust-and-safety.md). Blocking asks first; unblocking does not (it only gives
 * back what the viewer took away). When the other one blocked the viewer ('closed') this still offers Block:
 * nothing here may tell them they were blocked.
 */
export function BlockButton({ userId, otherId, name, className }: BlockButtonProps) {
  const state = useBlockState(userId, otherId);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const block = useBlockPerson(userId, {
    onSuccess: () => {
      setOpen(false);
      toast.success(`You blocked ${name}.`);
    },
    onError: (failure) => setError(failure.message || `Could not block ${name}`),
  });
  const unblock = useUnblockPerson(userId, {
    onSuccess: () => toast.success(`You unblocked ${name}.`),
    onError: () => toast.error(`Could not unblock ${name}`),
  });
  if (userId === otherId || state.isPending || state.isError) return null;
  if (state.data === 'blocked')
    return (
      <Button
        variant="outline"
        className={className}
        disabled={unblock.isPending}
        aria-busy={unblock.isPending}
        onClick={() => unblock.mutate(otherId)}
      >
        {unblock.isPending ? 'Unblocking…' : `Unblock ${name}`}
      </Button>
    );
  return (
    <>
      <Button
        variant="ghost"
        className={className}
        onClick={() => {
          setError(null);
          setOpened(true);
          setOpen(true);
        }}
      >
        <Ban aria-hidden="true" />
        Block {name}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <BlockConfirmDialog
            name={name}
            open={open}
            onOpenChange={setOpen}
            onConfirm={() => block.mutate(otherId)}
            pending={block.isPending}
            error={error}
          />
        </Suspense>
      ) : null}
    </>
  );
}
