const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 28, 2026, 3:15 PM". */
export function formatWhen(iso: string): string {
  return when.format(new Date(iso));
}
