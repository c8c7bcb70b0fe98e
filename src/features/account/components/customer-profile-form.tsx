import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CardForm } from '@/components/card-form';
import { LocationField } from '@/components/form-fields/location-field';
import { StyleSelect } from '@/components/form-fields/style-select';
import { LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  customerProfileInputSchema,
  useUpdateCustomerProfile,
  type CustomerProfileInput,
  type CustomerProfileValues,
} from '@/features/account/api/customer-profile';
import { errorProps, firstError, focusShownError } from '@/lib/first-error';
import { placeValueOf } from '@/lib/places/place';

const order = ['username', 'location', 'space_size', 'budget_range', 'preferred_style'] as const;

type Props = {
  userId: string;
  initial: {
    username: string | null;
    location: string | null;
    place_id: string | null;
    space_size: number | null;
    budget_range: number | null;
    preferred_style: string | null;
  } | null;
};

/** The customer's own profile: username, location (a place, typed text or the device's position), space, budget, style. */
export function CustomerProfileForm({ userId, initial }: Props) {
  const errorId = `${useId()}-error`;
  const form = useForm<CustomerProfileInput, unknown, CustomerProfileValues>({
    resolver: zodResolver(customerProfileInputSchema),
    shouldFocusError: false,
    defaultValues: {
      username: initial?.username ?? '',
      location: placeValueOf(initial),
      space_size: initial?.space_size?.toString() ?? '',
      budget_range: initial?.budget_range?.toString() ?? '',
      preferred_style: initial?.preferred_style ?? '',
    },
  });
  const save = useUpdateCustomerProfile(userId, {
    onSuccess: () => toast.success('Profile updated successfully'),
    onError: () => toast.error('Failed to save profile'),
  });
  const shown = firstError(order, form.formState.errors);
  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, errorId);

  return (
    <CardForm
      title="Your details"
      onSubmit={form.handleSubmit((values) => save.mutate(values), focusShownError(order, form.setFocus))}
      errorId={errorId}
      error={shown?.message}
      pending={save.isPending}
      submitLabel="Save Profile"
      pendingLabel="Saving…"
    >
      <LabelledField id="cp-username" label="Username">
        <Input
          id="cp-username"
          maxLength={50}
          autoComplete="username"
          {...a11y('username')}
          {...form.register('username')}
        />
      </LabelledField>
      <LocationField
        control={form.control}
        name="location"
        id="cp-location"
        label="Location"
        hint="A city or US ZIP code, picked from the suggestions."
        {...a11y('location')}
      />
      <LabelledField id="cp-space" label="Space size (sq ft)">
        <Input id="cp-space" inputMode="numeric" {...a11y('space_size')} {...form.register('space_size')} />
      </LabelledField>
      <LabelledField id="cp-budget" label="Budget ($)">
        <Input id="cp-budget" inputMode="numeric" {...a11y('budget_range')} {...form.register('budget_range')} />
      </LabelledField>
      <LabelledField id="cp-style" label="Preferred style">
        <StyleSelect
          id="cp-style"
          valueBy="name"
          placeholder="No preference"
          {...a11y('preferred_style')}
          {...form.register('preferred_style')}
        />
      </LabelledField>
    </CardForm>
  );
}
