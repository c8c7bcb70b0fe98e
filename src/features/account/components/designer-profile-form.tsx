import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CardForm } from '@/components/card-form';
import { LocationField } from '@/components/form-fields/location-field';
import { LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import {
  designerProfileInputSchema,
  type getOwnDesignerProfile,
  useSaveDesignerProfile,
  type DesignerProfileInput,
  type DesignerProfileValues,
} from '@/features/account/api/designer-profile';
import { errorProps, firstError, focusShownError } from '@/lib/first-error';
import { placeValueOf } from '@/lib/places/place';

const order = [
  'username',
  'location',
  'bio',
  'base_rate',
  'rate_per_item',
  'rate_per_sqft',
  'experience_years',
  'specialties',
  'availability_status',
] as const;
type Name = (typeof order)[number];

/** The three money inputs share one shape: cents at most, never negative. */
const rates: { name: Name; id: string; label: string }[] = [
  { name: 'base_rate', id: 'dp-base-rate', label: 'Base project rate ($)' },
  { name: 'rate_per_item', id: 'dp-rate-item', label: 'Rate per item ($)' },
  { name: 'rate_per_sqft', id: 'dp-rate-sqft', label: 'Rate per sq ft ($)' },
];

/** The saved profile as the designer's own profile query reads it (null before the first save). */
type Initial = Awaited<ReturnType<typeof getOwnDesignerProfile>>;

/** The designer's own profile: username, bio, base rate, and the other fields the designer cards show. */
export function DesignerProfileForm({ userId, initial }: { userId: string; initial: Initial }) {
  const errorId = `${useId()}-error`;
  const form = useForm<DesignerProfileInput, unknown, DesignerProfileValues>({
    resolver: zodResolver(designerProfileInputSchema),
    shouldFocusError: false,
    defaultValues: {
      username: initial?.username ?? '',
      bio: initial?.bio ?? '',
      base_rate: String(initial?.base_rate ?? 0),
      rate_per_item: String(initial?.rate_per_item ?? 0),
      rate_per_sqft: String(initial?.rate_per_sqft ?? 0),
      specialties: (initial?.specialties ?? []).join(', '),
      experience_years: String(initial?.experience_years ?? 0),
      location: placeValueOf(initial),
      availability_status: initial?.availability_status === 'unavailable' ? 'unavailable' : 'available',
    },
  });
  const save = useSaveDesignerProfile(userId, {
    onSuccess: () => toast.success('Profile updated successfully'),
    onError: () => toast.error('Failed to save profile'),
  });
  const shown = firstError(order, form.formState.errors);
  const a11y = (field: Name) => errorProps(shown, field, errorId);

  return (
    <CardForm
      title="Your designer profile"
      onSubmit={form.handleSubmit((values) => save.mutate(values), focusShownError(order, form.setFocus))}
      errorId={errorId}
      error={shown?.message}
      pending={save.isPending}
      submitLabel="Save Profile"
      pendingLabel="Saving…"
    >
      <LabelledField id="dp-username" label="Username">
        <Input id="dp-username" maxLength={50} {...a11y('username')} {...form.register('username')} />
      </LabelledField>
      <LocationField
        control={form.control}
        name="location"
        id="dp-location"
        label="Location"
        hint="A city or US ZIP code, picked from the suggestions: clients near it find you first."
        {...a11y('location')}
      />
      <LabelledField id="dp-bio" label="Bio" className="sm:col-span-2">
        <Textarea id="dp-bio" maxLength={1000} rows={4} {...a11y('bio')} {...form.register('bio')} />
      </LabelledField>
      {rates.map((rate) => (
        <LabelledField key={rate.name} id={rate.id} label={rate.label}>
          <Input id={rate.id} type="number" min={0} step={0.01} {...a11y(rate.name)} {...form.register(rate.name)} />
        </LabelledField>
      ))}
      <LabelledField id="dp-experience" label="Years of experience">
        <Input
          id="dp-experience"
          type="number"
          min={0}
          max={80}
          step={1}
          {...a11y('experience_years')}
          {...form.register('experience_years')}
        />
      </LabelledField>
      <LabelledField id="dp-specialties" label="Specialties" hint="Separate with commas, e.g. Scandinavian, Bohemian.">
        <Input id="dp-specialties" {...a11y('specialties')} {...form.register('specialties')} />
      </LabelledField>
      <LabelledField id="dp-availability" label="Availability">
        <NativeSelect id="dp-availability" {...form.register('availability_status')}>
          <option value="available">Available for new projects</option>
          <option value="unavailable">Not available</option>
        </NativeSelect>
      </LabelledField>
    </CardForm>
  );
}
