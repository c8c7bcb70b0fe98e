import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { controlledBy } from '@/components/place-field/controlled-by';
import { PlaceField } from '@/components/place-field/place-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, LabelledField } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import {
  MAX_PROJECT_PHOTOS,
  PROJECT_PHOTO_TYPES,
  createProjectInputSchema,
  useCreateProject,
  type CreateProjectFormValues,
  type CreateProjectInput,
} from '@/features/projects/api/create-project';
import { designStyles } from '@/config/design-styles';
import { errorProps, firstError } from '@/lib/first-error';
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New Project</DialogTitle>
          <DialogDescription>Tell designers about your space. They will bid on it.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => void form.handleSubmit((input) => create.mutate({ input, photos }))(event)}
        >
          <LabelledField id={`${id}-title`} label="Title">
            <Input id={`${id}-title`} {...errorProps(shown, 'title', `${id}-error`)} {...form.register('title')} />
          </LabelledField>
          <LabelledField id={`${id}-description`} label="Description">
            <Textarea
              id={`${id}-description`}
              rows={4}
              {...errorProps(shown, 'description', `${id}-error`)}
              {...form.register('description')}
            />
          </LabelledField>
          <Controller
            control={form.control}
            name="location"
            render={({ field }) => (
              <PlaceField
                id={`${id}-location`}
                label="Location"
                placeholder="City or US ZIP code, or use your device location"
                {...controlledBy(field)}
                {...errorProps(shown, 'location', `${id}-error`)}
              />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <LabelledField id={`${id}-space`} label="Space size (sq ft)">
              <Input
                id={`${id}-space`}
                type="number"
                inputMode="numeric"
                min={1}
                {...errorProps(shown, 'space_size', `${id}-error`)}
                {...form.register('space_size')}
              />
            </LabelledField>
            <LabelledField id={`${id}-budget`} label="Budget ($)">
              <Input
                id={`${id}-budget`}
                type="number"
                inputMode="numeric"
                min={1}
                {...errorProps(shown, 'budget', `${id}-error`)}
                {...form.register('budget')}
              />
            </LabelledField>
            <LabelledField id={`${id}-budget-type`} label="Budget type">
              <NativeSelect id={`${id}-budget-type`} {...form.register('budget_type')}>
                <option value="soft">Flexible</option>
                <option value="hard">Hard Cap</option>
              </NativeSelect>
            </LabelledField>
            <LabelledField id={`${id}-style`} label="Style">
              <NativeSelect
                id={`${id}-style`}
                {...errorProps(shown, 'preferred_style', `${id}-error`)}
                {...form.register('preferred_style')}
              >
                <option value="">Select a style</option>
                {designStyles.map((style) => (
                  <option key={style.id} value={style.name}>
                    {style.name}
                  </option>
                ))}
              </NativeSelect>
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
          <FieldError id={`${id}-error`}>{shown?.message}</FieldError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Project'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
