import { useId, useState } from 'react';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { alternativeNoteSchema } from '@/features/board/api/ask-board-alternative';
import { declineReasonSchema } from '@/features/board/api/decline-board-item';
import type { ApprovalPreview } from '@/features/board/utils/approval-preview';
import type { BoardProposal } from '@/features/board/utils/board-proposal';
import { formatMoney } from '@/lib/format';

type DialogBase = {
  proposal: BoardProposal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The database's refusal, in its words (a hard cap passed, a proposal withdrawn meanwhile). */
  refusal: string | null;
};

/**
 * Approve, confirmed with what it does to the budget ("Approving this brings you to $2,310 of $2,500"). Past a
 * hard cap the database refuses it with the budget's own sentence, shown here; nothing changes.
 */
export function ApproveDialog({
  proposal,
  open,
  onOpenChange,
  pending,
  refusal,
  preview,
  onConfirm,
}: DialogBase & { preview: ApprovalPreview; onConfirm: () => void }) {
  const id = useId();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Approve ${proposal.title}?`}
      description={`It joins the project’s items at ${formatMoney(proposal.price)}. ${preview.sentence}.`}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      errorId={`${id}-error`}
      error={refusal}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Approve"
      pendingLabel="Approving…"
    />
  );
}

/** A decision that carries the customer's words, checked by `schema` (the database checks them too). */
function WordsDialog({
  open,
  onOpenChange,
  pending,
  refusal,
  onConfirm,
  schema,
  title,
  description,
  label,
  submitLabel,
  pendingLabel,
}: Omit<DialogBase, 'proposal'> & {
  onConfirm: (words: string) => void;
  schema: z.ZodType<string>;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const id = useId();
  const [words, setWords] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const shown = invalid ?? refusal;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = schema.safeParse(words);
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message ?? 'Check what you wrote');
          return;
        }
        setInvalid(null);
        onConfirm(parsed.data);
      }}
      errorId={`${id}-error`}
      error={shown}
      pending={pending}
      closeWhilePending={false}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
    >
      <LabelledField id={`${id}-words`} label={label}>
        <Textarea
          id={`${id}-words`}
          rows={4}
          value={words}
          onChange={(event) => setWords(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </LabelledField>
    </FormDialog>
  );
}

/** Decline, with the reason the designer reads (required, up to 1000 characters). */
export function DeclineDialog({ proposal, ...dialog }: DialogBase & { onConfirm: (reason: string) => void }) {
  return (
    <WordsDialog
      {...dialog}
      schema={declineReasonSchema}
      title={`Decline ${proposal.title}?`}
      description="Say why, so your designer can find something closer to what you want."
      label="Why not?"
      submitLabel="Decline"
      pendingLabel="Declining…"
    />
  );
}

/** Ask for an alternative, with an optional note on what would suit better. */
export function AlternativeDialog({ proposal, ...dialog }: DialogBase & { onConfirm: (note: string) => void }) {
  return (
    <WordsDialog
      {...dialog}
      schema={alternativeNoteSchema}
      title={`Ask for an alternative to ${proposal.title}?`}
      description="Your designer is asked to propose something else instead."
      label="What would suit better? (optional)"
      submitLabel="Ask for an alternative"
      pendingLabel="Asking…"
    />
  );
}

/** The designer takes a proposal back before the customer decides. */
export function WithdrawDialog({
  proposal,
  open,
  onOpenChange,
  pending,
  refusal,
  onConfirm,
}: DialogBase & { onConfirm: () => void }) {
  const id = useId();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Withdraw ${proposal.title}?`}
      description="It stays on the board as withdrawn, and the customer can no longer approve it."
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      errorId={`${id}-error`}
      error={refusal}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Withdraw"
      pendingLabel="Withdrawing…"
    />
  );
}
