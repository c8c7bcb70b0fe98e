import { ImagePlus } from 'lucide-react';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { usePhotoNotes } from '@/features/projects/api/get-photo-notes';
import { useProjectPhotos, type PhotoType, type ProjectPhoto } from '@/features/projects/api/get-project-photos';
import { useSavePhotoNote } from '@/features/projects/api/save-photo-note';
import { useUploadPhotos, type UploadProgress } from '@/features/projects/api/upload-photos';
import { ALLOWED_PHOTO_TYPES } from '@/features/projects/utils/validate-image';

type ProjectPhotosCardProps = {
  projectId: string;
  userId: string;
  /** Only the project's owner adds and edits notes. */
  isOwner: boolean;
  /** Uploads are open to both participants (storage policy); closed when false. */
  canUpload: boolean;
  /** Extra controls at the bottom of the card (Mark as Complete). */
  footer?: ReactNode;
};

function PhotoNote({
  photo,
  note,
  isOwner,
  onSave,
  saving,
}: {
  photo: ProjectPhoto;
  note: string | undefined;
  isOwner: boolean;
  onSave: (note: string) => void;
  saving: boolean;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note ?? '');
  if (!isOwner) return note ? <p className="text-sm">{note}</p> : null;
  if (!editing) {
    return (
      <div className="space-y-1">
        {note ? <p className="text-sm break-words">{note}</p> : null}
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => {
            setDraft(note ?? '');
            setEditing(true);
          }}
        >
          {note ? 'Edit note' : 'Add note'}
          <span className="sr-only"> for {photo.name}</span>
        </Button>
      </div>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft);
        setEditing(false);
      }}
    >
      <Label htmlFor={`${id}-note`} className="sr-only">
        Note for {photo.name}
      </Label>
      <Textarea id={`${id}-note`} rows={2} maxLength={1000} value={draft} onChange={(e) => setDraft(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          Save note
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The project's photo card: before/after uploads with progress, thumbnails with their type, owner notes. */
export function ProjectPhotosCard({ projectId, userId, isOwner, canUpload, footer }: ProjectPhotosCardProps) {
  const id = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const photos = useProjectPhotos(projectId);
  const notes = usePhotoNotes(projectId);
  const upload = useUploadPhotos(projectId, {
    onProgress: setProgress,
    onFileProblem: (message) => toast.error(message),
    onSuccess: (uploaded, { files }) => {
      if (uploaded > 0) toast.success('Photos uploaded successfully');
      else if (files.length > 0) toast.error('Failed to upload photos');
    },
    onError: () => toast.error('Failed to upload photos'),
  });
  const save = useSavePhotoNote(projectId, userId, {
    onSuccess: () => toast.success('Note saved'),
    onError: () => toast.error('Failed to save note'),
  });

  const choose = (type: PhotoType) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) upload.mutate({ type, files });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Photos</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {canUpload ? (
          <div className="flex flex-wrap gap-2">
            {(['before', 'after'] as const).map((type) => (
              <div key={type}>
                <input
                  id={`${id}-${type}`}
                  type="file"
                  multiple
                  accept={ALLOWED_PHOTO_TYPES.join(',')}
                  className="peer sr-only"
                  disabled={upload.isPending}
                  onChange={choose(type)}
                />
                <Label
                  htmlFor={`${id}-${type}`}
                  className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-ring peer-disabled:opacity-60 hover:bg-accent"
                >
                  <ImagePlus aria-hidden="true" className="size-4" />
                  {type === 'before' ? 'Upload Before Photos' : 'Upload After Photos'}
                </Label>
              </div>
            ))}
          </div>
        ) : null}
        {progress ? (
          <div className="space-y-1" role="status">
            <progress
              className="h-2 w-full accent-primary"
              max={progress.total}
              value={progress.done}
              aria-label="Upload progress"
            />
            <p className="text-sm text-muted-foreground">
              Uploading {Math.min(progress.done + 1, progress.total)} of {progress.total}…
            </p>
          </div>
        ) : null}
        <QueryState query={photos} loading="Loading photos…" failed="Failed to load photos" toast={false}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No photos yet.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label="Project photos">
                {list.map((photo) => (
                  <li key={photo.path} className="space-y-2" data-testid="project-photo">
                    <div className="relative">
                      <img
                        src={photo.url}
                        alt={`${photo.type === 'before' ? 'Before' : 'After'}: ${photo.name}`}
                        width={320}
                        height={240}
                        loading="lazy"
                        className="aspect-[4/3] w-full rounded-md object-cover"
                      />
                      <Badge
                        variant={photo.type === 'after' ? 'default' : 'secondary'}
                        className="absolute top-2 left-2"
                      >
                        {photo.type === 'before' ? 'Before' : 'After'}
                      </Badge>
                    </div>
                    <PhotoNote
                      photo={photo}
                      note={notes.data?.[photo.path]}
                      isOwner={isOwner}
                      saving={save.isPending}
                      onSave={(note) => save.mutate({ photoPath: photo.path, note })}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {footer ? <div className="border-t pt-4">{footer}</div> : null}
      </CardContent>
    </Card>
  );
}
