import { useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { Spinner } from '@/components/ui/spinner';
import { proposeFindSchema, proposePieceSchema, type ProposeInput } from '@/features/board/api/propose-board-item';
import { useBoardPieces } from '@/features/board/api/search-board-pieces';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorProps, firstIssue, type ShownError } from '@/lib/first-error';
import { formatMoney } from '@/lib/format';
import { PRIVATE_PHOTO_ACCEPT } from '@/lib/private-photos';

type Kind = 'piece' | 'find';

type ProposeDialogProps = {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The database's refusal, in its words (a piece held elsewhere, the hold limit, a project no longer active). */
  refusal: string | null;
  /** Rooms already on the board, offered as the room's suggestions. */
  rooms: readonly string[];
  onSubmit: (input: ProposeInput) => void;
};

const PIECE_FIELDS = ['catalogItemId', 'room', 'note'] as const;
const FIND_FIELDS = ['title', 'price', 'photo', 'store', 'link', 'dimensions', 'room', 'note'] as const;
type Field = (typeof FIND_FIELDS)[number] | (typeof PIECE_FIELDS)[number];

/**
 * Propose a piece (docs/product.md, Selection board): a Good Stuff piece found by searching the market and picked
 * (its title, price and photo come from it), or an outside find with a photo, title, price, store or link and
 * dimensions; both with the room it goes in and a note. Only the first problem is shown.
 */
export function ProposeDialog({
  projectId,
  open,
  onOpenChange,
  pending,
  refusal,
  rooms,
  onSubmit,
}: ProposeDialogProps) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('piece');
  const [words, setWords] = useState('');
  const [values, setValues] = useState({
    catalogItemId: '',
    title: '',
    price: '',
    store: '',
    link: '',
    dimensions: '',
    room: '',
    note: '',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [shown, setShown] = useState<ShownError<Field> | null>(null);
  const searched = useDebouncedValue(words, 300);
  const pieces = useBoardPieces(projectId, searched, { enabled: open && kind === 'piece' });
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const fieldProps = (field: Field) => errorProps(shown, field, `${id}-error`);
  const fieldId = (field: Field) => `${id}-${field}`;

  const submit = () => {
    if (kind === 'piece') {
      const parsed = proposePieceSchema.safeParse(values);
      if (!parsed.success) return setShown(firstIssue(PIECE_FIELDS, parsed.error));
      setShown(null);
      return onSubmit({ kind: 'piece', ...parsed.data });
    }
    const parsed = proposeFindSchema.safeParse({ ...values, photo });
    if (!parsed.success) return setShown(firstIssue(FIND_FIELDS, parsed.error));
    setShown(null);
    onSubmit({ kind: 'find', ...parsed.data });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Propose a piece"
      description="Your client approves it, declines it with a reason, or asks for an alternative. Approved, it joins the project’s items at its price."
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      errorId={`${id}-error`}
      error={shown?.message ?? refusal}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Propose"
      pendingLabel="Proposing…"
      contentClassName="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">What is it?</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(
            [
              ['piece', 'A Good Stuff piece'],
              ['find', 'An outside find'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setShown(null);
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {kind === 'piece' ? (
        <>
          <LabelledField id={`${id}-search`} label="Search Good Stuff">
            <Input
              id={`${id}-search`}
              type="search"
              value={words}
              placeholder="Lamp, oak table, rattan…"
              onChange={(event) => setWords(event.target.value)}
              onKeyDown={(event) => {
                // Enter searches (the words are already followed); it must not send the proposal.
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
          </LabelledField>
          <fieldset
            className="space-y-2"
            aria-describedby={shown?.field === 'catalogItemId' ? `${id}-error` : undefined}
          >
            <legend className="text-sm font-medium">Pick a piece</legend>
            {pieces.isPending ? (
              <Spinner size="sm" label="Searching Good Stuff…" />
            ) : pieces.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Failed to search Good Stuff
              </p>
            ) : pieces.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No pieces match those words.</p>
            ) : (
              <ul className="max-h-64 space-y-1 overflow-y-auto" aria-busy={pieces.isFetching}>
                {pieces.data.map((piece) => (
                  <li key={piece.id}>
                    <label className="flex cursor-pointer items-center gap-3 rounded-md border p-2 has-[:checked]:border-primary has-[:focus-visible]:ring-2">
                      <input
                        type="radio"
                        name={`${id}-piece`}
                        value={piece.id}
                        checked={values.catalogItemId === piece.id}
                        onChange={() => setValues((v) => ({ ...v, catalogItemId: piece.id }))}
                        className="shrink-0"
                      />
                      {piece.photo ? (
                        <img
                          src={piece.photo}
                          alt=""
                          width={48}
                          height={36}
                          loading="lazy"
                          className="h-9 w-12 shrink-0 rounded object-cover"
                        />
                      ) : null}
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="block font-medium break-words">{piece.title}</span>
                        <span className="text-muted-foreground">
                          {formatMoney(piece.price)}
                          {piece.sellerName ? ` · ${piece.sellerName}` : ''}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        </>
      ) : (
        <>
          <LabelledField id={fieldId('title')} label="Title">
            <Input id={fieldId('title')} value={values.title} onChange={set('title')} {...fieldProps('title')} />
          </LabelledField>
          <LabelledField id={fieldId('price')} label="Price ($)">
            <MoneyInput id={fieldId('price')} value={values.price} onChange={set('price')} {...fieldProps('price')} />
          </LabelledField>
          <LabelledField
            id={fieldId('photo')}
            label="Photo (optional)"
            hint={photo ? `Chosen: ${photo.name}` : 'JPEG, PNG or WebP, up to 5 MB. Only you and your client see it.'}
          >
            <Input
              id={fieldId('photo')}
              type="file"
              accept={PRIVATE_PHOTO_ACCEPT}
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
              {...fieldProps('photo')}
            />
          </LabelledField>
          <div className="grid gap-4 sm:grid-cols-2">
            <LabelledField id={fieldId('store')} label="Store (optional)">
              <Input
                id={fieldId('store')}
                value={values.store}
                placeholder="Goodwill on Division"
                onChange={set('store')}
                {...fieldProps('store')}
              />
            </LabelledField>
            <LabelledField id={fieldId('link')} label="Link (optional)">
              <Input
                id={fieldId('link')}
                type="url"
                inputMode="url"
                value={values.link}
                placeholder="https://"
                onChange={set('link')}
                {...fieldProps('link')}
              />
            </LabelledField>
          </div>
          <LabelledField id={fieldId('dimensions')} label="Dimensions (optional)">
            <Input
              id={fieldId('dimensions')}
              value={values.dimensions}
              placeholder='W 30" × D 18" × H 29"'
              onChange={set('dimensions')}
              {...fieldProps('dimensions')}
            />
          </LabelledField>
        </>
      )}

      <LabelledField id={fieldId('room')} label="Room">
        <Input
          id={fieldId('room')}
          value={values.room}
          list={`${id}-rooms`}
          placeholder="Living room"
          onChange={set('room')}
          {...fieldProps('room')}
        />
        <datalist id={`${id}-rooms`}>
          {rooms.map((room) => (
            <option key={room} value={room} />
          ))}
        </datalist>
      </LabelledField>
      <LabelledField id={fieldId('note')} label="Note for your client (optional)">
        <Textarea
          id={fieldId('note')}
          rows={3}
          value={values.note}
          placeholder="Where it goes, why it works"
          onChange={set('note')}
          {...fieldProps('note')}
        />
      </LabelledField>
    </FormDialog>
  );
}
