import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catchUpAfterSubscribe, liveRefresher } from '@/lib/realtime-catch-up';
import { supabase } from '@/lib/supabase';

export type LiveQueryOptions = {
  /** Realtime channel name, unique per feed (e.g. `project-items:{projectId}`). */
  channel: string;
  /** The table, or several tables of one page's data: one channel, one catch-up read when it (re)subscribes. */
  table: string | readonly string[];
  /**
   * postgres_changes filter, e.g. `project_id=eq.{id}`; or one per table when the tables name the key differently
   * (an order's row is `id=eq.{id}`, its windows' `order_id=eq.{id}`).
   */
  filter: string | Readonly<Record<string, string>>;
  queryKey: QueryKey;
  /** Other queries a change makes stale (e.g. the piece an offer reserves): read again on each change too. */
  alsoReads?: readonly QueryKey[];
  enabled?: boolean;
};

/**
 * Keeps a query live: any change (insert, update, delete) to the matching rows of `table` reads it again, and so
 * does every (re)subscribe once Realtime streams the changes, since changes made while the feed was not live are
 * never delivered (see catchUpAfterSubscribe). A read in flight (a Load more) is never started over (liveRefresher). The channel is
 * removed on unmount.
 */
export function useLiveQuery({ channel, table, filter, queryKey, alsoReads = [], enabled = true }: LiveQueryOptions) {
  const queryClient = useQueryClient();
  // The keys' hashes, not the arrays, decide when to resubscribe: callers build new arrays each render.
  const key = hashKey(queryKey);
  const alsoKey = hashKey(alsoReads);
  const tables = (typeof table === 'string' ? [table] : table).join(',');
  // As text, so a record built anew each render does not resubscribe.
  const filters = typeof filter === 'string' ? filter : JSON.stringify(filter);
  useEffect(() => {
    if (!enabled) return;
    const liveKey = JSON.parse(key) as QueryKey;
    const others = JSON.parse(alsoKey) as QueryKey[];
    let stopCatchUp = () => {};
    const refresher = liveRefresher(queryClient, liveKey);
    const onChange = () => {
      refresher.refresh();
      for (const other of others) void queryClient.invalidateQueries({ queryKey: other });
    };
    const feed = supabase.channel(channel);
    const perTable = filters.startsWith('{') ? (JSON.parse(filters) as Record<string, string>) : null;
    for (const name of tables.split(',')) {
      const tableFilter = perTable ? perTable[name] : filters;
      if (tableFilter === undefined) throw new Error(`useLiveQuery: no filter for ${name}`);
      feed.on('postgres_changes', { event: '*', schema: 'public', table: name, filter: tableFilter }, onChange);
    }
    // The catch-up read waits for Realtime's "Subscribed to PostgreSQL" (a system message after each join), not
    // for the join's reply: changes are streamed only from that message on, so a row written between the two would
    // be neither delivered nor read (docs/architecture.md, "Live pages"). An error there ("Unable to subscribe…")
    // still reads once, so the page shows what is there.
    feed.on('system', {}, (payload: { extension?: string }) => {
      if (payload.extension !== 'postgres_changes') return;
      stopCatchUp();
      stopCatchUp = catchUpAfterSubscribe(queryClient, liveKey, () => refresher.refresh());
    });
    const subscription = feed.subscribe();
    return () => {
      stopCatchUp();
      refresher.stop();
      void supabase.removeChannel(subscription);
    };
  }, [channel, tables, filters, key, alsoKey, enabled, queryClient]);
}
