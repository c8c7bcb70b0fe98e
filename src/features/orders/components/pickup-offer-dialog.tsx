import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import type { PickupAddress } from '@/features/orders/api/order';
import {
  MAX_PICKUP_WINDOWS,
  pickupAddressSchema,
  pickupOfferSchema,
  type PickupOffer,
  type PickupWindowDraft,
} from '@/features/orders/utils/pickup-windows';

const EMPTY: PickupWindowDraft = { date: '', from: '', to: '' };

/** "2026-12-05" for a day in the browser's time zone (a date field's value). */
function localDay(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type Shown = { field: string; message: string } | null;

/** The control a failed parse names: a time's date, from or to, the address, the directions. */
function fieldOf(path: readonly PropertyKey[]): string {
  if (path[0] === 'windows')
    return typeof path[1] === 'number' ? `w${path[1]}-${String(path[2] ?? 'date')}` : 'w0-date';
  return String(path[0] ?? '');
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The seller gives the address with the times; the buyer only offers times. */
  seller: boolean;
  /** The address to start from: the order's own, else the seller's last order's. */
  address: PickupAddress | null;
  otherName: string;
  onSubmit: (offer: PickupOffer) => void;
};

/**
 * Offer pickup times (docs/orders.md): up to three, each a date and a span in the viewer's own time zone; the
 * seller also gives the pickup address and directions, which the buyer sees once a time is confirmed. The rules
 * are the database's, checked here first in its words.
 */
export function PickupOfferDialog({ open, onOpenChange, pending, seller, address, otherName, onSubmit }: Props) {
  const id = useId();
  const [rows, setRows] = useState<PickupWindowDraft[]>([EMPTY]);
  const [place, setPlace] = useState(address?.address ?? '');
  const [directions, setDirections] = useState(address?.directions ?? '');
  const [shown, setShown] = useState<Shown>(null);
  const errorId = `${id}-error`;
  const invalid = (field: string) =>
    shown?.field === field ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};
  const [today] = useState(() => Date.now());
  const setRow = (index: number, patch: Partial<PickupWindowDraft>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Offer pickup times"
      description={
        seller
          ? `Offer up to three times that suit you. ${otherName} confirms one and then sees the address.`
          : `Offer up to three times that suit you. ${otherName} confirms one.`
      }
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = pickupOfferSchema(Date.now(), { seller }).safeParse({
          windows: rows,
          address: seller ? place : undefined,
          directions: seller ? directions : undefined,
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          setShown(issue ? { field: fieldOf(issue.path), message: issue.message } : null);
          return;
        }
        setShown(null);
        onSubmit(parsed.data);
      }}
      errorId={errorId}
      error={shown?.message}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Offer these times"
      pendingLabel="Offering…"
      contentClassName="max-h-[90vh] overflow-y-auto"
    >
      {rows.map((row, index) => (
        <fieldset key={index} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_auto_auto_auto]">
          <legend className="px-1 text-sm font-medium">Pickup time {index + 1}</legend>
          <LabelledField id={`${id}-w${index}-date`} label="Date">
            <Input
              id={`${id}-w${index}-date`}
              type="date"
              min={localDay(today)}
              max={localDay(today + 30 * 24 * 3_600_000)}
              value={row.date}
              onChange={(event) => setRow(index, { date: event.target.value })}
              {...invalid(`w${index}-date`)}
            />
          </LabelledField>
          <LabelledField id={`${id}-w${index}-from`} label="From">
            <Input
              id={`${id}-w${index}-from`}
              type="time"
              step={900}
              value={row.from}
              onChange={(event) => setRow(index, { from: event.target.value })}
              {...invalid(`w${index}-from`)}
            />
          </LabelledField>
          <LabelledField id={`${id}-w${index}-to`} label="To">
            <Input
              id={`${id}-w${index}-to`}
              type="time"
              step={900}
              value={row.to}
              onChange={(event) => setRow(index, { to: event.target.value })}
              {...invalid(`w${index}-to`)}
            />
          </LabelledField>
          {rows.length > 1 ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="self-end"
              aria-label={`Remove pickup time ${index + 1}`}
              onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </fieldset>
      ))}
      {rows.length < MAX_PICKUP_WINDOWS ? (
        <Button type="button" variant="outline" onClick={() => setRows((all) => [...all, EMPTY])}>
          <Plus aria-hidden="true" />
          Add another time
        </Button>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Times are in your time zone. Each starts at least an hour from now, within 30 days, and lasts 15 minutes to 12
        hours.
      </p>
      {seller ? (
        <AddressFields
          id={id}
          place={place}
          directions={directions}
          setPlace={setPlace}
          setDirections={setDirections}
          invalid={invalid}
        />
      ) : null}
    </FormDialog>
  );
}

type AddressFieldsProps = {
  id: string;
  place: string;
  directions: string;
  setPlace: (value: string) => void;
  setDirections: (value: string) => void;
  invalid: (field: string) => Record<string, unknown>;
};

function AddressFields({ id, place, directions, setPlace, setDirections, invalid }: AddressFieldsProps) {
  return (
    <>
      <LabelledField id={`${id}-address`} label="Pickup address" hint="Shown to the buyer once a time is confirmed.">
        <Input
          id={`${id}-address`}
          autoComplete="street-address"
          value={place}
          onChange={(event) => setPlace(event.target.value)}
          {...invalid('address')}
        />
      </LabelledField>
      <LabelledField id={`${id}-directions`} label="Directions (optional)">
        <Textarea
          id={`${id}-directions`}
          rows={2}
          value={directions}
          onChange={(event) => setDirections(event.target.value)}
          {...invalid('directions')}
        />
      </LabelledField>
    </>
  );
}

type AddressDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  address: PickupAddress | null;
  when: string;
  onSubmit: (value: { address: string; directions: string | null }) => void;
};

/** The seller confirms the buyer's time and gives the pickup address with it (none is on the order yet). */
export function PickupAddressDialog({ open, onOpenChange, pending, address, when, onSubmit }: AddressDialogProps) {
  const id = useId();
  const [place, setPlace] = useState(address?.address ?? '');
  const [directions, setDirections] = useState(address?.directions ?? '');
  const [shown, setShown] = useState<Shown>(null);
  const errorId = `${id}-error`;
  const invalid = (field: string) =>
    shown?.field === field ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm the pickup time"
      description={`${when}. Give the pickup address: the buyer sees it once you confirm.`}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = pickupAddressSchema.safeParse({ address: place, directions });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          setShown(issue ? { field: fieldOf(issue.path), message: issue.message } : null);
          return;
        }
        setShown(null);
        onSubmit(parsed.data);
      }}
      errorId={errorId}
      error={shown?.message}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Confirm"
      pendingLabel="Confirming…"
    >
      <AddressFields
        id={id}
        place={place}
        directions={directions}
        setPlace={setPlace}
        setDirections={setDirections}
        invalid={invalid}
      />
    </FormDialog>
  );
}
