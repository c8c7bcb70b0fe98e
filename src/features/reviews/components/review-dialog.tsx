import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { createReviewInputSchema, useCreateReview, type ReviewTarget } from '@/features/reviews/api/create-review';
import { cn } from '@/lib/utils';

type ReviewDialogProps = ReviewTarget & { open: boolean; onOpenChange: (open: boolean) => void };

/** SPEC §2 "Rate Your Designer": 5 stars (default 5) as a radio group, optional comment, Submit Review / Skip. */
export function ReviewDialog({ open, onOpenChange, ...target }: ReviewDialogProps) {
  const id = useId();
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReview(target, {
    onSuccess: () => {
      toast.success('Thank you for your review!');
      onOpenChange(false);
    },
    onError: () => toast.error('Failed to submit review'),
  });

  function submit() {
    const parsed = createReviewInputSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid review');
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rate Your Designer</DialogTitle>
          <DialogDescription>How did the project go? Your review helps other clients.</DialogDescription>
        </DialogHeader>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Rating</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="sr-only"
                />
                <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
                <Star
                  aria-hidden="true"
                  className={cn(
                    'size-8',
                    value <= rating ? 'fill-yellow-400 text-yellow-600' : 'text-muted-foreground',
                  )}
                />
              </label>
            ))}
          </div>
          <p className="text-sm text-muted-foreground">{rating} of 5 stars</p>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
          <Textarea
            id={`${id}-comment`}
            rows={4}
            value={comment}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Skip
          </Button>
          <Button onClick={submit} disabled={create.isPending}>
            {create.isPending ? 'Submitting…' : 'Submit Review'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
