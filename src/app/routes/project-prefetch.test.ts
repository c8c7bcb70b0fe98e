import { beforeEach, describe, expect, it, vi } from 'vitest';
import { coldStartReadsSettled, startProjectPrefetch, takeProjectPrefetch } from '@/app/routes/project-prefetch';
import { getProjectQueryOptions } from '@/features/projects/api/get-project';
import { createQueryClient } from '@/lib/query-client';
import { projectKeys, userKeys } from '@/lib/query-keys';

const ID = '8f4e2d1c-1111-4222-8333-944455556666';
const session = vi.fn();
// Any request not made through the spied fetchers below would reach this and fail the test.
vi.mock('@/lib/supabase', () => ({
  supabase: {
    auth: { getSession: () => session() },
    from: () => {
      throw new Error('unexpected request');
    },
  },
}));
const fetched = vi.hoisted(() => ({
  getProject: vi.fn(),
  getUserRole: vi.fn(),
  checkSubscription: vi.fn(),
  getProjectBids: vi.fn(),
  getProjectItems: vi.fn(),
  getPhotoNotes: vi.fn(),
  getProjectPhotos: vi.fn(),
  getMessagesPage: vi.fn(),
}));
vi.mock('@/features/projects/api/get-project', async (original) => ({
  ...(await original<object>()),
  getProject: fetched.getProject,
}));
vi.mock('@/features/auth/api/get-user-role', async (original) => ({
  ...(await original<object>()),
  getUserRole: fetched.getUserRole,
}));
vi.mock('@/features/subscription/api/check-subscription', async (original) => ({
  ...(await original<object>()),
  checkSubscription: fetched.checkSubscription,
}));
vi.mock('@/features/bids/api/get-project-bids', async (original) => ({
  ...(await original<object>()),
  getProjectBids: fetched.getProjectBids,
}));
vi.mock('@/features/project-items/api/get-project-items', async (original) => ({
  ...(await original<object>()),
  getProjectItems: fetched.getProjectItems,
}));
vi.mock('@/features/project-photos/api/get-photo-notes', async (original) => ({
  ...(await original<object>()),
  getPhotoNotes: fetched.getPhotoNotes,
}));
vi.mock('@/features/project-photos/api/get-project-photos', async (original) => ({
  ...(await original<object>()),
  getProjectPhotos: fetched.getProjectPhotos,
}));
vi.mock('@/features/messages/api/get-messages', async (original) => ({
  ...(await original<object>()),
  getMessagesPage: fetched.getMessagesPage,
}));

