import { paths, safeRedirectPath } from '@/config/paths';

/**
 * Where a notification leads: its `link`, an app path the database wrote (a check constraint keeps it starting
 * with '/'); anything that is not a same-origin path opens the notifications page instead.
 */
export function notificationHref(link: string): string {
  return safeRedirectPath(link) ?? paths.notifications.getHref();
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}
