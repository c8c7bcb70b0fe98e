import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { catchUpAfterSubscribe, liveRefresher } from '@/lib/realtime-catch-up';

const KEY = ['projects', 'p1', 'messages'];

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A mounted query (as a panel's useQuery is): its first read starts at once, invalidation refetches it. */
function mountQuery(read: () => Promise<string[]>) {
  const client = createQueryClient();
  const observer = new QueryObserver(client, { queryKey: KEY, queryFn: read });
  const unmount = observer.subscribe(() => undefined);
  return { client, unmount };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('catchUpAfterSubscribe', () => {
  it('reads the query again, after the next paint', async () => {
    const read = vi.fn<() => Promise<string[]>>().mockResolvedValueOnce(['first']).mockResolvedValue(['again']);
    const { client, unmount } = mountQuery(read);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['first']));
    catchUpAfterSubscribe(client, KEY);
    // Not in the same task: the page paints first.
    expect(read).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['again']));
    expect(read).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('lets a read in flight finish instead of starting it over, then reads again', async () => {
    const first = deferred<string[]>();
    const read = vi
      .fn<() => Promise<string[]>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValue(['after subscribe']);
    const { client, unmount } = mountQuery(read);
    catchUpAfterSubscribe(client, KEY);
    await sleep(50);
    // Still the one read: not cancelled, not duplicated.
    expect(read).toHaveBeenCalledTimes(1);
    first.resolve(['first']);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['after subscribe']));
    expect(read).toHaveBeenCalledTimes(2);
    unmount();
  });

  it("waits for the page's other reads to finish first", async () => {
    const read = vi.fn<() => Promise<string[]>>().mockResolvedValueOnce(['first']).mockResolvedValue(['again']);
    const { client, unmount } = mountQuery(read);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['first']));
    const other = deferred<string>();
    void client.fetchQuery({ queryKey: ['projects', 'p1', 'photos'], queryFn: () => other.promise });
    catchUpAfterSubscribe(client, KEY);
    await sleep(100);
    expect(read).toHaveBeenCalledTimes(1);
    other.resolve('photos');
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(['again']));
    unmount();
  });

  it('does nothing once cancelled (unmounted, or subscribed again)', async () => {
    const first = deferred<string[]>();
    const read = vi.fn<() => Promise<string[]>>().mockReturnValueOnce(first.promise).mockResolvedValue(['again']);
    const { client, unmount } = mountQuery(read);
    const cancelWaiting = catchUpAfterSubscribe(client, KEY);
    cancelWaiting();
    first.resolve(['first']);
    await sleep(1100);
    expect(read).toHaveBeenCalledTimes(1);
    // Cancelled before the paint, with nothing in flight.
    const cancelPainting = catchUpAfterSubscribe(client, KEY);
    cancelPainting();
    await sleep(1100);
    expect(read).toHaveBeenCalledTimes(1);
    unmount();
  });
});

describe('liveRefresher', () => {
  const LIST = ['notifications', 'u1'];

  /** A mounted paged list (as useInfiniteQuery is): pages of `size` rows counted down from `total`. */
  function mountList(read: (cursor: number) => Promise<number[]>) {
    const client = createQueryClient();
    const observer = new InfiniteQueryObserver(client, {
      queryKey: LIST,
      queryFn: ({ pageParam }) => read(pageParam),
      initialPageParam: 0,
      getNextPageParam: (last: number[], pages: number[][]) => (last.length === 2 ? pages.length * 2 : undefined),
    });
    const unmount = observer.subscribe(() => undefined);
    return { client, observer, unmount };
  }

  it('keeps a Load more that a burst of changes arrives during, then reads every page again once', async () => {
    const nextPage = deferred<number[]>();
    const reads: number[] = [];
    const read = (cursor: number) => {
      reads.push(cursor);
      // The second read of the page after the first is the Load more, held until the test lets it answer.
      if (cursor === 2 && reads.filter((c) => c === 2).length === 1) return nextPage.promise;
      return Promise.resolve(cursor === 0 ? [5, 4] : [3, 2]);
    };
    const { client, observer, unmount } = mountList(read);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toEqual([[5, 4]]));
    const more = observer.fetchNextPage();
    const refresher = liveRefresher(client, LIST);
    for (let i = 0; i < 5; i += 1) refresher.refresh();
    await sleep(20);
    // Nothing started over the Load more.
    expect(reads).toEqual([0, 2]);
    nextPage.resolve([3, 2]);
    await more;
    await vi.waitFor(() => expect(reads).toEqual([0, 2, 0, 2]));
    expect(observer.getCurrentResult().data?.pages).toEqual([
      [5, 4],
      [3, 2],
    ]);
    refresher.stop();
    unmount();
  });

  it('reads at once when nothing is in flight', async () => {
    const read = vi.fn((cursor: number) => Promise.resolve(cursor === 0 ? [1] : []));
    const { client, observer, unmount } = mountList(read);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    liveRefresher(client, LIST).refresh();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    unmount();
  });
});
