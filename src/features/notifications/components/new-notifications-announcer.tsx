import { useEffect, useRef, useState } from 'react';
import type { AppNotification } from '@/features/notifications/api/get-notifications';

/**
 * The one polite live region for notifications (ADR 0025): it speaks when a notification arrives that the user
 * had not been shown yet, once for each, never for the ones already there when the bell loaded nor when
 * the list only changes (marked read, read again after a reconnect).
 */
export function NewNotificationsAnnouncer({ latest }: { latest: AppNotification[] | undefined }) {
  const seen = useRef<Set<string> | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!latest) return;
    if (seen.current === null) {
      seen.current = new Set(latest.map((n) => n.id));
      return;
    }
    const known = seen.current;
    const arrived = latest.filter((n) => !known.has(n.id) && n.read_at === null);
    for (const n of latest) known.add(n.id);
    if (arrived.length === 0) return;
    const [newest] = arrived;
    setMessage(
      arrived.length === 1
        ? `New notification: ${newest!.title}`
        : `${arrived.length} new notifications. Latest: ${newest!.title}`,
    );
  }, [latest]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
