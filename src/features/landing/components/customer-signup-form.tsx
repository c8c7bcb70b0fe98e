import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { LocationField } from '@/components/form-fields/location-field';
import { QueryClientBoundary } from '@/components/query-client-boundary';
import { StyleSelect } from '@/components/form-fields/style-select';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { estimatedSavings } from '@/features/landing/utils/savings';
import { formatMoney } from '@/lib/format';
import {
  customerFieldOrder,
  customerSignupSchema,
  toPendingCustomerProfile,
  type CustomerSignupInput,
} from '@/features/landing/utils/signup-schemas';
import { errorProps, firstError, focusShownError } from '@/lib/first-error';
import type { PendingCustomerProfile } from '@/lib/pending-profile';
import { emptyPlace } from '@/lib/places/place';
import type { z } from 'zod';

type CustomerSignupFormProps = {
  /** Called with the valid form; the page stores it and moves on to sign-up. */
  onSubmit: (profile: PendingCustomerProfile) => void;
};

/** The landing customer form (docs/product.md, Accounts), with the live savings estimate (40% of the budget). */
export function CustomerSignupForm({ onSubmit }: CustomerSignupFormProps) {
  const form = useForm<CustomerSignupInput, unknown, z.output<typeof customerSignupSchema>>({
    resolver: zodResolver(customerSignupSchema),
    shouldFocusError: false,
    defaultValues: { location: emptyPlace, space_size: '', budget_range: '', preferred_style: '' },
  });
  const shown = firstError(customerFieldOrder, form.formState.errors);
  const savings = estimatedSavings(useWatch({ control: form.control, name: 'budget_range' }));

  const fieldProps = (name: Exclude<(typeof customerFieldOrder)[number], 'location'>) => ({
    id: `customer-${name}`,
    ...errorProps(shown, name, `customer-${name}-error`),
    ...form.register(name),
  });
  const error = (name: (typeof customerFieldOrder)[number]) => (
    <FieldError id={`customer-${name}-error`}>{shown?.field === name && shown.message}</FieldError>
  );

  // The landing hydrates without the app's QueryClient; the location field needs one.
  return (
    <QueryClientBoundary>
      <form
        noValidate
        onSubmit={form.handleSubmit(
          (values) => onSubmit(toPendingCustomerProfile(values)),
          focusShownError(customerFieldOrder, form.setFocus),
        )}
        className="flex flex-col gap-5"
        aria-label="Find a designer"
      >
        <Field>
          <LocationField
            control={form.control}
            name="location"
            id="customer-location"
            label="Location"
            placeholder="City or ZIP code, e.g. Portland, OR"
            {...errorProps(shown, 'location', 'customer-location-error')}
          />
          {error('location')}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field>
            <Label htmlFor="customer-space_size">Square feet</Label>
            <Input {...fieldProps('space_size')} type="number" inputMode="numeric" min={1} placeholder="e.g. 450" />
            {error('space_size')}
          </Field>
          <Field>
            <Label htmlFor="customer-budget_range">Budget ($)</Label>
            <Input {...fieldProps('budget_range')} type="number" inputMode="decimal" min={1} placeholder="e.g. 2500" />
            {error('budget_range')}
          </Field>
        </div>
        <Field>
          <Label htmlFor="customer-preferred_style">Design style</Label>
          <StyleSelect valueBy="id" placeholder="Select a style" {...fieldProps('preferred_style')} />
          {error('preferred_style')}
        </Field>
        <div className="rounded-lg bg-secondary p-4 text-secondary-foreground">
          <p className="text-sm font-medium">Estimated savings</p>
          <output htmlFor="customer-budget_range" className="text-3xl font-bold" data-testid="estimated-savings">
            {formatMoney(savings ?? 0)}
          </output>
          <FieldDescription className="text-secondary-foreground">
            40% of your budget, the average saving with thrifted furnishings.
          </FieldDescription>
        </div>
        <Button type="submit" size="lg">
          Find My Designer
        </Button>
      </form>
    </QueryClientBoundary>
  );
}
