import type { FetchQueryOptions, QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { getUserRole, getUserRoleQueryOptions, type UserRole } from '@/features/auth/api/get-user-role';
import { getProjectBids, getProjectBidsQueryOptions } from '@/features/bids/api/get-project-bids';
import { getMessagesPage, getMessagesQueryOptions } from '@/features/messages/api/get-messages';
import { getProjectItems, getProjectItemsQueryOptions } from '@/features/project-items/api/get-project-items';
import { getPhotoNotes, getPhotoNotesQueryOptions } from '@/features/project-photos/api/get-photo-notes';
import { getProjectPhotos, getProjectPhotosQueryOptions } from '@/features/project-photos/api/get-project-photos';
import { getProject, getProjectQueryOptions } from '@/features/projects/api/get-project';
import {
  checkSubscription,
  getSubscriptionQueryOptions,
  type SubscriptionStatus,
} from '@/features/subscription/api/check-subscription';
import { supabase } from '@/lib/supabase';

/**
 * The project page's data, requested all at once (bench:web goal: no waterfall beyond two levels).
 *
 * Every panel needs only the project id from the URL (and the signed-in user, which supabase-js already holds
 * in storage), so the route's loader (src/app/route-table.tsx, run alongside the download of the page's code)
 * starts every read the moment the URL is matched, before the page renders or knows the project's status: the
 * project, the role, the membership, bids, items, photo notes, the newest messages and the photo list (then its
 * signed links, the only second level). The page then hands these promises to React Query as the first fetch of
 * each query, so nothing is requested twice.
 *
 * The loader has no QueryClient (it belongs to the app's provider), hence this hand-over. A prefetch is used
 * once, for the same project and user, and only while fresh; otherwise the panels fetch as usual.
 */
type Started = {
  projectId: string;
  startedAt: number;
  /** Started by src/main.tsx for the document's own URL: nothing of the app is on screen yet. */
  coldStart: boolean;
  session: Promise<string | null>;
  project: Promise<Awaited<ReturnType<typeof getProject>>>;
  role: Promise<UserRole | null>;
  subscription: Promise<SubscriptionStatus>;
  bids: Promise<Awaited<ReturnType<typeof getProjectBids>>>;
  items: Promise<Awaited<ReturnType<typeof getProjectItems>>>;
  notes: Promise<Awaited<ReturnType<typeof getPhotoNotes>>>;
  photos: Promise<Awaited<ReturnType<typeof getProjectPhotos>>>;
  messages: Promise<Awaited<ReturnType<typeof getMessagesPage>>>;
};

/** Older than this, a prefetch is not handed over (the user may have stayed elsewhere for a while). */
const FRESH_MS = 10_000;
let started: Started | null = null;

/** The value of each prefetch request that has already answered (a promise cannot be asked synchronously). */
const answered = new WeakMap<Promise<unknown>, { value: unknown }>();

/**
 * Rejections are kept for the query that takes the promise; until then they must not count as unhandled.
 * Answers are remembered, so a hand-over after they came can put them in the cache at once.
 */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => void answered.set(promise, { value }),
    () => undefined,
  );
  return promise;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function startProjectPrefetch(projectId: string, { coldStart = false }: { coldStart?: boolean } = {}): void {
  // An id that cannot name a project: the page says 'Project not found' without asking anyone.
  if (!UUID.test(projectId)) return;
  // Already started for this project and not yet taken (src/main.tsx starts it for a deep link before the
  // router exists; the route's loader then asks again): the reads in flight stand.
  if (started?.projectId === projectId && Date.now() - started.startedAt <= FRESH_MS) {
    started.coldStart ||= coldStart;
    return;
  }
  // Signed out: the protected route sends the visitor to /auth, nothing to fetch.
  const session = quiet(supabase.auth.getSession().then(({ data }) => data.session?.user.id ?? null));
  const afterSession = <T>(fetch: (userId: string) => Promise<T>): Promise<T> =>
    quiet(
      session.then((userId) => {
        if (!userId) throw new Error('Not signed in');
        return fetch(userId);
      }),
    );
  started = {
    projectId,
    startedAt: Date.now(),
    coldStart,
    session,
    project: afterSession(() => getProject(projectId)),
    role: afterSession((userId) => getUserRole(userId)),
    subscription: afterSession(() => checkSubscription()),
    bids: afterSession(() => getProjectBids(projectId)),
    items: afterSession(() => getProjectItems(projectId)),
    notes: afterSession(() => getPhotoNotes(projectId)),
    photos: afterSession(() => getProjectPhotos(projectId)),
    messages: afterSession(() => getMessagesPage(projectId, null)),
  };
}

