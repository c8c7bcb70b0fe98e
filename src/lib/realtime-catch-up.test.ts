import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { catchUpAfterSubscribe } from '@/lib/realtime-catch-up';

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
