import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { acceptNudgeInputSchema } from '@/features/nudges/api/respond-to-nudge';

type Props = {
  open: boolean;
  projectTitle: string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: (quote: { quoteAmount: number; quoteMessage: string | null }) => void;
};

/** SPEC §2/§5 quote dialog: amount > 0 (step 100, min 0), optional message; Accept disabled while empty. */
export function QuoteDialog({ open, projectTitle, pending, onOpenChange, onAccept }: Props) {
  const amountId = useId();
  const messageId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = acceptNudgeInputSchema.safeParse({ quoteAmount: amount, quoteMessage: message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid quote amount');
      return;
    }
    setError(null);
    onAccept(parsed.data);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setAmount('');
          setMessage('');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Accept & Send Quote</DialogTitle>
            <DialogDescription>
              Your quote for “{projectTitle}”. The client sees it with your message.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={amountId}>Quote amount ($)</Label>
            <Input
              id={amountId}
              type="number"
              inputMode="decimal"
              step={100}
              min={0}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={messageId}>Message (optional)</Label>
            <Textarea
              id={messageId}
              value={message}
              maxLength={1000}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="What the quote covers, when you could start…"
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={amount.trim() === '' || pending} aria-busy={pending}>
              {pending ? 'Sending…' : 'Accept & Send Quote'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
