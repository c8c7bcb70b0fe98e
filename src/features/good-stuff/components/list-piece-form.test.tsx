import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PieceDetail } from '@/features/good-stuff/api/get-piece';
import { ListPieceForm } from '@/features/good-stuff/components/list-piece-form';
import { storageObjectRow, storageRefused, storageUploaded } from '@/testing/supabase-storage';
import {
  API_URL,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storageUrl,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const NEW_ID = 'a0000000-0000-4000-8000-000000000001';
const publicUrl = (path: string) => `${API_URL}/storage/v1/object/public/catalog-images/${path}`;

/**
 * A file as Storage received it: where, and the multipart part's content type. (Not its bytes or file name: under
 * Vitest's jsdom environment a jsdom File crosses to Node's fetch as a nameless Blob whose content is the text
 * "undefined", vitest-dev/vitest#11294; a browser sends both.)
 */
type Stored = { path: string; type: string };

/** Storage stores what is uploaded to catalog-images (answering as storage-api does); the listing is inserted. */
function backendAccepts(stored: Stored[]) {
  server.use(
    http.post(storageUrl('object/catalog-images/*'), async ({ request }) => {
      const path = new URL(request.url).pathname.replace('/storage/v1/object/catalog-images/', '');
      const file = (await request.formData()).get('') as File;
      stored.push({ path, type: file.type });
      return storageUploaded(request);
    }),
    http.delete(storageUrl('object/catalog-images'), async ({ request }) => {
      const { prefixes } = (await request.json()) as { prefixes: string[] };
      return HttpResponse.json(prefixes.map((name) => storageObjectRow('catalog-images', name)));
    }),
    http.post(restUrl('catalog_items'), ({ request }) => pgrstRows(request, [{ id: NEW_ID }])),
    http.patch(restUrl('catalog_items'), ({ request }) => pgrstRows(request, [{ id: NEW_ID }])),
    // The location field's suggestions.
    http.post(rpcUrl('search_places'), () =>
      HttpResponse.json([
        { id: 'gn:5746545', label: 'Portland, OR', kind: 'city', latitude: 45.52345, longitude: -122.67621 },
      ]),
    ),
  );
}
/** What the form wrote: every request but the location field's suggestions. */
const writes = async (sent: ReturnType<typeof recordRequests>) =>
  (await sent.all()).filter((r) => r.url.pathname !== '/rest/v1/rpc/search_places');

function setup(item?: PieceDetail) {
  const onSaved = vi.fn();
  return { ...renderApp(<ListPieceForm userId="d1" item={item} onSaved={onSaved} />), onSaved };
}

type User = ReturnType<typeof setup>['user'];
async function fillRequired(user: User, { dimensions = true } = {}) {
  await user.type(screen.getByLabelText('Title'), ' Opaline lamp ');
  await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
  await user.type(screen.getByLabelText('Price ($)'), '95.50');
  await user.type(screen.getByLabelText('Description'), 'White opaline glass, 1960s.');
  await user.selectOptions(screen.getByLabelText('Condition'), 'Very good');
  if (dimensions) {
    await user.type(screen.getByLabelText('Width (in)'), '12');
    await user.type(screen.getByLabelText('Depth (in)'), '12.5');
    await user.type(screen.getByLabelText('Height (in)'), '20');
  }
  await user.type(screen.getByLabelText('Location'), 'Portl');
  await user.click(await screen.findByRole('option', { name: 'Portland, OR' }));
}

const submit = (user: User, name = 'List Item') => user.click(screen.getByRole('button', { name }));
const image = (name: string, type = 'image/png') => new File([name], name, { type });

describe('ListPieceForm (docs/product.md, Good Stuff)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let stored: Stored[];
  beforeEach(() => {
    sent = recordRequests();
    stored = [];
    backendAccepts(stored);
    // jsdom has no object URLs; the picker shows picked files through them.
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:${API_URL}/preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows only the first message, in form order, and lists nothing', async () => {
    const { user } = setup();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Title'), 'Lamp');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Price is required');
    expect(await writes(sent)).toEqual([]);
  });

  it.each([
    ['', 'Width is required'],
    ['0', 'Width must be more than 0'],
    ['1200.5', 'Width must be at most 1200 inches'],
    ['12.25', 'Width must be a number of inches, with at most one decimal'],
  ])('refuses a width of "%s": %s', async (width, message) => {
    const { user } = setup();
    await fillRequired(user, { dimensions: false });
    if (width) await user.type(screen.getByLabelText('Width (in)'), width);
    await user.type(screen.getByLabelText('Depth (in)'), '12');
    await user.type(screen.getByLabelText('Height (in)'), '20');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Width (in)')).toHaveAttribute('aria-invalid', 'true');
    expect(await writes(sent)).toEqual([]);
  });

  it('needs a condition from the list', async () => {
    const { user } = setup();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Condition'), '');
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Condition is required');
    const options = within(screen.getByLabelText('Condition'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select a condition', 'Excellent', 'Very good', 'Good', 'Fair']);
  });

  it('refuses a photo that is not an image', async () => {
    const { user } = setup();
    await fillRequired(user);
    // The picker's accept list is a hint the browser may not enforce (drag and drop, "All files").
    fireEvent.change(screen.getByLabelText('Photos (up to 6)'), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only JPEG, PNG, GIF, and WebP images are allowed');
    expect(await writes(sent)).toEqual([]);
  });

  it('takes six photos at most: a seventh is refused until one is removed', async () => {
    const { user } = setup();
    await fillRequired(user);
    await user.upload(
      screen.getByLabelText('Photos (up to 6)'),
      Array.from({ length: 7 }, (_, i) => image(`p${i + 1}.png`)),
    );
    expect(screen.getAllByTestId('listing-photo')).toHaveLength(7);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 6 photos');
    await user.click(screen.getByRole('button', { name: 'Remove Photo 7 (p7.png)' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getAllByTestId('listing-photo')).toHaveLength(6);
    // Six: no more can be picked.
    expect(screen.getByText('6 photos: remove one to add another.')).toBeInTheDocument();
  });

  it('uploads the photos in the chosen order, cover first, and inserts the parsed listing', async () => {
    const { user, onSaved } = setup();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Photos (up to 6)'), [
      image('front.png'),
      image('side.webp', 'image/webp'),
      image('back.jpg', 'image/jpeg'),
    ]);
    // The side view becomes the cover; the back one is removed.
    await user.click(screen.getByRole('button', { name: 'Make cover: Photo 2 (side.webp)' }));
    await user.click(screen.getByRole('button', { name: 'Remove Photo 3 (back.jpg)' }));
    const photos = screen.getAllByTestId('listing-photo');
    expect(photos.map((p) => within(p).getByRole('img').getAttribute('alt'))).toEqual([
      'Photo 1 (side.webp)',
      'Photo 2 (front.png)',
    ]);
    expect(within(photos[0]!).getByText('Cover')).toBeInTheDocument();
    await submit(user);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(stored.map((s) => s.type)).toEqual(['image/webp', 'image/png']);
    for (const s of stored) expect(s.path).toMatch(/^d1\/\d+-\d\.(webp|png)$/);
    const [insert, ...more] = await sent.to('POST', 'rest/v1/catalog_items');
    expect(more).toEqual([]);
    expect(insert!.body).toEqual({
      designer_id: 'd1',
      title: 'Opaline lamp',
      description: 'White opaline glass, 1960s.',
      category: 'lighting',
      price: 95.5,
      condition: 'very_good',
      location: 'Portland, OR',
      place_id: 'gn:5746545',
      // The bucket is public: the listing keeps the objects' public URLs, the cover first. No `dimensions`.
      photo_urls: stored.map((s) => publicUrl(s.path)),
      width_in: 12,
      depth_in: 12.5,
      height_in: 20,
    });
    await findToast('Vintage item listed successfully!', 'success');
  });

  it('lists nothing when Storage refuses a photo, removes the ones it took, and says so', async () => {
    let uploads = 0;
    server.use(
      http.post(storageUrl('object/catalog-images/*'), ({ request }) =>
        ++uploads === 2 ? storageRefused() : storageUploaded(request),
      ),
    );
    const { user, onSaved } = setup();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Photos (up to 6)'), [image('a.png'), image('b.png')]);
    await submit(user);
    await findToast('Failed to list item', 'error');
    expect(await sent.to('POST', 'rest/v1/catalog_items')).toEqual([]);
    const [removal] = await sent.to('DELETE', 'storage/v1/object/catalog-images');
    expect((removal!.body as { prefixes: string[] }).prefixes).toEqual([expect.stringMatching(/^d1\/\d+-0\.png$/)]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('removes the uploaded photos when the database refuses the listing', async () => {
    server.use(
      http.post(restUrl('catalog_items'), () =>
        pgrstError(400, '23514', 'new row for relation "catalog_items" violates check constraint'),
      ),
    );
    const { user } = setup();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Photos (up to 6)'), [image('a.png')]);
    await submit(user);
    await findToast('Failed to list item', 'error');
    const [removal] = await sent.to('DELETE', 'storage/v1/object/catalog-images');
    expect((removal!.body as { prefixes: string[] }).prefixes).toEqual([stored[0]!.path]);
  });

  it('edits a piece: its saved photos stay, a removed one leaves Storage, and the row is updated', async () => {
    const saved = ['d1/100-0.png', 'd1/100-1.png'].map(publicUrl);
    const item: PieceDetail = {
      id: NEW_ID,
      designer_id: 'd1',
      title: 'Opaline lamp',
      description: 'White opaline glass.',
      category: 'lighting',
      price: 95,
      condition: 'good',
      photo_urls: saved,
      image_url: saved[0]!,
      location: 'Portland, OR',
      place_id: 'gn:5746545',
      width_in: 12,
      depth_in: 12,
      height_in: 20,
      status: 'available',
      reserved_until: null,
      held_until: null,
      created_at: '2026-11-20T10:00:00Z',
      hidden_at: null,
      returned_at: null,
      seller: { id: 'd1', name: 'Dana', location: null },
    };
    const { user, onSaved } = setup(item);
    expect(screen.getByLabelText('Title')).toHaveValue('Opaline lamp');
    expect(screen.getByLabelText('Condition')).toHaveValue('good');
    expect(screen.getByLabelText('Height (in)')).toHaveValue(20);
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '80');
    await user.click(screen.getByRole('button', { name: 'Remove Photo 1' }));
    await submit(user, 'Save changes');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(stored).toEqual([]);
    const [update] = await sent.to('PATCH', 'rest/v1/catalog_items');
    expect(update!.url.searchParams.get('id')).toBe(`eq.${NEW_ID}`);
    expect(update!.body).toMatchObject({ price: 80, condition: 'good', photo_urls: [saved[1]], width_in: 12 });
    const [removal] = await sent.to('DELETE', 'storage/v1/object/catalog-images');
    expect((removal!.body as { prefixes: string[] }).prefixes).toEqual(['d1/100-0.png']);
    await findToast('Listing updated', 'success');
  });

  it("refuses to keep a photo that is not one of the seller's uploads (the database refuses it too), sending nothing", async () => {
    const own = publicUrl('d1/100-0.png');
    // Listed before the rule, or sent by another client: a tracking pixel, another seller's photo, a trick path.
    for (const foreign of [
      'https://tracker.example/pixel.gif',
      publicUrl('d2/100-0.png'),
      publicUrl('d1/../d2/100-0.png'),
      `${own}?u=1`,
      `https://evil.example/storage/v1/object/public/catalog-images/d1/100-0.png`,
    ]) {
      const item: PieceDetail = {
        id: NEW_ID,
        designer_id: 'd1',
        title: 'Opaline lamp',
        description: 'White opaline glass.',
        category: 'lighting',
        price: 95,
        condition: 'good',
        photo_urls: [own, foreign],
        image_url: own,
        location: 'Portland, OR',
        place_id: 'gn:5746545',
        width_in: 12,
        depth_in: 12,
        height_in: 20,
        status: 'available',
        reserved_until: null,
        held_until: null,
        created_at: '2026-11-20T10:00:00Z',
        hidden_at: null,
        returned_at: null,
        seller: { id: 'd1', name: 'Dana', location: null },
      };
      const { user, unmount } = setup(item);
      await submit(user, 'Save changes');
      expect(await screen.findByRole('alert'), foreign).toHaveTextContent(
        'Photos must be ones you uploaded for your listings',
      );
      expect(await writes(sent), foreign).toEqual([]);
      unmount();
    }
  });
});
