import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortfolioPhotos } from '@/features/designers/components/portfolio-photos';
import { browserImages } from '@/testing/browser-images';
import { storageError, storageFile, storageObjectRow, storageUploaded } from '@/testing/supabase-storage';
import { API_URL, recordRequests, server, storageUrl } from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const DESIGNER = 'd1';
const BUCKET = 'designer-portfolio';

/**
 * The bucket holds `files` under the designer's folder (with the folder's placeholder, which is no photo);
 * `removes` says what a remove does: deletes what it is asked ('owner'), nothing ('refused': a policy skips
 * the rows silently, as storage-api does), or fails ('fails').
 */
const bucket = { files: [] as string[], removes: 'owner' as 'owner' | 'refused' | 'fails' };
function answerTheBucket() {
  server.use(
    http.post(storageUrl(`object/list/${BUCKET}`), () =>
      HttpResponse.json([...bucket.files, '.emptyFolderPlaceholder'].map((name) => storageFile(name))),
    ),
    http.delete(storageUrl(`object/${BUCKET}`), async ({ request }) => {
      if (bucket.removes === 'fails') return storageError('500', 'InternalError', 'internal', 'Internal Server Error');
      if (bucket.removes === 'refused') return HttpResponse.json([]);
      const { prefixes } = (await request.json()) as { prefixes: string[] };
      const removed = prefixes.filter((path) => bucket.files.includes(path.replace(`${DESIGNER}/`, '')));
      bucket.files = bucket.files.filter((name) => !removed.includes(`${DESIGNER}/${name}`));
      return HttpResponse.json(removed.map((path) => storageObjectRow(BUCKET, path)));
    }),
  );
}
const publicUrl = (path: string) => `${API_URL}/storage/v1/object/public/${BUCKET}/${path}`;

describe('PortfolioPhotos: per-photo delete (docs/product.md, Designers and nudges)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    bucket.files = ['kitchen.png', 'hall.png'];
    bucket.removes = 'owner';
    sent = recordRequests();
    answerTheBucket();
  });

  it("deletes one of the owner's photos from the keyboard, says 'Photo deleted' and refreshes the grid", async () => {
    const { user } = renderApp(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn />);
    const grid = await screen.findByRole('list', { name: 'Portfolio photos' });
    expect(within(grid).getAllByRole('img')).toHaveLength(2);
    const second = within(grid).getByRole('button', { name: 'Delete photo 2' });
    second.focus();
    await user.keyboard('{Enter}');
    await findToast('Photo deleted', 'success');
    const removes = await sent.to('DELETE', `storage/v1/object/${BUCKET}`);
    expect(removes.map((r) => r.body)).toEqual([{ prefixes: [`${DESIGNER}/hall.png`] }]);
    await vi.waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(1));
    expect(within(grid).getByRole('img')).toHaveAttribute('src', publicUrl(`${DESIGNER}/kitchen.png`));
    expect(raisedToasts('error')).toEqual([]);
  });

  it("says 'Failed to delete photo' when storage removes nothing (a policy refused it) or errs", async () => {
    bucket.removes = 'refused';
    const { user } = renderApp(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn />);
    await user.click(await screen.findByRole('button', { name: 'Delete photo 1' }));
    await findToast('Failed to delete photo', 'error');
    bucket.removes = 'fails';
    await user.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    await waitFor(() => expect(raisedToasts('error')).toHaveLength(2));
    expect(raisedToasts('success')).toEqual([]);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(await sent.to('DELETE', `storage/v1/object/${BUCKET}`)).toHaveLength(2);
  });

  it('uploads a picked photo sized and as WebP', async () => {
    const drawn = browserImages({ size: [4000, 2000] });
    server.use(http.post(storageUrl(`object/${BUCKET}/*`), ({ request }) => storageUploaded(request)));
    const { user } = renderApp(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn />);
    await screen.findAllByRole('img');
    await user.upload(
      screen.getByLabelText('Upload portfolio photos'),
      new File([new Uint8Array(10)], 'kitchen.jpg', { type: 'image/jpeg' }),
    );
    await findToast('Photos uploaded successfully', 'success');
    expect(drawn).toEqual([{ width: 1600, height: 800, quality: 0.85 }]);
    const uploads = (await sent.all()).filter(
      (r) => r.method === 'POST' && r.url.pathname.startsWith(`/storage/v1/object/${BUCKET}/`),
    );
    expect(uploads.map((r) => r.url.pathname)).toEqual([
      expect.stringMatching(new RegExp(`^/storage/v1/object/${BUCKET}/${DESIGNER}/\\d+_0\\.webp$`)),
    ]);
    vi.unstubAllGlobals();
  });

  it("offers no delete or upload on someone else's portfolio", async () => {
    renderApp(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn={false} />);
    expect(await screen.findAllByRole('img')).toHaveLength(2);
    // The designer's folder, newest first; the folder's placeholder is not a photo.
    const [list] = await sent.to('POST', `storage/v1/object/list/${BUCKET}`);
    expect(list!.body).toMatchObject({ prefix: DESIGNER, limit: 100, sortBy: { column: 'created_at', order: 'desc' } });
    expect(screen.queryByRole('button', { name: /Delete photo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
  });
});
