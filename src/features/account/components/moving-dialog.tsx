import { zodResolver } from '@hookform/resolvers/zod';
import { Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { GatedButton, type GatedAction } from '@/components/gated-button';
import { FormDialog } from '@/components/form-dialog';
import { BudgetTypeSelect } from '@/components/form-fields/budget-type-select';
import { LocationField } from '@/components/form-fields/location-field';
import { StyleSelect } from '@/components/form-fields/style-select';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  movingProjectInputSchema,
  useCreateMovingProject,
  type MovingProjectInput,
  type MovingProjectValues,
} from '@/features/account/api/create-moving-project';
import { errorProps, firstError, focusShownError } from '@/lib/first-error';
import { emptyPlace } from '@/lib/places/place';

const order = ['location', 'space_size', 'budget', 'budget_type', 'preferred_style', 'items'] as const;

type Props = {
  customerId: string;
  /** The project needs the client membership (the database refuses it otherwise): the form opens once confirmed. */
  membership: GatedAction;
};

const empty: MovingProjectInput = {
  location: emptyPlace,
  space_size: '',
  budget: '',
  budget_type: 'soft',
  items: '',
  preferred_style: '',
};

/** 'Moving soon?' (docs/product.md, Projects): creates the project 'Moving to {location}'. */
export function MovingDialog({ customerId, membership }: Props) {
  const [open, setOpen] = useState(false);
  const errorId = `${useId()}-error`;
  const form = useForm<MovingProjectInput, unknown, MovingProjectValues>({
    resolver: zodResolver(movingProjectInputSchema),
    shouldFocusError: false,
    defaultValues: empty,
  });
  const create = useCreateMovingProject(customerId, {
    onSuccess: () => {
      toast.success('Moving project created!');
      setOpen(false);
      form.reset(empty);
    },
    onError: () => toast.error('Failed to create project'),
  });
  const shown = firstError(order, form.formState.errors);
  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, errorId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Moving soon?</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-muted-foreground">
          Tell us about your new place and designers can start planning before the boxes arrive.
        </p>
        <GatedButton gate={membership} gateKey="plan-move" onAllowed={() => setOpen(true)}>
          {membership.waitingFor === 'plan-move' ? null : <Truck aria-hidden="true" className="size-4" />}
          Plan my move
        </GatedButton>
      </CardContent>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Moving soon?"
        description="We create a project “Moving to …” that designers can bid on."
        onSubmit={form.handleSubmit((values) => create.mutate(values), focusShownError(order, form.setFocus))}
        errorId={errorId}
        error={shown?.message}
        pending={create.isPending}
        submitLabel="Create Moving Project"
        pendingLabel="Creating…"
      >
        <LocationField
          control={form.control}
          name="location"
          id="mv-location"
          label="New location"
          {...a11y('location')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <LabelledField id="mv-space" label="Space size (sq ft)">
            <Input id="mv-space" inputMode="numeric" {...a11y('space_size')} {...form.register('space_size')} />
          </LabelledField>
          <LabelledField id="mv-budget" label="Budget ($)">
            <Input id="mv-budget" inputMode="numeric" {...a11y('budget')} {...form.register('budget')} />
          </LabelledField>
        </div>
        <LabelledField id="mv-budget-type" label="Budget type">
          <BudgetTypeSelect id="mv-budget-type" {...a11y('budget_type')} {...form.register('budget_type')} />
        </LabelledField>
        <LabelledField id="mv-style" label="Style">
          <StyleSelect
            id="mv-style"
            valueBy="name"
            placeholder="Select a style"
            {...a11y('preferred_style')}
            {...form.register('preferred_style')}
          />
        </LabelledField>
        <LabelledField id="mv-items" label="Items you need (optional)">
          <Textarea id="mv-items" maxLength={900} rows={3} {...a11y('items')} {...form.register('items')} />
        </LabelledField>
      </FormDialog>
    </Card>
  );
}
