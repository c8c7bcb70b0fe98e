import { Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { designStyles } from '@/config/design-styles';
import {
  movingProjectInputSchema,
  useCreateMovingProject,
  type MovingProjectInput,
} from '@/features/profiles/api/create-moving-project';
import { Field, FormError } from '@/features/profiles/components/field';

type Props = {
  customerId: string;
  /** Called instead of opening the form when the customer has no client membership (the database refuses then). */
  subscribed: boolean;
  onSubscriptionRequired: () => void;
};

const empty: MovingProjectInput = {
  location: '',
  space_size: '',
  budget: '',
  budget_type: 'soft',
  items: '',
  preferred_style: '',
};

/** SPEC §2/§5 'Moving soon?': creates the project 'Moving to {location}'. */
export function MovingDialog({ customerId, subscribed, onSubscriptionRequired }: Props) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<MovingProjectInput>(empty);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateMovingProject(customerId, {
    onSuccess: () => {
      setOpen(false);
      setValues(empty);
    },
  });
  const set = (key: keyof MovingProjectInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = movingProjectInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to create project');
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Moving soon?</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-muted-foreground">
          Tell us about your new place and designers can start planning before the boxes arrive.
        </p>
        <Button onClick={() => (subscribed ? setOpen(true) : onSubscriptionRequired())}>
          <Truck aria-hidden="true" className="size-4" />
          Plan my move
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Moving soon?</DialogTitle>
              <DialogDescription>We create a project “Moving to …” that designers can bid on.</DialogDescription>
            </DialogHeader>
            <Field id="mv-location" label="New location">
              <Input id="mv-location" value={values.location} onChange={set('location')} maxLength={100} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="mv-space" label="Space size (sq ft)">
                <Input id="mv-space" inputMode="numeric" value={values.space_size} onChange={set('space_size')} />
              </Field>
              <Field id="mv-budget" label="Budget ($)">
                <Input id="mv-budget" inputMode="numeric" value={values.budget} onChange={set('budget')} />
              </Field>
            </div>
            <Field id="mv-budget-type" label="Budget type">
              <NativeSelect id="mv-budget-type" value={values.budget_type} onChange={set('budget_type')}>
                <option value="soft">Flexible</option>
                <option value="hard">Hard Cap</option>
              </NativeSelect>
            </Field>
            <Field id="mv-style" label="Style">
              <NativeSelect id="mv-style" value={values.preferred_style} onChange={set('preferred_style')}>
                <option value="">Select a style</option>
                {designStyles.map((style) => (
                  <option key={style.id} value={style.name}>
                    {style.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="mv-items" label="Items you need (optional)">
              <Textarea id="mv-items" value={values.items} onChange={set('items')} maxLength={900} rows={3} />
            </Field>
            <FormError message={error} />
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create Moving Project'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
