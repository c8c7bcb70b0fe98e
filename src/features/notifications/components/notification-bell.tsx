import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { TopBarMenu } from '@/components/layouts/top-bar-menu';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useLatestNotifications } from '@/features/notifications/api/get-notifications';
import { useUnreadNotificationCount } from '@/features/notifications/api/get-unread-notification-count';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { NewNotificationsAnnouncer } from '@/features/notifications/components/new-notifications-announcer';
import { NotificationTime } from '@/features/notifications/components/notification-time';
import { useNotificationsRealtime } from '@/features/notifications/hooks/use-notifications-realtime';
import { bellLabel, notificationHref } from '@/features/notifications/utils/notification-href';
import { cn } from '@/lib/utils';

export const MARK_READ_FAILED = 'Could not mark notifications as read. Please try again.';

/**
 * The bell in the top bar (ADR 0025): the unread count, live, and a menu with the latest notifications, each a
 * link to its page (opening one marks it read), "Mark all as read" and a link to all of them. It holds the
 * user's one realtime feed of notifications and the live region that announces new ones.
 */
export function NotificationBell({ userId }: { userId: string }) {
  useNotificationsRealtime(userId);
  const { data: unread } = useUnreadNotificationCount(userId);
  const latest = useLatestNotifications(userId);
  const markRead = useMarkNotificationsRead(userId, { onError: () => toast.error(MARK_READ_FAILED) });

  return (
    <>
      <TopBarMenu
        label="Notifications"
        contentClassName="w-80"
        trigger={
          <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)}>
            <Bell aria-hidden="true" />
            {unread ? (
              <span
                aria-hidden="true"
                className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </Button>
        }
      >
        {latest.isPending ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">Loading notifications…</p>
        ) : latest.isError ? (
          <p className="px-2 py-1.5 text-sm text-destructive">Could not load notifications.</p>
        ) : latest.data.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">No notifications yet.</p>
        ) : (
          latest.data.map((n) => (
            <DropdownMenuItem key={n.id} asChild>
              <Link
                to={notificationHref(n.link)}
                onClick={() => {
                  if (n.read_at === null) markRead.mutate([n.id]);
                }}
                className="flex flex-col items-start gap-0.5"
              >
                <span className={cn('flex w-full items-start gap-2', n.read_at === null && 'font-semibold')}>
                  {n.read_at === null ? (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                  ) : null}
                  <span className="line-clamp-2">
                    {n.read_at === null ? <span className="sr-only">Unread: </span> : null}
                    {n.title}
                  </span>
                </span>
                {n.body ? <span className="line-clamp-2 text-xs text-muted-foreground">{n.body}</span> : null}
                <NotificationTime iso={n.created_at} className="text-xs text-muted-foreground" />
              </Link>
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={!unread || markRead.isPending} onSelect={() => markRead.mutate(null)}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.notifications.getHref()}>See all notifications</Link>
        </DropdownMenuItem>
      </TopBarMenu>
      <NewNotificationsAnnouncer latest={latest.data} />
    </>
  );
}

/** The mobile menu's entry: a link to the notifications page that says how many are unread. */
export function NotificationsMenuLink({ userId, className }: { userId: string; className?: string }) {
  const { data: unread } = useUnreadNotificationCount(userId);
  return (
    <Link to={paths.notifications.getHref()} aria-label={bellLabel(unread)} className={className}>
      <span className="flex items-center gap-2">
        <Bell aria-hidden="true" className="size-4" />
        Notifications
        {unread ? (
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 text-primary-foreground"
          >
            {unread}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
