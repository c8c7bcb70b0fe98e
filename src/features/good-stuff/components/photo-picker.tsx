import { ArrowLeft, ArrowRight, Star, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MAX_PHOTOS } from '@/features/good-stuff/utils/piece-fields';
import type { PiecePhoto } from '@/features/good-stuff/utils/piece-schema';

type PhotoPickerProps = {
  id: string;
  photos: PiecePhoto[];
  onChange: (photos: PiecePhoto[]) => void;
  /** The error message's id when the photos are what the form refuses. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

let counter = 0;
const newKey = () => `photo-${++counter}`;

/**
 * The listing's photos (up to MAX_PHOTOS): pick several at once, see them in order with the first as the cover,
 * make another the cover, move one left or right, remove one. Picked files show from object URLs, released when
 * they leave the list. Picking more than fit keeps the list and lets validation say so.
 */
export function PhotoPicker({ id, photos, onChange, ...a11y }: PhotoPickerProps) {
  // Object URLs made for picked files: released when their photo leaves the list, and all on unmount.
  const made = useRef(new Set<string>());
  useEffect(() => {
    const urls = made.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);
  useEffect(() => {
    const kept = new Set(photos.map((p) => p.url));
    for (const url of made.current) {
      if (!kept.has(url)) {
        URL.revokeObjectURL(url);
        made.current.delete(url);
      }
    }
  }, [photos]);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const added = Array.from(files, (file): PiecePhoto => {
      const url = URL.createObjectURL(file);
      made.current.add(url);
      return { key: newKey(), url, file };
    });
    onChange([...photos, ...added]);
  };
  const move = (from: number, to: number) => {
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    onChange(next);
  };

  return (
    <div className="space-y-3">
      {photos.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos, the cover first">
          {photos.map((photo, index) => {
            const name = `Photo ${index + 1}${photo.file ? ` (${photo.file.name})` : ''}`;
            return (
              <li key={photo.key} className="space-y-2 rounded-md border p-2" data-testid="listing-photo">
                <div className="relative">
                  <img
                    src={photo.url}
                    alt={name}
                    width={240}
                    height={180}
                    className="aspect-[4/3] w-full rounded object-cover"
                  />
                  {index === 0 ? (
                    <span className="absolute top-1 left-1 rounded bg-background/90 px-1.5 py-0.5 text-xs font-medium">
                      Cover
                    </span>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  {index > 0 ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Make cover: ${name}`}
                      onClick={() => move(index, 0)}
                    >
                      <Star aria-hidden="true" />
                      Make cover
                    </Button>
                  ) : null}
                  {index > 0 ? (
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${name} earlier`}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowLeft aria-hidden="true" />
                    </Button>
                  ) : null}
                  {index < photos.length - 1 ? (
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={`Move ${name} later`}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowRight aria-hidden="true" />
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(photos.filter((p) => p.key !== photo.key))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {photos.length < MAX_PHOTOS ? (
        <Input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          {...a11y}
          onChange={(event) => {
            add(event.target.files);
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
      ) : (
        <p id={id} className="text-sm text-muted-foreground">
          {MAX_PHOTOS} photos: remove one to add another.
        </p>
      )}
    </div>
  );
}
