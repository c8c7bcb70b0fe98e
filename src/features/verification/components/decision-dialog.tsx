import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { decisionSchema, useDecideVerification } from '@/features/verification/api/decide-verification';
import { errorSentence } from '@/features/verification/api/error-sentence';

type Props = {
  requestId: string;
  designerName: string;
  /** Which decision the dialog makes; null when closed. */
  approve: boolean | null;
  onClose: () => void;
};

/** Approve or refuse one request, with the reason the audit log and the designer get. */
export function DecisionDialog({ requestId, designerName, approve, onClose }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const decide = useDecideVerification();
  const error = shown ?? (decide.error ? errorSentence(decide.error) : null);

  return (
    <FormDialog
      open={approve !== null}
      onOpenChange={(open) => {
        if (!open) {
          setShown(null);
          decide.reset();
          onClose();
        }
      }}
      title={approve ? `Approve ${designerName}'s request?` : `Refuse ${designerName}'s request?`}
      description={
        approve
          ? 'The badge shows at once. The reason goes to the audit log and to the designer.'
          : 'The designer reads the reason and may ask again. It also goes to the audit log.'
      }
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = decisionSchema.safeParse({ reason });
        if (!parsed.success) {
          setShown(parsed.error.issues[0]?.message ?? 'Give a reason for this decision.');
          return;
        }
        setShown(null);
        decide.mutate(
          { requestId, approve: approve === true, reason: parsed.data.reason },
          {
            onSuccess: () => {
              toast.success(approve ? 'Approved' : 'Refused');
              setReason('');
              onClose();
            },
          },
        );
      }}
      pending={decide.isPending}
      submitLabel={approve ? 'Approve' : 'Refuse'}
      pendingLabel={approve ? 'Approving…' : 'Refusing…'}
      submitVariant={approve ? 'default' : 'destructive'}
      errorId={errorId}
      error={error}
    >
      <LabelledField id={`${id}-reason`} label="Reason">
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
        />
      </LabelledField>
    </FormDialog>
  );
}
