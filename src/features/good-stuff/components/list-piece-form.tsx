import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { controlledBy } from '@/components/place-field/controlled-by';
import { PlaceField } from '@/components/place-field/place-field';
import { Card, CardContent } from '@/components/ui/card';
import { FormSubmitRow, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { env } from '@/config/env';
import { useCreatePiece } from '@/features/good-stuff/api/create-piece';
import type { PieceDetail } from '@/features/good-stuff/api/get-piece';
import { useUpdatePiece } from '@/features/good-stuff/api/update-piece';
import {
  CATALOG_CONDITIONS,
  MAX_INCHES,
  MAX_PHOTOS,
  conditionLabel,
  isPieceCondition,
} from '@/features/good-stuff/utils/piece-fields';
import {
  pieceSchema,
  type PieceInput,
  type PieceValues,
  ownPiecePhotoPrefix,
} from '@/features/good-stuff/utils/piece-schema';
import { CategoryOptions } from '@/features/good-stuff/components/category-options';
import { PhotoPicker } from '@/features/good-stuff/components/photo-picker';
import { errorProps, firstError } from '@/lib/first-error';
import { emptyPlace, placeValueOf } from '@/lib/places/place';

const order = [
  'title',
  'category',
  'price',
  'description',
  'condition',
  'width',
  'depth',
  'height',
  'location',
  'photos',
] as const;

const empty: PieceInput = {
  title: '',
  category: '',
  description: '',
  price: '',
  condition: '',
  width: '',
  depth: '',
  height: '',
  location: emptyPlace,
  photos: [],
};

const text = (value: number | null) => (value === null ? '' : String(Number(value)));

/** The form's values for a piece being edited. */
function valuesOf(item: PieceDetail): PieceInput {
  return {
    title: item.title,
    category: item.category,
    description: item.description,
    price: text(item.price),
    condition: isPieceCondition(item.condition) ? item.condition : '',
    width: text(item.width_in),
    depth: text(item.depth_in),
    height: text(item.height_in),
    location: placeValueOf(item),
    photos: item.photo_urls.map((url, index) => ({ key: `saved-${index}`, url })),
  };
}

type ListPieceFormProps = {
  userId: string;
  /** The piece to edit; none: a new listing. */
  item?: PieceDetail;
  /** After saving, with the piece's id. */
  onSaved: (itemId: string) => void;
};

/**
 * List Vintage Item and Edit listing (docs/product.md, Good Stuff): title, category, price, description, condition,
 * width × depth × height in inches, location and up to six photos, the first the cover. Only the first problem is
 * shown, in the form's order; the database checks the same rules.
 */
export function ListPieceForm({ userId, item, onSaved }: ListPieceFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // A piece listed before dimensions existed may be edited without them; new listings need them.
  const requireDimensions = !item || item.width_in !== null;
  const schema = useMemo(
    () => pieceSchema({ requireDimensions, ownPhotoPrefix: ownPiecePhotoPrefix(env.SUPABASE_URL, userId) }),
    [requireDimensions, userId],
  );
  const form = useForm<PieceInput, unknown, PieceValues>({
    resolver: zodResolver(schema),
    defaultValues: item ? valuesOf(item) : empty,
  });
  const create = useCreatePiece(userId, {
    onSuccess: (newId) => {
      toast.success('Vintage item listed successfully!');
      onSaved(newId);
    },
    onError: () => toast.error('Failed to list item'),
  });
  const update = useUpdatePiece(userId, item?.id ?? '', item?.photo_urls ?? [], {
    onSuccess: () => {
      toast.success('Listing updated');
      onSaved(item!.id);
    },
    onError: () => toast.error('Failed to save listing'),
  });
  const pending = create.isPending || update.isPending;
  const shown = firstError(order, form.formState.errors);
  const a11y = (field: (typeof order)[number]) => errorProps(shown, field, errorId);
  const field = (key: string) => `${id}-${key}`;
  const inchesField = (key: 'width' | 'depth' | 'height', label: string) => (
    <LabelledField id={field(key)} label={`${label} (in)`}>
      <Input
        id={field(key)}
        type="number"
        inputMode="decimal"
        min={0.1}
        max={MAX_INCHES}
        step={0.1}
        {...a11y(key)}
        {...form.register(key)}
      />
    </LabelledField>
  );

  return (
    <Card>
      <CardContent>
        <form
          onSubmit={form.handleSubmit((values) => (item ? update.mutate(values) : create.mutate(values)))}
          className="grid gap-4 sm:grid-cols-2"
          noValidate
        >
          <LabelledField id={field('title')} label="Title" className="sm:col-span-2">
            <Input id={field('title')} maxLength={100} {...a11y('title')} {...form.register('title')} />
          </LabelledField>
          <LabelledField id={field('category')} label="Category">
            <NativeSelect id={field('category')} {...a11y('category')} {...form.register('category')}>
              <CategoryOptions none="Select a category" />
            </NativeSelect>
          </LabelledField>
          <LabelledField id={field('price')} label="Price ($)">
            <Input
              id={field('price')}
              type="number"
              inputMode="decimal"
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
            <NativeSelect id={field('condition')} {...a11y('condition')} {...form.register('condition')}>
              <option value="">Select a condition</option>
              {CATALOG_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {conditionLabel(c)}
                </option>
              ))}
            </NativeSelect>
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
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">
              Dimensions{requireDimensions ? '' : ' (optional for this older listing)'}
            </legend>
            {inchesField('width', 'Width')}
            {inchesField('depth', 'Depth')}
            {inchesField('height', 'Height')}
          </fieldset>
          <LabelledField
            id={field('photos')}
            label={`Photos (up to ${MAX_PHOTOS})`}
            hint="The first photo is the cover, shown in the market."
            className="sm:col-span-2"
          >
            <Controller
              control={form.control}
              name="photos"
              render={({ field: photos }) => (
                <PhotoPicker
                  id={field('photos')}
                  photos={photos.value}
                  onChange={(next) => {
                    photos.onChange(next);
                    if (form.formState.isSubmitted) void form.trigger('photos');
                  }}
                  {...a11y('photos')}
                />
              )}
            />
          </LabelledField>
          <FormSubmitRow
            className="sm:col-span-2"
            errorId={errorId}
            error={shown?.message}
            pending={pending}
            label={item ? 'Save changes' : 'List Item'}
            pendingLabel={item ? 'Saving…' : 'Listing…'}
          />
        </form>
      </CardContent>
    </Card>
  );
}
