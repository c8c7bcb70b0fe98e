const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as the console shows it: "Dec 2, 2026, 3:04 PM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const DAY_MS = 24 * 3600 * 1000;

/** How long an account has existed, in words: "today", "5 days", "3 months", "2 years". */
export function accountAge(createdAt: string, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS);
  if (days < 1) return 'today';
  if (days < 60) return days === 1 ? '1 day' : `${days} days`;
  const months = Math.floor(days / 30.44);
  if (months < 24) return `${months} months`;
  const years = Math.floor(days / 365.25);
  return `${years} years`;
}

/** "1 person" / "3 people". */
export function people(count: number): string {
  return count === 1 ? '1 person' : `${count} people`;
}

/** A party of a dispute or an order as the console reads them: gone when their account was deleted. */
export type Party = { id: string | null; name: string | null } | null;

/** A party's name, or what is left of a deleted account. */
export function partyName(person: Party): string {
  return person?.name ?? 'A deleted account';
}

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** A span of time: "Dec 6, 2026, 10:00 AM – 12:00 PM", or both instants in full when it ends on another day. */
export function formatTimeSpan(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${dateTime.format(start)} – ${sameDay ? time.format(end) : dateTime.format(end)}`;
}
