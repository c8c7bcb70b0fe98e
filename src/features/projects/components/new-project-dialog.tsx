import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { BudgetTypeSelect } from '@/components/form-fields/budget-type-select';
import { LocationField } from '@/components/form-fields/location-field';
import { StyleSelect } from '@/components/form-fields/style-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  MAX_PROJECT_PHOTOS,
  PROJECT_PHOTO_TYPES,
  createProjectInputSchema,
  useCreateProject,
  type CreateProjectFormValues,
  type CreateProjectInput,
} from '@/features/projects/api/create-project';
import { errorProps, firstError, focusShownError } from '@/lib/first-error';
import { emptyPlace } from '@/lib/places/place';

const FIELD_ORDER = [
  'title',
  'description',
  'location',
  'space_size',
  'budget',
  'budget_type',
  'preferred_style',
] as const;
const DEFAULTS: CreateProjectFormValues = {
  title: '',
  description: '',
  location: emptyPlace,
  space_size: '',
  budget: '',
  budget_type: 'soft',
  preferred_style: '',
};
type NewProjectDialogProps = {
  customerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (projectId: string) => void;
};

/** The create-project form: title, description, location, space, budget, type, style, up to 5 photos (docs/product.md, Projects). */
export function NewProjectDialog({ customerId, open, onOpenChange, onCreated }: NewProjectDialogProps) {
  const id = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useForm<CreateProjectFormValues, unknown, CreateProjectInput>({
    resolver: zodResolver(createProjectInputSchema),
    shouldFocusError: false,
    defaultValues: DEFAULTS,
  });
  const create = useCreateProject(customerId, {
    onSuccess: ({ id: projectId, failedPhotos }) => {
      toast.success('Project created!');
      for (const name of failedPhotos) toast.error(`Failed to upload ${name}`);
      form.reset(DEFAULTS);
      setPhotos([]);
      onOpenChange(false);
      onCreated?.(projectId);
    },
    onError: () => toast.error('Failed to create project'),
  });
  const shown = firstError(FIELD_ORDER, form.formState.errors);
  const a11y = (field: (typeof FIELD_ORDER)[number]) => errorProps(shown, field, `${id}-error`);

  function choosePhotos(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const images = chosen.filter((file) => (PROJECT_PHOTO_TYPES as readonly string[]).includes(file.type));
    if (images.length < chosen.length) toast.error('Only JPEG, PNG, GIF, and WebP images are allowed');
    const next = [...photos, ...images];
    if (next.length > MAX_PROJECT_PHOTOS) toast.error(`You can add up to ${MAX_PROJECT_PHOTOS} photos`);
    setPhotos(next.slice(0, MAX_PROJECT_PHOTOS));
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      contentClassName="sm:max-w-2xl"
      title="New Project"
      description="Tell designers about your space. They will bid on it."
      onSubmit={(event) =>
        void form.handleSubmit(
          (input) => create.mutate({ input, photos }),
          focusShownError(FIELD_ORDER, form.setFocus),
        )(event)
      }
      errorId={`${id}-error`}
      error={shown?.message}
      pending={create.isPending}
      submitLabel="Create Project"
      pendingLabel="Creating…"
    >
      <LabelledField id={`${id}-title`} label="Title">
        <Input id={`${id}-title`} {...a11y('title')} {...form.register('title')} />
      </LabelledField>
      <LabelledField id={`${id}-description`} label="Description">
        <Textarea id={`${id}-description`} rows={4} {...a11y('description')} {...form.register('description')} />
      </LabelledField>
      <LocationField
        control={form.control}
        name="location"
        id={`${id}-location`}
        label="Location"
        placeholder="City or US ZIP code, or use your device location"
        {...a11y('location')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={`${id}-space`} label="Space size (sq ft)">
          <Input
            id={`${id}-space`}
            type="number"
            inputMode="numeric"
            min={1}
            {...a11y('space_size')}
            {...form.register('space_size')}
          />
        </LabelledField>
        <LabelledField id={`${id}-budget`} label="Budget ($)">
          <Input
            id={`${id}-budget`}
            type="number"
            inputMode="numeric"
            min={1}
            {...a11y('budget')}
            {...form.register('budget')}
          />
        </LabelledField>
        <LabelledField id={`${id}-budget-type`} label="Budget type">
          <BudgetTypeSelect id={`${id}-budget-type`} {...form.register('budget_type')} />
        </LabelledField>
        <LabelledField id={`${id}-style`} label="Style">
          <StyleSelect
            id={`${id}-style`}
            valueBy="name"
            placeholder="Select a style"
            {...a11y('preferred_style')}
            {...form.register('preferred_style')}
          />
        </LabelledField>
      </div>
      <LabelledField id={`${id}-photos`} label={`Photos (up to ${MAX_PROJECT_PHOTOS}, images only)`}>
        <Input
          id={`${id}-photos`}
          type="file"
          accept={PROJECT_PHOTO_TYPES.join(',')}
          multiple
          disabled={photos.length >= MAX_PROJECT_PHOTOS}
          onChange={choosePhotos}
        />
        {photos.length > 0 ? (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Chosen photos">
            {photos.map((file, index) => (
              <li key={`${file.name}-${index}`} className="flex items-center gap-1 rounded-md border px-2 py-1">
                <span className="max-w-40 truncate">{file.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-6 px-1"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setPhotos(photos.filter((_, i) => i !== index))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </LabelledField>
    </FormDialog>
  );
}
