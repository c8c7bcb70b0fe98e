import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDeleteSavedSearch } from '@/features/saved-searches/api/delete-saved-search';
import { useSavedSearches, type SavedSearch } from '@/features/saved-searches/api/get-saved-searches';
import {
  MAX_SAVED_SEARCHES,
  SEARCH_EMAILS,
  SEARCH_EMAIL_LABELS,
  isSearchEmail,
  savedSearchNameSchema,
} from '@/features/saved-searches/api/saved-search-fields';
import { useUpdateSavedSearch } from '@/features/saved-searches/api/update-saved-search';
import { errorProps } from '@/lib/first-error';
import { refusalMessage } from '@/lib/refusal-message';

type Props = {
  userId: string;
  /** The market with the search's filters in the URL (Open). */
  openHref: (search: SavedSearch) => string;
  /** What it looks for in a few words. */
  describe: (search: SavedSearch) => string;
  /** Where to make one (the empty state's link). */
  browseHref: string;
};

const renameSchema = z.object({ name: savedSearchNameSchema });
type RenameValues = z.input<typeof renameSchema>;

function RenameDialog({
  search,
  userId,
  open,
  onOpenChange,
}: {
  search: SavedSearch;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm<RenameValues>({ resolver: zodResolver(renameSchema), defaultValues: { name: search.name } });
  const [refusal, setRefusal] = useState<string | null>(null);
  const rename = useUpdateSavedSearch({
    onSuccess: (_, { changes }) => {
      toast.success(`Renamed to “${changes.name}”`);
      onOpenChange(false);
    },
    onError: (error) => setRefusal(refusalMessage(error, 'Could not rename this search. Please try again.')),
  });
  const message = form.formState.errors.name?.message ?? null;
  const shown = message ? { field: 'name', message } : null;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset({ name: search.name });
          setRefusal(null);
        }
        onOpenChange(next);
      }}
      title="Rename saved search"
      description={`A new name for “${search.name}”.`}
      onSubmit={form.handleSubmit(({ name }) => {
        setRefusal(null);
        rename.mutate({ userId, id: search.id, changes: { name } });
      })}
      pending={rename.isPending}
      submitLabel="Rename"
      pendingLabel="Renaming…"
      errorId={shown ? undefined : errorId}
      error={refusal}
    >
      <LabelledField id={`${id}-name`} label="Name">
        <Input id={`${id}-name`} maxLength={80} {...errorProps(shown, 'name', errorId)} {...form.register('name')} />
        {shown ? <FieldError id={errorId}>{shown.message}</FieldError> : null}
      </LabelledField>
    </FormDialog>
  );
}

function DeleteDialog({
  search,
  userId,
  open,
  onOpenChange,
}: {
  search: SavedSearch;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteSavedSearch({
    onSuccess: () => {
      toast.success(`Deleted “${search.name}”`);
      onOpenChange(false);
    },
    onError: () => toast.error(`Could not delete “${search.name}”`),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete saved search?"
      description={`“${search.name}” will stop alerting you about new pieces. Alerts you already have stay in the bell.`}
      onSubmit={(event) => {
        event.preventDefault();
        remove.mutate({ userId, id: search.id });
      }}
      pending={remove.isPending}
      submitLabel="Delete"
      pendingLabel="Deleting…"
      submitVariant="destructive"
    />
  );
}

function SavedSearchRow({
  search,
  userId,
  openHref,
  describe,
}: { search: SavedSearch; userId: string } & Pick<Props, 'openHref' | 'describe'>) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateSavedSearch({
    onSuccess: (_, { changes }) => {
      if (changes.paused !== undefined) {
        toast.success(changes.paused ? `Paused “${search.name}”` : `Resumed “${search.name}”`);
      } else if (changes.email !== undefined) {
        toast.success(`E-mail for “${search.name}”: ${SEARCH_EMAIL_LABELS[changes.email]}`);
      }
    },
    onError: (error) => toast.error(refusalMessage(error, `Could not change “${search.name}”`)),
  });
  const headingId = `${id}-name`;
  return (
    <li className="space-y-3 rounded-lg border bg-card p-4" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="font-medium break-words">
            {search.name}
          </h3>
          <p className="text-sm text-muted-foreground">{describe(search)}</p>
          {search.project ? (
            <p className="text-sm text-muted-foreground">
              For {search.project.title}: the highest price follows its remaining budget.
            </p>
          ) : null}
        </div>
        {search.paused ? <Badge variant="secondary">Paused</Badge> : null}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <LabelledField id={`${id}-email`} label="E-mail" className="min-w-40">
          <NativeSelect
            id={`${id}-email`}
            aria-label={`E-mail for ${search.name}`}
            value={search.email}
            disabled={update.isPending}
            onChange={(event) => {
              const email = event.target.value;
              if (isSearchEmail(email)) update.mutate({ userId, id: search.id, changes: { email } });
            }}
          >
            {SEARCH_EMAILS.map((email) => (
              <option key={email} value={email}>
                {SEARCH_EMAIL_LABELS[email]}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <Button asChild size="sm">
          <Link to={openHref(search)} aria-label={`Open ${search.name}`}>
            Open
          </Link>
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending}
          aria-label={`${search.paused ? 'Resume' : 'Pause'} ${search.name}`}
          onClick={() => update.mutate({ userId, id: search.id, changes: { paused: !search.paused } })}
        >
          {search.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Rename ${search.name}`}
          onClick={() => setRenaming(true)}
        >
          Rename
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Delete ${search.name}`}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      </div>
      <RenameDialog search={search} userId={userId} open={renaming} onOpenChange={setRenaming} />
      <DeleteDialog search={search} userId={userId} open={deleting} onOpenChange={setDeleting} />
    </li>
  );
}

/**
 * Saved → Searches (docs/find-it-first.md): the viewer's saved searches, newest first, each renamed, paused or
 * resumed, its e-mail setting changed, deleted, or opened in the market with its filters.
 */
export function SavedSearchesList({ userId, openHref, describe, browseHref }: Props) {
  const searches = useSavedSearches(userId);
  return (
    <QueryState query={searches} loading="Loading saved searches…" failed="Failed to load saved searches">
      {(rows) =>
        rows.length === 0 ? (
          <div className="space-y-2 py-4">
            <p className="text-muted-foreground">
              No saved searches yet. On Good Stuff, choose Save this search to hear about new pieces that match.
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to={browseHref}>Browse Good Stuff</Link>
            </Button>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-muted-foreground">
              {rows.length} of {MAX_SAVED_SEARCHES} saved searches
            </p>
            <ul className="space-y-3" aria-label="Saved searches">
              {rows.map((search) => (
                <SavedSearchRow
                  key={search.id}
                  search={search}
                  userId={userId}
                  openHref={openHref}
                  describe={describe}
                />
              ))}
            </ul>
          </div>
        )
      }
    </QueryState>
  );
}
