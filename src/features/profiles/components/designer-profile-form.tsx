import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import {
  designerProfileInputSchema,
  useSaveDesignerProfile,
  type DesignerProfileInput,
} from '@/features/profiles/api/designer-profile';
import { Field, FormError } from '@/features/profiles/components/field';

type Initial = {
  username: string | null;
  bio: string | null;
  base_rate: number;
  rate_per_item: number;
  rate_per_sqft: number;
  specialties: string[];
  experience_years: number;
  location: string | null;
  availability_status: string;
} | null;

/** SPEC §2 designer profile: username, bio, base rate, and the other fields the designer cards show. */
export function DesignerProfileForm({ userId, initial }: { userId: string; initial: Initial }) {
  const [values, setValues] = useState<DesignerProfileInput>({
    username: initial?.username ?? '',
    bio: initial?.bio ?? '',
    base_rate: String(initial?.base_rate ?? 0),
    rate_per_item: String(initial?.rate_per_item ?? 0),
    rate_per_sqft: String(initial?.rate_per_sqft ?? 0),
    specialties: (initial?.specialties ?? []).join(', '),
    experience_years: String(initial?.experience_years ?? 0),
    location: initial?.location ?? '',
    availability_status: initial?.availability_status === 'unavailable' ? 'unavailable' : 'available',
  });
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDesignerProfile(userId);
  const set = (key: keyof DesignerProfileInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = designerProfileInputSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to save profile');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your designer profile</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
          <Field id="dp-username" label="Username">
            <Input id="dp-username" value={values.username} onChange={set('username')} maxLength={50} />
          </Field>
          <Field id="dp-location" label="Location" hint="A city, or latitude,longitude for distances.">
            <Input id="dp-location" value={values.location} onChange={set('location')} maxLength={100} />
          </Field>
          <div className="sm:col-span-2">
            <Field id="dp-bio" label="Bio">
              <Textarea id="dp-bio" value={values.bio} onChange={set('bio')} maxLength={1000} rows={4} />
            </Field>
          </div>
          <Field id="dp-base-rate" label="Base project rate ($)">
            <Input
              id="dp-base-rate"
              type="number"
              min={0}
              step={0.01}
              value={values.base_rate}
              onChange={set('base_rate')}
            />
          </Field>
          <Field id="dp-rate-item" label="Rate per item ($)">
            <Input
              id="dp-rate-item"
              type="number"
              min={0}
              step={0.01}
              value={values.rate_per_item}
              onChange={set('rate_per_item')}
            />
          </Field>
          <Field id="dp-rate-sqft" label="Rate per sq ft ($)">
            <Input
              id="dp-rate-sqft"
              type="number"
              min={0}
              step={0.01}
              value={values.rate_per_sqft}
              onChange={set('rate_per_sqft')}
            />
          </Field>
          <Field id="dp-experience" label="Years of experience">
            <Input
              id="dp-experience"
              type="number"
              min={0}
              max={80}
              step={1}
              value={values.experience_years}
              onChange={set('experience_years')}
            />
          </Field>
          <Field id="dp-specialties" label="Specialties" hint="Separate with commas, e.g. Scandinavian, Bohemian.">
            <Input id="dp-specialties" value={values.specialties} onChange={set('specialties')} />
          </Field>
          <Field id="dp-availability" label="Availability">
            <NativeSelect id="dp-availability" value={values.availability_status} onChange={set('availability_status')}>
              <option value="available">Available for new projects</option>
              <option value="unavailable">Not available</option>
            </NativeSelect>
          </Field>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <FormError message={error} />
            <Button type="submit" className="w-fit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
