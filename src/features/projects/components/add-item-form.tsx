import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError, LabelledField } from '@/components/ui/field';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  addItemInputSchema,
  hardCapRefusal,
  useAddItem,
  type AddItemFormValues,
} from '@/features/projects/api/add-item';
import { hardCapMessage, wouldExceedHardCap } from '@/features/projects/utils/budget';
import { errorProps, firstIssue, type ShownError } from '@/lib/first-error';

const ORDER = ['name', 'description', 'cost'] as const;
type Field = (typeof ORDER)[number];

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

/** Only the first message, in form order; after a failed submit it follows the typing. */
function firstError(values: AddItemFormValues): ShownError<Field> | null {
  const parsed = addItemInputSchema.safeParse(values);
  return parsed.success ? null : firstIssue(ORDER, parsed.error);
}

/**
 * Add an item on an active project (docs/product.md, Projects). The form style of every form (the api's zod
 * schema, the first message only, the Field parts) with its own state instead of react-hook-form: it is on screen
 * with the project page, which keeps the form library out of its first download (ADR 0023).
 */
export function AddItemForm({ projectId, userId, budget, budgetType, spent, disabled }: AddItemFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<ShownError<Field> | null>(null);
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
  const fieldProps = (field: Field) => errorProps(error, field, `${id}-error`);

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
        <LabelledField id={`${id}-name`} label="Item name">
          <Input id={`${id}-name`} name="name" {...fieldProps('name')} />
        </LabelledField>
        <LabelledField id={`${id}-cost`} label="Cost ($)">
          <MoneyInput id={`${id}-cost`} name="cost" {...fieldProps('cost')} />
        </LabelledField>
      </div>
      <LabelledField id={`${id}-description`} label="Description (optional)">
        <Textarea id={`${id}-description`} name="description" rows={2} {...fieldProps('description')} />
      </LabelledField>
      <FieldError id={`${id}-error`}>{error?.message}</FieldError>
      <Button type="submit" className="w-fit" disabled={add.isPending || disabled}>
        {add.isPending ? 'Adding…' : 'Add Item'}
      </Button>
    </form>
  );
}
