/** The online dot beside a conversation's title: green with "<name> is online", else nothing to say. */
export function OnlineStatus({ name, online }: { name: string; online: boolean }) {
  if (!online) return null;
  return (
    <span className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="online-status">
      <span aria-hidden="true" className="size-2.5 rounded-full bg-emerald-500 ring-2 ring-emerald-500/30" />
      {name} is online
    </span>
  );
}
