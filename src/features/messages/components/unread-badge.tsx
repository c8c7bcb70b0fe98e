/** How many messages of a conversation the viewer has not read yet ("2 unread"); nothing when none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
      data-testid="unread"
    >
      {count} unread
    </span>
  );
}
