import { zodResolver } from '@hookform/resolvers/zod';
import { BellPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FieldError, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveSearch } from '@/features/saved-searches/api/save-search';
import {
  saveSearchFormSchema,
  type SaveSearchFormInput,
  type SaveSearchFormValues,
  type SearchCriteria,
} from '@/features/saved-searches/api/saved-search-fields';
import { SearchEmailChoice } from '@/features/saved-searches/components/search-email-choice';
import { errorProps, firstError } from '@/lib/first-error';
import { refusalMessage } from '@/lib/refusal-message';

type SaveSearchButtonProps = {
  userId: string;
  /** What the market shows now: the search to keep. */
  criteria: SearchCriteria;
  /** The name offered (from the words and category); the user may change it. */
  suggestedName: string;
  /** The project the market is finding pieces for: the saved search is tied to it. */
  project: { id: string; title: string } | null;
  /** Where the summary of what is kept is said, e.g. '“lamp” · Lighting · up to $100'. */
  summary: string;
};

const ORDER = ['name', 'email'] as const;

/**
 * Save this search (docs/find-it-first.md): the market's words and filters, a name and how to be mailed, kept
 * through save_search; a new piece that matches then rings the bell. Tied to a project, its highest price follows
 * the project's remaining budget (the database keeps it so), and the dialog says so.
 */
export function SaveSearchButton({ userId, criteria, suggestedName, project, summary }: SaveSearchButtonProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const defaults: SaveSearchFormValues = { name: suggestedName.slice(0, 80), email: 'instant' };
  const form = useForm<SaveSearchFormValues, unknown, SaveSearchFormInput>({
    resolver: zodResolver(saveSearchFormSchema),
    defaultValues: defaults,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveSearch({
    onSuccess: (saved) => {
      toast.success(`Saved “${saved.name}”. We’ll tell you when a new piece matches.`);
      setOpen(false);
    },
    onError: (error) => setRefusal(refusalMessage(error, 'Could not save this search. Please try again.')),
  });
  const shown = firstError(ORDER, form.formState.errors);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(defaults);
          setRefusal(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button type="button" variant="outline" size="sm">
          <BellPlus aria-hidden="true" />
          Save this search
        </Button>
      }
      title="Save this search"
      description={
        <>
          We’ll tell you when a new piece matches: {summary}.
          {project ? (
            <span className="mt-2 block">
              For {project.title}: the highest price follows the project’s remaining budget.
            </span>
          ) : null}
        </>
      }
      onSubmit={form.handleSubmit((values) => {
        setRefusal(null);
        save.mutate({ userId, ...criteria, ...values, projectId: project?.id ?? null });
      })}
      pending={save.isPending}
      submitLabel="Save search"
      pendingLabel="Saving…"
      errorId={shown ? undefined : errorId}
      error={refusal}
    >
      <LabelledField id={`${id}-name`} label="Name">
        <Input id={`${id}-name`} maxLength={80} {...errorProps(shown, 'name', errorId)} {...form.register('name')} />
        {shown?.field === 'name' ? <FieldError id={errorId}>{shown.message}</FieldError> : null}
      </LabelledField>
      <Controller
        control={form.control}
        name="email"
        render={({ field }) => <SearchEmailChoice name={`${id}-email`} value={field.value} onChange={field.onChange} />}
      />
    </FormDialog>
  );
}
