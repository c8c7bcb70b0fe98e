import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LocationField } from '@/components/form-fields/location-field';
import { QueryClientBoundary } from '@/components/query-client-boundary';
import { StyleSelect } from '@/components/form-fields/style-select';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  designerFieldOrder,
  designerSignupSchema,
  toPendingDesignerProfile,
  type DesignerSignupInput,
} from '@/features/landing/utils/signup-schemas';
import { errorProps, firstError, focusShownError } from '@/lib/first-error';
import type { PendingDesignerProfile } from '@/lib/pending-profile';
import { emptyPlace } from '@/lib/places/place';
import type { z } from 'zod';

type DesignerSignupFormProps = { onSubmit: (profile: PendingDesignerProfile) => void };

/** The landing designer form (docs/product.md, Accounts). */
export function DesignerSignupForm({ onSubmit }: DesignerSignupFormProps) {
  const form = useForm<DesignerSignupInput, unknown, z.output<typeof designerSignupSchema>>({
    resolver: zodResolver(designerSignupSchema),
    shouldFocusError: false,
    defaultValues: { location: emptyPlace, portfolio_url: '', style: '', bio: '', base_rate: '' },
  });
  const shown = firstError(designerFieldOrder, form.formState.errors);

  const fieldProps = (name: Exclude<(typeof designerFieldOrder)[number], 'location'>) => ({
    id: `designer-${name}`,
    ...errorProps(shown, name, `designer-${name}-error`),
    ...form.register(name),
  });
  const error = (name: (typeof designerFieldOrder)[number]) => (
    <FieldError id={`designer-${name}-error`}>{shown?.field === name && shown.message}</FieldError>
  );

  // The landing hydrates without the app's QueryClient; the location field needs one.
  return (
    <QueryClientBoundary>
      <form
        noValidate
        onSubmit={form.handleSubmit(
          (values) => onSubmit(toPendingDesignerProfile(values)),
          focusShownError(designerFieldOrder, form.setFocus),
        )}
        className="flex flex-col gap-5"
        aria-label="Become a designer"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field>
            <LocationField
              control={form.control}
              name="location"
              id="designer-location"
              label="Location (optional)"
              placeholder="City or ZIP code, e.g. Austin, TX"
              {...errorProps(shown, 'location', 'designer-location-error')}
            />
            {error('location')}
          </Field>
          <Field>
            <Label htmlFor="designer-portfolio_url">Portfolio URL (optional)</Label>
            <Input {...fieldProps('portfolio_url')} type="url" inputMode="url" placeholder="https://" />
            {error('portfolio_url')}
          </Field>
        </div>
        <Field>
          <Label htmlFor="designer-style">Design style</Label>
          <StyleSelect valueBy="id" placeholder="Select your main style" {...fieldProps('style')} />
          {error('style')}
        </Field>
        <Field>
          <Label htmlFor="designer-bio">Additional info</Label>
          <Textarea
            {...fieldProps('bio')}
            rows={4}
            maxLength={1000}
            placeholder="Your experience, studies and the rooms you love to design"
          />
          {error('bio')}
        </Field>
        <Field>
          <Label htmlFor="designer-base_rate">Base rate per project ($, optional)</Label>
          <Input
            {...fieldProps('base_rate')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="e.g. 300"
          />
          {error('base_rate')}
        </Field>
        <Button type="submit" size="lg">
          Join as a Designer
        </Button>
      </form>
    </QueryClientBoundary>
  );
}
