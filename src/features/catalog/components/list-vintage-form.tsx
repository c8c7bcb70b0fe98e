import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { controlledBy } from '@/components/place-field/controlled-by';
import { PlaceField } from '@/components/place-field/place-field';
import { Card, CardContent } from '@/components/ui/card';
import { FormSubmitRow, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import {
  catalogItemInputSchema,
  useCreateCatalogItem,
  type CatalogItemValues,
} from '@/features/catalog/api/create-catalog-item';
import { CATALOG_CATEGORIES } from '@/features/catalog/api/get-catalog-items';
import { errorProps, firstError } from '@/lib/first-error';
import { emptyPlace } from '@/lib/places/place';

type CatalogItemInput = z.input<typeof catalogItemInputSchema>;
const order = ['title', 'category', 'price', 'description', 'condition', 'location', 'photo'] as const;
const empty: CatalogItemInput = {
  title: '',
  category: '',
  description: '',
  price: '',
  condition: '',
  location: emptyPlace,
  photo: null,
};

/** List Vintage Item (docs/product.md, Good Stuff). */
export function ListVintageForm({ userId, onListed }: { userId: string; onListed: () => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm<CatalogItemInput, unknown, CatalogItemValues>({
    resolver: zodResolver(catalogItemInputSchema),
    defaultValues: empty,
  });
  const create = useCreateCatalogItem(userId, {
    onSuccess: () => {
      toast.success('Vintage item listed successfully!');
      onListed();
    },
    onError: () => toast.error('Failed to list item'),
  });
  const shown = firstError(order, form.formState.errors);
  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, errorId);
  const field = (key: string) => `${id}-${key}`;

  return (
    <Card>
      <CardContent>
        <form
          onSubmit={form.handleSubmit((values) => create.mutate(values))}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <LabelledField id={field('title')} label="Title" className="sm:col-span-2">
            <Input id={field('title')} maxLength={100} {...a11y('title')} {...form.register('title')} />
          </LabelledField>
          <LabelledField id={field('category')} label="Category">
            <NativeSelect id={field('category')} {...a11y('category')} {...form.register('category')}>
              <option value="">Select a category</option>
              {CATALOG_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c.charAt(0).toUpperCase() + c.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          <LabelledField id={field('price')} label="Price ($)">
            <Input
              id={field('price')}
              type="number"
              min={0}
              step={0.01}
              {...a11y('price')}
              {...form.register('price')}
            />
          </LabelledField>
          <LabelledField id={field('description')} label="Description" className="sm:col-span-2">
            <Textarea
              id={field('description')}
              maxLength={1000}
              {...a11y('description')}
              {...form.register('description')}
            />
          </LabelledField>
          <LabelledField id={field('condition')} label="Condition">
            <Input
              id={field('condition')}
              maxLength={50}
              placeholder="e.g. Excellent, Good, Fair"
              {...a11y('condition')}
              {...form.register('condition')}
            />
          </LabelledField>
          <Controller
            control={form.control}
            name="location"
            render={({ field: place }) => (
              <PlaceField
                id={field('location')}
                label="Location"
                placeholder="e.g. Portland, OR"
                {...controlledBy(place)}
                {...a11y('location')}
              />
            )}
          />
          <LabelledField
            id={field('photos')}
            label="Photos (optional)"
            hint="The first photo is shown on the listing."
            className="sm:col-span-2"
          >
            <Input
              id={field('photos')}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              multiple
              {...a11y('photo')}
              // A listing has one photo: only the first is uploaded, so only it is validated and kept.
              onChange={(event) =>
                form.setValue('photo', event.target.files?.[0] ?? null, {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            />
          </LabelledField>
          <FormSubmitRow
            className="sm:col-span-2"
            errorId={errorId}
            error={shown?.message}
            pending={create.isPending}
            label="List Item"
            pendingLabel="Listing…"
          />
        </form>
      </CardContent>
    </Card>
  );
}
