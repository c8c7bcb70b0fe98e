import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Called on submit (after the event is kept from the forms around the dialog); pass `form.handleSubmit(…)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields; none for a confirmation. */
  children?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  /** The submission runs: the submit button says `pendingLabel` and is disabled. */
  pending: boolean;
  /** `destructive` for a submit that cannot be undone (deleting the account). */
  submitVariant?: 'default' | 'destructive';
  /** Disabled for another reason too (e.g. a required amount still empty). */
  submitDisabled?: boolean;
  /** The form's one shown error, above the buttons, linked from the failing control by `errorId`. */
  errorId?: string;
  error?: string | null;
  /** The button that closes without submitting; null for none. */
  cancelLabel?: string | null;
  /** False: while pending the dialog stays open and Cancel is disabled (the page waits for the answer). */
  closeWhilePending?: boolean;
  /** An element that opens the dialog (Radix returns focus to it on close). */
  trigger?: ReactNode;
  contentClassName?: string;
  formClassName?: string;
};

/**
 * A dialog around one form (docs/architecture.md, Forms and dialogs): title, description, the fields, the error
 * line, Cancel and the submit button that is disabled while the submission runs. Radix traps focus inside, puts it
 * on the first field when the dialog opens, and gives it back to what opened it on close; Escape and the overlay
 * close. Callers load their dialog lazily where it is not part of a page's first paint (`lazy()`), as before: this
 * shell is only imported by the dialogs themselves.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  children,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
  submitVariant = 'default',
  errorId,
  error,
  cancelLabel = 'Cancel',
  closeWhilePending = true,
  trigger,
  contentClassName,
  formClassName = 'grid gap-4',
}: FormDialogProps) {
  const locked = pending && !closeWhilePending;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!locked) onOpenChange(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={contentClassName}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className={formClassName}
          onSubmit={(event) => {
            // The dialog sits in a portal, but React still bubbles submit to a form around the element that opened it.
            event.stopPropagation();
            onSubmit(event);
          }}
        >
          {children}
          {errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
          <DialogFooter>
            {cancelLabel === null ? null : (
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={locked}>
                {cancelLabel}
              </Button>
            )}
            <Button type="submit" variant={submitVariant} disabled={pending || submitDisabled} aria-busy={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
