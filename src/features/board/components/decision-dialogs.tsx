import { useId, useState } from 'react';
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

/** Decline, with the reason the designer reads (required, up to 1000 characters). */
export function DeclineDialog({
  proposal,
  open,
  onOpenChange,
  pending,
  refusal,
  onConfirm,
}: DialogBase & { onConfirm: (reason: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const shown = invalid ?? refusal;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Decline ${proposal.title}?`}
      description="Say why, so your designer can find something closer to what you want."
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = declineReasonSchema.safeParse(reason);
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message ?? 'Say why you decline it');
          return;
        }
        setInvalid(null);
        onConfirm(parsed.data);
      }}
      errorId={`${id}-error`}
      error={shown}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Decline"
      pendingLabel="Declining…"
    >
      <LabelledField id={`${id}-reason`} label="Why not?">
        <Textarea
          id={`${id}-reason`}
          rows={4}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </LabelledField>
    </FormDialog>
  );
}

/** Ask for an alternative, with an optional note on what would suit better. */
export function AlternativeDialog({
  proposal,
  open,
  onOpenChange,
  pending,
  refusal,
  onConfirm,
}: DialogBase & { onConfirm: (note: string) => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const shown = invalid ?? refusal;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Ask for an alternative to ${proposal.title}?`}
      description="Your designer is asked to propose something else instead."
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = alternativeNoteSchema.safeParse(note);
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message ?? 'The note is too long');
          return;
        }
        setInvalid(null);
        onConfirm(parsed.data);
      }}
      errorId={`${id}-error`}
      error={shown}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Ask for an alternative"
      pendingLabel="Asking…"
    >
      <LabelledField id={`${id}-note`} label="What would suit better? (optional)">
        <Textarea
          id={`${id}-note`}
          rows={4}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </LabelledField>
    </FormDialog>
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
