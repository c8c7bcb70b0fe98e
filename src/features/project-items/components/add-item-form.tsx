import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  addItemInputSchema,
  hardCapRefusal,
  useAddItem,
  type AddItemFormValues,
} from '@/features/project-items/api/add-item';
import { hardCapMessage, wouldExceedHardCap } from '@/features/project-items/utils/budget';

const ORDER = ['name', 'description', 'cost'] as const;
type Field = (typeof ORDER)[number];
type FirstError = { field: Field; message: string } | null;

type AddItemFormProps = {
  projectId: string;
  userId: string;
  budget: number;
  budgetType: 'soft' | 'hard';
  /** The items total so far, for the hard-cap check before sending. */
  spent: number;
  disabled: boolean;
};

function read(form: HTMLFormElement): AddItemFormValues {
  const data = new FormData(form);
  const text = (key: Field) => String(data.get(key) ?? '');
  return { name: text('name'), description: text('description'), cost: text('cost') };
}

/** SPEC §5 "Item": only the first message, in form order; after a failed submit it follows the typing. */
function firstError(values: AddItemFormValues): FirstError {
  const parsed = addItemInputSchema.safeParse(values);
  if (parsed.success) return null;
  for (const field of ORDER) {
    const issue = parsed.error.issues.find((i) => i.path[0] === field);
    if (issue) return { field, message: issue.message };
  }
  return null;
}

/**
 * Add an item (SPEC §2 active project). A plain form with the api's zod schema: it is on screen with the page,
 * so it stays light (no form library in the page's first download).
 */
export function AddItemForm({ projectId, userId, budget, budgetType, spent, disabled }: AddItemFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<FirstError>(null);
  const [submitted, setSubmitted] = useState(false);
  const add = useAddItem(projectId, userId, {
    onSuccess: () => {
      toast.success('Item added');
      formRef.current?.reset();
      setSubmitted(false);
      setError(null);
    },
    onError: (error) => toast.error(hardCapRefusal(error) ?? 'Failed to add item'),
  });
  const fieldProps = (field: Field) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const values = read(event.currentTarget);
    const parsed = addItemInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(firstError(values));
      return;
    }
    setError(null);
    if (wouldExceedHardCap(budget, budgetType, spent, parsed.data.cost)) {
      toast.error(hardCapMessage(budget));
      return;
    }
    add.mutate(parsed.data);
  }

  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-3 border-t pt-4"
      onSubmit={submit}
      onChange={(event) => {
        if (submitted) setError(firstError(read(event.currentTarget)));
      }}
    >
      <h3 className="font-semibold">Add an item</h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Item name</Label>
          <Input id={`${id}-name`} name="name" {...fieldProps('name')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-cost`}>Cost ($)</Label>
          <Input
            id={`${id}-cost`}
            name="cost"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            {...fieldProps('cost')}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description (optional)</Label>
        <Textarea id={`${id}-description`} name="description" rows={2} {...fieldProps('description')} />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" className="w-fit" disabled={add.isPending || disabled}>
        {add.isPending ? 'Adding…' : 'Add Item'}
      </Button>
    </form>
  );
}
