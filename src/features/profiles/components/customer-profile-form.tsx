import { LocateFixed } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { designStyles } from '@/config/design-styles';
import {
  customerProfileInputSchema,
  useUpdateCustomerProfile,
  type CustomerProfileInput,
} from '@/features/profiles/api/customer-profile';
import { Field, FormError } from '@/features/profiles/components/field';

type Props = {
  userId: string;
  initial: {
    username: string | null;
    location: string | null;
    space_size: number | null;
    budget_range: number | null;
    preferred_style: string | null;
  } | null;
};

/** SPEC §2 customer profile: username, location (typed or the device's 'lat,long'), space size, budget, style. */
export function CustomerProfileForm({ userId, initial }: Props) {
  const [values, setValues] = useState<CustomerProfileInput>({
    username: initial?.username ?? '',
    location: initial?.location ?? '',
    space_size: initial?.space_size?.toString() ?? '',
    budget_range: initial?.budget_range?.toString() ?? '',
    preferred_style: initial?.preferred_style ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const save = useUpdateCustomerProfile(userId);
  const set = (key: keyof CustomerProfileInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  function useDeviceLocation() {
    if (!('geolocation' in navigator)) {
      toast.error('Geolocation is not supported by your browser');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const { latitude, longitude } = position.coords;
        setValues((v) => ({ ...v, location: `${latitude.toFixed(4)},${longitude.toFixed(4)}` }));
      },
      () => {
        setLocating(false);
        toast.error('Location access denied');
      },
      { timeout: 10_000 },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = customerProfileInputSchema.safeParse(values);
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
        <CardTitle>Your details</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
          <Field id="cp-username" label="Username">
            <Input
              id="cp-username"
              value={values.username}
              onChange={set('username')}
              maxLength={50}
              autoComplete="username"
            />
          </Field>
          <Field
            id="cp-location"
            label="Location"
            hint="A city, or your device's location saved as latitude,longitude."
          >
            <div className="flex gap-2">
              <Input id="cp-location" value={values.location} onChange={set('location')} maxLength={100} />
              <Button
                variant="outline"
                size="icon"
                onClick={useDeviceLocation}
                disabled={locating}
                aria-label="Use my current location"
                title="Use my current location"
              >
                <LocateFixed aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </Field>
          <Field id="cp-space" label="Space size (sq ft)">
            <Input id="cp-space" inputMode="numeric" value={values.space_size} onChange={set('space_size')} />
          </Field>
          <Field id="cp-budget" label="Budget ($)">
            <Input id="cp-budget" inputMode="numeric" value={values.budget_range} onChange={set('budget_range')} />
          </Field>
          <Field id="cp-style" label="Preferred style">
            <NativeSelect id="cp-style" value={values.preferred_style} onChange={set('preferred_style')}>
              <option value="">No preference</option>
              {designStyles.map((style) => (
                <option key={style.id} value={style.name}>
                  {style.name}
                </option>
              ))}
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
