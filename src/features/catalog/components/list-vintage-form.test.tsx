import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ListVintageForm } from '@/features/catalog/components/list-vintage-form';
import { storageRefused, storageUploaded } from '@/testing/supabase-storage';
import { API_URL, pgrstRows, recordRequests, restUrl, rpcUrl, server, storageUrl } from '@/testing/supabase-http';
import { renderWithClient } from '@/testing/test-utils';

const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('sonner', () => ({
  toast: { success: (m: string) => toast.success(m), error: (m: string) => toast.error(m) },
}));

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
    http.post(restUrl('catalog_items'), ({ request }) => pgrstRows(request, [])),
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

function setup() {
  const onListed = vi.fn();
  return { ...renderWithClient(<ListVintageForm userId="d1" onListed={onListed} />), onListed };
}

type User = ReturnType<typeof setup>['user'];
async function fillRequired(user: User) {
  await user.type(screen.getByLabelText('Title'), ' Teak sideboard ');
  await user.selectOptions(screen.getByLabelText('Category'), 'Dresser');
  await user.type(screen.getByLabelText('Price ($)'), '420.50');
  await user.type(screen.getByLabelText('Description'), 'Solid teak, 1960s.');
  await user.type(screen.getByLabelText('Condition'), 'Good');
  await user.type(screen.getByLabelText('Location'), 'Portl');
  await user.click(await screen.findByRole('option', { name: 'Portland, OR' }));
}

describe('ListVintageForm (docs/product.md, Good Stuff)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let stored: Stored[];
  beforeEach(() => {
    sent = recordRequests();
    stored = [];
    backendAccepts(stored);
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows only the first message, in form order, and lists nothing', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Title'), 'Lamp');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price is required');
    expect(await writes(sent)).toEqual([]);
  });

  it('refuses a photo that is not an image', async () => {
    const { user } = setup();
    await fillRequired(user);
    // The picker's accept list is a hint the browser may not enforce (drag and drop, "All files").
    fireEvent.change(screen.getByLabelText('Photos (optional)'), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only JPEG, PNG, GIF, and WebP images are allowed');
    expect(await writes(sent)).toEqual([]);
  });

  it('uploads the first photo, inserts the parsed listing and moves on', async () => {
    const { user, onListed } = setup();
    await fillRequired(user);
    const first = new File(['front'], 'front.png', { type: 'image/png' });
    const second = new File(['back'], 'back.webp', { type: 'image/webp' });
    await user.upload(screen.getByLabelText('Photos (optional)'), [first, second]);
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(onListed).toHaveBeenCalledOnce());
    expect(stored).toHaveLength(1);
    // The first photo (a PNG; the second is WebP), under the designer's folder.
    expect(stored[0]!.type).toBe('image/png');
    expect(stored[0]!.path).toMatch(/^d1\/\d+\.png$/);
    const [insert, ...more] = await sent.to('POST', 'rest/v1/catalog_items');
    expect(more).toEqual([]);
    expect(insert!.body).toEqual({
      designer_id: 'd1',
      title: 'Teak sideboard',
      description: 'Solid teak, 1960s.',
      category: 'dresser',
      price: 420.5,
      location: 'Portland, OR',
      place_id: 'gn:5746545',
      // Still required, and the form has no dimensions field (docs/decisions/0012).
      dimensions: 'Portland, OR',
      condition: 'Good',
      // The bucket is public: the listing keeps the object's public URL.
      image_url: `${API_URL}/storage/v1/object/public/catalog-images/${stored[0]!.path}`,
      is_available: true,
    });
    expect(toast.success).toHaveBeenCalledWith('Vintage item listed successfully!');
  });

  it('lists nothing when Storage refuses the photo, and says so', async () => {
    server.use(http.post(storageUrl('object/catalog-images/*'), () => storageRefused()));
    const { user, onListed } = setup();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Photos (optional)'), new File(['x'], 'front.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to list item'));
    expect(await sent.to('POST', 'rest/v1/catalog_items')).toEqual([]);
    expect(onListed).not.toHaveBeenCalled();
  });
});
