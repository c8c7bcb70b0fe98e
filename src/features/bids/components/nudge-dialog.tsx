import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { FieldError, LabelledField } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import type { NudgeableProject } from '@/features/bids/api/get-nudgeable-projects';
import { isDuplicateNudge, sendNudgeInputSchema, useSendNudge } from '@/features/bids/api/send-nudge';
import { errorProps, firstError } from '@/lib/first-error';
import { tooOftenMessage } from '@/lib/too-often';

const nudgeFormSchema = sendNudgeInputSchema.pick({ projectId: true });
type NudgeFormValues = { projectId: string };

type Props = {
  clientId: string;
  designer: { id: string; name: string } | null;
  projects: NudgeableProject[];
  onOpenChange: (open: boolean) => void;
};

/** The Nudge dialog (docs/product.md, Designers and nudges): pick one of your pending projects and nudge. */
export function NudgeDialog({ clientId, designer, projects, onOpenChange }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm<NudgeFormValues>({
    resolver: zodResolver(nudgeFormSchema),
    defaultValues: { projectId: projects.length === 1 ? (projects[0]?.id ?? '') : '' },
  });
  const send = useSendNudge(clientId, {
    onSuccess: () => {
      toast.success('Nudge sent! The designer will be notified.');
      onOpenChange(false);
    },
    onError: (error) =>
      toast.error(
        isDuplicateNudge(error)
          ? 'You already sent a nudge to this designer for this project'
          : (tooOftenMessage(error) ?? 'Failed to send nudge'),
      ),
  });
  const shown = firstError(['projectId'], form.formState.errors);

  return (
    <FormDialog
      open={designer !== null}
      onOpenChange={onOpenChange}
      title={`Nudge ${designer?.name ?? ''}`}
      description="Invite this designer to quote for one of your pending projects."
      onSubmit={form.handleSubmit(({ projectId }) => {
        if (designer) send.mutate({ projectId, designerId: designer.id });
      })}
      pending={send.isPending}
      submitLabel="Send Nudge"
      pendingLabel="Sending…"
    >
      <LabelledField id={`${id}-project`} label="Project">
        <NativeSelect id={`${id}-project`} {...errorProps(shown, 'projectId', errorId)} {...form.register('projectId')}>
          <option value="">Select a project</option>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.title}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={errorId}>{shown?.message}</FieldError>
      </LabelledField>
    </FormDialog>
  );
}
