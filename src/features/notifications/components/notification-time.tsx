const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When a notification was written: "Nov 27, 2026, 9:41 AM". */
export function NotificationTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} className={className}>
      {dateTime.format(new Date(iso))}
    </time>
  );
}
