import { z } from 'zod';

/**
 * The rules of an offer of pickup times, in the database's words (rpc offer_pickup_windows checks them again,
 * docs/orders.md): one to three times, each starting at least an hour from now and within 30 days, lasting 15
 * minutes to 12 hours, none overlapping; the seller's address 5 to 300 characters, directions up to 300.
 */
export const MAX_PICKUP_WINDOWS = 3;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export const PICKUP_MESSAGES = {
  count: 'Offer one to three pickup times',
  start: 'A pickup time must start at least an hour from now and within 30 days',
  length: 'A pickup time must last between 15 minutes and 12 hours',
  overlap: 'Pickup times must not overlap',
  address: 'Give the pickup address (5 to 300 characters)',
  directions: 'Keep the directions to 300 characters',
} as const;

/** One row of the form, as the person typed it in their own time zone. */
export type PickupWindowDraft = { date: string; from: string; to: string };
export type PickupWindowSpan = { starts_at: string; ends_at: string };
/** What is sent: the spans as instants, and the seller's address. */
export type PickupOffer = { windows: PickupWindowSpan[]; address?: string; directions?: string | null };

/** "2026-12-05" and "10:30" in the browser's time zone, as an instant (NaN when incomplete). */
export function localInstant(date: string, time: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return Number.NaN;
  // A date-time without an offset is read in the local time zone.
  return new Date(`${date}T${time}`).getTime();
}

const draft = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick the date of each pickup time'),
  from: z.string().regex(/^\d{2}:\d{2}$/, 'Give the time each pickup starts'),
  to: z.string().regex(/^\d{2}:\d{2}$/, 'Give the time each pickup ends'),
});

export const addressSchema = z.string().trim().min(5, PICKUP_MESSAGES.address).max(300, PICKUP_MESSAGES.address);
export const directionsSchema = z.string().trim().max(300, PICKUP_MESSAGES.directions);

/** The times of an offer, judged at `now`; each pickup ends on the day it starts. */
export function pickupWindowsSchema(now: number) {
  return z
    .array(draft)
    .min(1, PICKUP_MESSAGES.count)
    .max(MAX_PICKUP_WINDOWS, PICKUP_MESSAGES.count)
    .transform((rows) =>
      rows.map((row) => ({ start: localInstant(row.date, row.from), end: localInstant(row.date, row.to) })),
    )
    .superRefine((spans, context) => {
      spans.forEach(({ start, end }, index) => {
        if (start < now + HOUR || start > now + 30 * 24 * HOUR) {
          context.addIssue({ code: 'custom', path: [index, 'from'], message: PICKUP_MESSAGES.start });
        } else if (end - start < 15 * MINUTE || end - start > 12 * HOUR) {
          context.addIssue({ code: 'custom', path: [index, 'to'], message: PICKUP_MESSAGES.length });
        }
      });
      const sorted = [...spans].sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i += 1) {
        if (sorted[i]!.start < sorted[i - 1]!.end) {
          context.addIssue({
            code: 'custom',
            path: [spans.indexOf(sorted[i]!), 'from'],
            message: PICKUP_MESSAGES.overlap,
          });
          return;
        }
      }
    })
    .transform((spans) =>
      spans.map(({ start, end }) => ({
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(end).toISOString(),
      })),
    );
}

/** The whole offer: the seller gives the address with it, the buyer none. */
export function pickupOfferSchema(now: number, { seller }: { seller: boolean }) {
  return z
    .object({
      windows: pickupWindowsSchema(now),
      address: seller ? addressSchema : z.undefined(),
      directions: seller ? directionsSchema : z.undefined(),
    })
    .transform(({ windows, address, directions }): PickupOffer =>
      seller ? { windows, address, directions: directions ? directions : null } : { windows },
    );
}

/** The seller's address on its own (a seller confirming the buyer's time with none on the order gives it). */
export const pickupAddressSchema = z
  .object({ address: addressSchema, directions: directionsSchema })
  .transform(({ address, directions }) => ({ address, directions: directions ? directions : null }));

const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** A pickup time in the viewer's time zone: "Sat, Dec 5, 10:00 AM – 12:00 PM" (the end's day too if it differs). */
export function formatWindow(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${day.format(start)}, ${time.format(start)} – ${sameDay ? time.format(end) : `${day.format(end)}, ${time.format(end)}`}`;
}

/** A deadline close by, as the order page says it: "Tue 3:40 PM". */
export function formatDeadline(iso: string): string {
  return dayAndTime.format(new Date(iso)).replace(',', '');
}
