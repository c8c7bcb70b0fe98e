import { FolderPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FieldError, LabelledField } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useAddPieceToProject } from '@/features/projects/api/add-piece-to-project';
import { useAddableProjects, type AddableProject } from '@/features/projects/api/get-addable-projects';
import { formatMoney } from '@/lib/format';

type Props = {
  itemId: string;
  title: string;
  price: number;
  userId: string;
};

function optionLabel(p: AddableProject): string {
  const spent = `${formatMoney(p.items_total)} of ${formatMoney(p.budget)} spent`;
  return `${p.title} (${spent}${p.budget_type === 'hard' ? ', Hard Cap' : ''})`;
}

/**
 * 'Add to project' on a piece's page (docs/product.md, Good Stuff): for a customer or designer with active
 * projects, pick one and confirm; the piece joins its Items & Budget and is held for it for 7 days. Nothing shows
 * for someone without an active project.
 */
export function AddToProject({ itemId, title, price, userId }: Props) {
  const id = useId();
  const projects = useAddableProjects(userId);
  const [open, setOpen] = useState(false);
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddPieceToProject(itemId, {
    onSuccess: (_item, chosen) => {
      const project = projects.data?.find((p) => p.id === chosen);
      toast.success(`Added ${title} to “${project?.title ?? 'your project'}”`);
      setOpen(false);
    },
    // The database's own words: the hard cap's 'Cannot add item: Would exceed hard budget cap of $X', a piece
    // reserved or held for another project, a project no longer active.
    onError: (refusal) => toast.error(refusal.message || 'Failed to add item'),
  });

  const list = projects.data ?? [];
  if (list.length === 0) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!projectId) {
      setError('Choose a project');
      return;
    }
    setError(null);
    add.mutate(projectId);
  }

  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setProjectId(list.length === 1 ? (list[0]?.id ?? '') : '');
          setError(null);
          setOpen(true);
        }}
      >
        <FolderPlus aria-hidden="true" />
        Add to project
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Add to project"
        description={
          <>
            “{title}” joins the project’s Items & Budget at {formatMoney(price)}, or at the price of an offer of yours
            the seller accepted, and is held for the project for 7 days.
          </>
        }
        onSubmit={submit}
        pending={add.isPending}
        submitLabel="Add to project"
        pendingLabel="Adding…"
      >
        <LabelledField id={`${id}-project`} label="Project">
          <NativeSelect
            id={`${id}-project`}
            value={projectId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setProjectId(event.target.value);
              setError(null);
            }}
          >
            <option value="">Choose a project…</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {optionLabel(p)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </LabelledField>
      </FormDialog>
    </>
  );
}
