import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { controlledBy } from '@/components/place-field/controlled-by';
import { PlaceField } from '@/components/place-field/place-field';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormSubmitRow, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { designStyles } from '@/config/design-styles';
import {
  customerProfileInputSchema,
  useUpdateCustomerProfile,
  type CustomerProfileInput,
  type CustomerProfileValues,
} from '@/features/account/api/customer-profile';
import { errorProps, firstError } from '@/lib/first-error';
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
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
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
          <Controller
            control={form.control}
            name="location"
            render={({ field }) => (
              <PlaceField
                id="cp-location"
                label="Location"
                hint="A city or US ZIP code, picked from the suggestions."
                {...controlledBy(field)}
                {...a11y('location')}
              />
            )}
          />
          <LabelledField id="cp-space" label="Space size (sq ft)">
            <Input id="cp-space" inputMode="numeric" {...a11y('space_size')} {...form.register('space_size')} />
          </LabelledField>
          <LabelledField id="cp-budget" label="Budget ($)">
            <Input id="cp-budget" inputMode="numeric" {...a11y('budget_range')} {...form.register('budget_range')} />
          </LabelledField>
          <LabelledField id="cp-style" label="Preferred style">
            <NativeSelect id="cp-style" {...a11y('preferred_style')} {...form.register('preferred_style')}>
              <option value="">No preference</option>
              {designStyles.map((style) => (
                <option key={style.id} value={style.name}>
                  {style.name}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          <FormSubmitRow
            className="sm:col-span-2"
            errorId={errorId}
            error={shown?.message}
            pending={save.isPending}
            label="Save Profile"
            pendingLabel="Saving…"
          />
        </form>
      </CardContent>
    </Card>
  );
}
