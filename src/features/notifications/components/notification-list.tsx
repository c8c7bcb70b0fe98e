import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { PagedList } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useUnreadNotificationCount } from '@/features/notifications/api/get-unread-notification-count';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { MARK_READ_FAILED } from '@/features/notifications/components/notification-bell';
import { NotificationTime } from '@/features/notifications/components/notification-time';
import { notificationHref } from '@/features/notifications/utils/notification-href';
import { cn } from '@/lib/utils';

/**
 * Every notification of the user, newest first, a page at a time (keyset), each with a link to its page and
 * "Mark as read"; "Mark all as read" above. The bell in the top bar keeps these queries live.
 */
export function NotificationList({ userId }: { userId: string }) {
  const query = useNotifications(userId);
  const { data: unread } = useUnreadNotificationCount(userId);
  const markRead = useMarkNotificationsRead(userId, { onError: () => toast.error(MARK_READ_FAILED) });

  return (
    <PagedList
      query={query}
      loading="Loading notifications"
      failed="Failed to load notifications"
      empty={
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No notifications yet. Bids, nudges, messages and project updates will show up here.
        </p>
      }
      className="divide-y rounded-lg border"
      more={{ className: 'mt-4' }}
      frame={(list) => (
        <div className="space-y-4">
          <div className="flex items-center justify-between gap-4">
            <p className="text-sm text-muted-foreground">{unread ? `${unread} unread` : 'All caught up'}</p>
            <Button variant="outline" disabled={!unread || markRead.isPending} onClick={() => markRead.mutate(null)}>
              Mark all as read
            </Button>
          </div>
          {list}
        </div>
      )}
    >
      {(n) => {
        const isUnread = n.read_at === null;
        return (
          <li
            key={n.id}
            data-testid="notification"
            className={cn('flex flex-wrap items-start gap-3 p-4', isUnread && 'bg-accent/40')}
          >
            <div className="min-w-0 flex-1 space-y-1">
              <Link
                to={notificationHref(n.link)}
                onClick={() => {
                  if (isUnread) markRead.mutate([n.id]);
                }}
                className={cn('hover:underline', isUnread ? 'font-semibold' : 'font-medium')}
              >
                {isUnread ? <span className="sr-only">Unread: </span> : null}
                {n.title}
              </Link>
              {n.body ? <p className="text-sm text-muted-foreground">{n.body}</p> : null}
              <NotificationTime iso={n.created_at} className="block text-xs text-muted-foreground" />
            </div>
            {isUnread ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate([n.id])}
                aria-label={`Mark as read: ${n.title}`}
              >
                Mark as read
              </Button>
            ) : null}
          </li>
        );
      }}
    </PagedList>
  );
}