describe('project page prefetch', () => {
  beforeEach(() => {
    takeProjectPrefetch(createQueryClient(), ID, 'u1'); // nothing left over from the test before
    session.mockReset().mockResolvedValue({ data: { session: { user: { id: 'u1' } } } });
    fetched.getProject.mockReset().mockResolvedValue({ id: ID, title: 'Sunny loft' });
    fetched.getUserRole.mockReset().mockResolvedValue('customer');
    fetched.checkSubscription.mockReset().mockResolvedValue({ subscribed: true, plan: 'client' });
    for (const f of ['getProjectBids', 'getProjectItems', 'getProjectPhotos', 'getMessagesPage'] as const)
      fetched[f].mockReset().mockResolvedValue([]);
    fetched.getPhotoNotes.mockReset().mockResolvedValue({});
  });

  it('starts every panel read at once and hands each to its query as the first fetch', async () => {
    startProjectPrefetch(ID);
    await vi.waitFor(() => expect(fetched.getMessagesPage).toHaveBeenCalled());
    // All started before any of them was handed over, i.e. in parallel and not one after another.
    for (const f of Object.values(fetched)) expect(f).toHaveBeenCalledTimes(1);
    expect(fetched.getMessagesPage).toHaveBeenCalledWith(ID, null);
    expect(fetched.getUserRole).toHaveBeenCalledWith('u1');

    const client = createQueryClient();
    takeProjectPrefetch(client, ID, 'u1');
    await vi.waitFor(() =>
      expect(client.getQueryData(projectKeys.detail(ID))).toEqual({ id: ID, title: 'Sunny loft' }),
    );
    expect(client.getQueryData(userKeys.role('u1'))).toBe('customer');
    expect(client.getQueryData(userKeys.subscription('u1'))).toEqual({ subscribed: true, plan: 'client' });
    for (const key of [projectKeys.bids(ID), projectKeys.items(ID), projectKeys.photos(ID)])
      expect(client.getQueryData(key)).toEqual([]);
    expect(client.getQueryData(projectKeys.messages(ID))).toEqual({ pages: [[]], pageParams: [null] });
    // The page's own query finds the data fresh: nothing is requested twice.
    await client.fetchQuery(getProjectQueryOptions(ID));
    for (const f of Object.values(fetched)) expect(f).toHaveBeenCalledTimes(1);
  });

  it('puts answers that have come by the hand-over into the cache at once (the first render shows them)', async () => {
    startProjectPrefetch(ID);
    await vi.waitFor(() => expect(fetched.getMessagesPage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    const client = createQueryClient();
    takeProjectPrefetch(client, ID, 'u1');
    // Synchronously, no await in between.
    expect(client.getQueryData(projectKeys.detail(ID))).toEqual({ id: ID, title: 'Sunny loft' });
    expect(client.getQueryData(userKeys.role('u1'))).toBe('customer');
    expect(client.getQueryData(projectKeys.messages(ID))).toEqual({ pages: [[]], pageParams: [null] });
    for (const f of Object.values(fetched)) expect(f).toHaveBeenCalledTimes(1);
  });

  it("is never handed to another user's queries, and is used once", async () => {
    startProjectPrefetch(ID);
    await vi.waitFor(() => expect(fetched.getMessagesPage).toHaveBeenCalled());
    // Signed in as someone else meanwhile: their queries ask the server themselves (here: the unexpected request).
    const other = createQueryClient();
    takeProjectPrefetch(other, ID, 'someone-else');
    await vi.waitFor(() => expect(other.getQueryState(projectKeys.detail(ID))?.status).toBe('error'), {
      timeout: 5000,
    }); // after its one retry
    expect(other.getQueryData(projectKeys.detail(ID))).toBeUndefined();
    expect(other.getQueryData(projectKeys.items(ID))).toBeUndefined();
    // Taken (and discarded) above: a later page render does not get it either.
    const again = createQueryClient();
    takeProjectPrefetch(again, ID, 'u1');
    expect(again.getQueryState(projectKeys.detail(ID))).toBeUndefined();
    expect(fetched.getProject).toHaveBeenCalledTimes(1);
  });

  it('started twice for the same project (deep link, then the route loader), reads once', async () => {
    startProjectPrefetch(ID);
    startProjectPrefetch(ID);
    await vi.waitFor(() => expect(fetched.getMessagesPage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const f of Object.values(fetched)) expect(f).toHaveBeenCalledTimes(1);
    const client = createQueryClient();
    takeProjectPrefetch(client, ID, 'u1');
    await vi.waitFor(() => expect(client.getQueryData(projectKeys.items(ID))).toEqual([]));
    // Taken: the next visit of the page reads afresh.
    startProjectPrefetch(ID);
    await vi.waitFor(() => expect(fetched.getMessagesPage).toHaveBeenCalledTimes(2));
    expect(fetched.getProject).toHaveBeenCalledTimes(2);
    takeProjectPrefetch(createQueryClient(), ID, 'u1'); // nothing left over for the next test
  });

  it('asks nothing for an id that cannot name a project, or when signed out', async () => {
    startProjectPrefetch('not-a-project');
    session.mockResolvedValue({ data: { session: null } });
    startProjectPrefetch(ID);
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const f of Object.values(fetched)) expect(f).not.toHaveBeenCalled();
  });

  it('on a cold start, settles once every read has answered or failed (so the page renders once, with its data)', async () => {
    let answerMessages: (value: unknown[]) => void = () => undefined;
    fetched.getMessagesPage.mockReturnValue(new Promise((resolve) => (answerMessages = resolve)));
    fetched.getProjectBids.mockRejectedValue(new Error('offline'));
    fetched.checkSubscription.mockReturnValue(new Promise(() => undefined)); // never answers
    startProjectPrefetch(ID, { coldStart: true });
    startProjectPrefetch(ID); // the route's loader: the same reads, still a cold start
    let settled = false;
    void coldStartReadsSettled(ID, 10_000).then(() => (settled = true));
    await vi.waitFor(() => expect(fetched.getMessagesPage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false); // the messages have not answered yet
    answerMessages([]);
    await vi.waitFor(() => expect(settled).toBe(true));
    // The membership check is not waited for: it only decides whether the subscribe prompt opens.
    expect(fetched.checkSubscription).toHaveBeenCalled();
    // Everything answered is in the cache at the first render.
    const client = createQueryClient();
    takeProjectPrefetch(client, ID, 'u1');
    expect(client.getQueryData(projectKeys.detail(ID))).toEqual({ id: ID, title: 'Sunny loft' });
  });

  it('waits at most the cap on a cold start, and not at all otherwise', async () => {
    vi.useFakeTimers();
    try {
      fetched.getMessagesPage.mockReturnValue(new Promise(() => undefined)); // never answers
      startProjectPrefetch(ID);
      let settled = false;
      void coldStartReadsSettled(ID, 1500).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(true); // an in-app navigation: no wait
      takeProjectPrefetch(createQueryClient(), ID, 'u1');

      startProjectPrefetch(ID, { coldStart: true });
      settled = false;
      void coldStartReadsSettled(ID, 1500).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(1499);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      // Another project than the one started: no wait either.
      let other = false;
      void coldStartReadsSettled('8f4e2d1c-1111-4222-8333-000000000000', 1500).then(() => (other = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(other).toBe(true);
      takeProjectPrefetch(createQueryClient(), ID, 'u1');
    } finally {
      vi.useRealTimers();
    }
  });
});
