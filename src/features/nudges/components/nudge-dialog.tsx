import { useId, useState, type FormEvent } from 'react';
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
import { NativeSelect } from '@/components/ui/native-select';
import type { NudgeableProject } from '@/features/nudges/api/get-nudgeable-projects';
import { isDuplicateNudge, sendNudgeInputSchema, useSendNudge } from '@/features/nudges/api/send-nudge';

type Props = {
  clientId: string;
  designer: { id: string; name: string } | null;
  projects: NudgeableProject[];
  onOpenChange: (open: boolean) => void;
};

/** SPEC §2 Nudge dialog: pick one of your pending projects and send the designer a nudge. */
export function NudgeDialog({ clientId, designer, projects, onOpenChange }: Props) {
  const selectId = useId();
  const errorId = useId();
  const [projectId, setProjectId] = useState(projects.length === 1 ? (projects[0]?.id ?? '') : '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendNudge(clientId, {
    onSuccess: () => {
      toast.success('Nudge sent! The designer will be notified.');
      onOpenChange(false);
    },
    onError: (error) =>
      toast.error(
        isDuplicateNudge(error) ? 'You already sent a nudge to this designer for this project' : 'Failed to send nudge',
      ),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!designer) return;
    const parsed = sendNudgeInputSchema.safeParse({ projectId, designerId: designer.id });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please select a project');
      return;
    }
    setError(null);
    send.mutate(parsed.data);
  }

  return (
    <Dialog open={designer !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Nudge {designer?.name}</DialogTitle>
            <DialogDescription>Invite this designer to quote for one of your pending projects.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={selectId}>Project</Label>
            <NativeSelect
              id={selectId}
              value={projectId}
              onChange={(event) => {
                setProjectId(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <option value="">Select a project</option>
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.title}
                </option>
              ))}
            </NativeSelect>
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending} aria-busy={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send Nudge'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