/**
 * On a cold start (the document was opened at this project's URL), resolves once every read the page shows has
 * answered or failed, or after `capMs`; otherwise at once. The route's loader waits for it, so the page's first
 * render has its data: one render of the whole page instead of a spinner and then a render per answer, each of
 * which could restart the one before (React Router renders in a transition). Nothing of the app is on screen
 * yet, so the wait costs nothing visible. After an in-app navigation the current page stays, and the new one
 * renders at once with its panels' spinners.
 */
export function coldStartReadsSettled(projectId: string, capMs: number): Promise<void> {
  const p = started;
  if (!p?.coldStart || p.projectId !== projectId) return Promise.resolve();
  // What the page shows. The membership only decides whether the subscribe prompt opens, which can follow.
  const reads = [p.project, p.role, p.bids, p.items, p.notes, p.photos, p.messages];
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, capMs);
    void Promise.allSettled(reads).then(() => {
      clearTimeout(cap);
      resolve();
    });
  });
}

/**
 * Seeds the page's queries with the prefetched requests (called once per project while the page renders, before
 * any panel's query mounts). A query with fresh data, or already fetching, keeps it (the prefetch is then unused).
 */
export function takeProjectPrefetch(queryClient: QueryClient, projectId: string, userId: string): void {
  const p = started;
  started = null;
  if (!p || p.projectId !== projectId || !userId || Date.now() - p.startedAt > FRESH_MS) return;
  // The first fetch of each query takes the prefetched request, unless it was made as someone else (a sign-in in
  // between: rows depend on who asks); a retry or a later refetch asks the server afresh.
  const sameUser = () => p.session.then((sessionUser) => sessionUser === userId);
  // Requests that have answered by now (usual for a deep link: they start before React does) go straight into
  // the cache, so the page's first render shows them: no pending state and no second render per panel.
  const answeredNow = <T>(promise: Promise<T>) =>
    answered.get(p.session)?.value === userId ? (answered.get(promise) as { value: T } | undefined) : undefined;
  const seed = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>, promise: Promise<T>) => {
    const now = answeredNow(promise);
    if (now && queryClient.getQueryData(options.queryKey) === undefined) {
      queryClient.setQueryData(options.queryKey, now.value as never);
      return;
    }
    let first: Promise<T> | null = promise;
    const fetchAgain = options.queryFn as QueryFunction<T, K>;
    void queryClient.prefetchQuery({
      ...options,
      queryFn: async (context) => {
        const answer = first;
        first = null;
        return answer && (await sameUser()) ? answer : fetchAgain(context);
      },
    });
  };

  seed(getProjectQueryOptions(projectId), p.project);
  seed(getUserRoleQueryOptions(userId), p.role);
  seed(getSubscriptionQueryOptions(userId), p.subscription);
  seed(getProjectBidsQueryOptions(projectId), p.bids);
  seed(getProjectItemsQueryOptions(projectId), p.items);
  seed(getPhotoNotesQueryOptions(projectId), p.notes);
  seed(getProjectPhotosQueryOptions(projectId), p.photos);
  const messagesKey = getMessagesQueryOptions(projectId).queryKey;
  const firstPageNow = answeredNow(p.messages);
  if (firstPageNow && queryClient.getQueryData(messagesKey) === undefined) {
    queryClient.setQueryData(messagesKey, { pages: [firstPageNow.value], pageParams: [null] });
    return;
  }
  let firstPage: typeof p.messages | null = p.messages;
  void queryClient.prefetchInfiniteQuery({
    ...getMessagesQueryOptions(projectId),
    queryFn: async ({ pageParam }) => {
      const answer = pageParam === null ? firstPage : null;
      firstPage = null;
      return answer && (await sameUser()) ? answer : getMessagesPage(projectId, pageParam);
    },
  });
}
