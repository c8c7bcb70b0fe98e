import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { catalogItemInputSchema, useCreateCatalogItem } from '@/features/catalog/api/create-catalog-item';
import { CATALOG_CATEGORIES } from '@/features/catalog/api/get-catalog-items';

const empty = { title: '', category: '', description: '', price: '', condition: '', location: '' };

/** SPEC §2 List Vintage Item. */
export function ListVintageForm({ userId, onListed }: { userId: string; onListed: () => void }) {
  const [values, setValues] = useState(empty);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCatalogItem(userId, { onSuccess: onListed });
  const id = useId();
  const set = (key: keyof typeof empty) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = catalogItemInputSchema.safeParse({ ...values, photo: photos[0] ?? null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Failed to list item');
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  }

  const field = (key: string) => `${id}-${key}`;
  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor={field('title')}>Title</Label>
            <Input id={field('title')} value={values.title} onChange={set('title')} maxLength={100} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={field('category')}>Category</Label>
            <NativeSelect id={field('category')} value={values.category} onChange={set('category')}>
              <option value="">Select a category</option>
              {CATALOG_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c.charAt(0).toUpperCase() + c.slice(1)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={field('price')}>Price ($)</Label>
            <Input id={field('price')} type="number" min={0} step={0.01} value={values.price} onChange={set('price')} />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor={field('description')}>Description</Label>
            <Textarea
              id={field('description')}
              value={values.description}
              onChange={set('description')}
              maxLength={1000}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={field('condition')}>Condition</Label>
            <Input
              id={field('condition')}
              value={values.condition}
              onChange={set('condition')}
              maxLength={50}
              placeholder="e.g. Excellent, Good, Fair"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={field('location')}>Location</Label>
            <Input
              id={field('location')}
              value={values.location}
              onChange={set('location')}
              maxLength={100}
              placeholder="e.g. Portland, OR"
            />
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor={field('photos')}>Photos (optional)</Label>
            <Input
              id={field('photos')}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              multiple
              onChange={(event) => setPhotos(Array.from(event.target.files ?? []))}
            />
            <p className="text-xs text-muted-foreground">The first photo is shown on the listing.</p>
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2">
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <Button type="submit" className="w-fit" disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? 'Listing…' : 'List Item'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
