import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewProjectDialog } from '@/features/projects/components/new-project-dialog';
import { browserImages } from '@/testing/browser-images';
import { storageRefused, storageUploaded } from '@/testing/supabase-storage';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storageUrl,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

/** The backend inserts the project as p9 and stores every photo uploaded to project-photos. */
function backendAccepts() {
  server.use(
    http.post(restUrl('projects'), ({ request }) => pgrstRows(request, [{ id: 'p9' }])),
    http.post(storageUrl('object/project-photos/*'), ({ request }) => storageUploaded(request)),
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
const inserts = (sent: ReturnType<typeof recordRequests>) => sent.to('POST', 'rest/v1/projects');
/** The object paths the photos were uploaded to, sorted. */
const uploadedPaths = async (sent: ReturnType<typeof recordRequests>) =>
  (await sent.all())
    .filter((r) => r.method === 'POST' && r.url.pathname.startsWith('/storage/v1/object/project-photos/'))
    .map((r) => r.url.pathname.replace('/storage/v1/object/project-photos/', ''))
    .sort();

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function renderForm(onCreated = vi.fn(), onOpenChange = vi.fn()) {
  const view = renderApp(<NewProjectDialog customerId="c1" open onOpenChange={onOpenChange} onCreated={onCreated} />);
  const dialog = screen.getByRole('dialog', { name: 'New Project' });
  const field = (label: RegExp | string) => within(dialog).getByLabelText(label);
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
  return { ...view, dialog, field, submit };
}

async function fillValid(r: ReturnType<typeof renderForm>) {
  await r.user.type(r.field('Title'), 'Sunny loft');
  await r.user.type(r.field('Description'), 'A bright room with old floors');
  await r.user.type(r.field('Location'), 'Portl');
  await r.user.click(await within(r.dialog).findByRole('option', { name: 'Portland, OR' }));
  await r.user.type(r.field('Space size (sq ft)'), '400');
  await r.user.type(r.field('Budget ($)'), '1500');
  await r.user.selectOptions(r.field('Style'), 'Minimalist');
}

// Typing a whole form is slow on a busy machine; the behaviour, not the speed, is under test.
vi.setConfig({ testTimeout: 30_000 });

describe('NewProjectDialog', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    backendAccepts();
  });

  it('shows only the first message, in form order, and sends nothing', async () => {
    const r = renderForm();
    await r.submit();
    expect(await within(r.dialog).findByRole('alert')).toHaveTextContent('Title must be at least 3 characters');
    expect(within(r.dialog).getAllByRole('alert')).toHaveLength(1);
    expect(r.field('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(r.field('Title')).toHaveAccessibleDescription('Title must be at least 3 characters');

    await r.user.type(r.field('Title'), 'Den');
    await r.submit();
    expect(within(r.dialog).getByRole('alert')).toHaveTextContent('Description must be at least 10 characters');
    await r.user.type(r.field('Description'), 'A bright room with old floors');
    await r.submit();
    expect(within(r.dialog).getByRole('alert')).toHaveTextContent('Location is required');
    await r.user.type(r.field('Location'), 'Portland, OR');
    await r.submit();
    expect(within(r.dialog).getByRole('alert')).toHaveTextContent('Space size must be a positive number');
    await r.user.type(r.field('Space size (sq ft)'), '400');
    await r.user.type(r.field('Budget ($)'), '0');
    await r.submit();
    expect(within(r.dialog).getByRole('alert')).toHaveTextContent('Budget must be a positive number');
    await r.user.clear(r.field('Budget ($)'));
    await r.user.type(r.field('Budget ($)'), '1500');
    await r.submit();
    expect(within(r.dialog).getByRole('alert')).toHaveTextContent('Please select a design style');
    expect(await writes(sent)).toEqual([]);
  });

  it('refuses a title over 100 characters and a fractional budget', async () => {
    const r = renderForm();
    await fillValid(r);
    await r.user.clear(r.field('Title'));
    await r.user.click(r.field('Title'));
    await r.user.paste('x'.repeat(101));
    await r.submit();
    expect(await within(r.dialog).findByRole('alert')).toHaveTextContent('Title must be at most 100 characters');
    await r.user.clear(r.field('Title'));
    await r.user.type(r.field('Title'), 'Sunny loft');
    await r.user.clear(r.field('Budget ($)'));
    await r.user.type(r.field('Budget ($)'), '12.5');
    await r.submit();
    expect(within(r.dialog).getByRole('alert')).toHaveTextContent('Budget must be a positive number');
    expect(await writes(sent)).toEqual([]);
  });

  it('keeps at most 5 photos and images only, saying why', async () => {
    const r = renderForm();
    const input = r.field(/^Photos/) as HTMLInputElement;
    // The file input's accept list would hide a PDF in the browser's picker; a drop or "all files" still offers it.
    fireEvent.change(input, {
      target: { files: [png('a.png'), new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })] },
    });
    await findToast('Only JPEG, PNG, GIF, and WebP images are allowed', 'error');
    await r.user.upload(
      input,
      ['b', 'c', 'd', 'e', 'f'].map((n) => png(`${n}.png`)),
    );
    await findToast('You can add up to 5 photos', 'error');
    const chosen = within(r.dialog).getByRole('list', { name: 'Chosen photos' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '')),
    ).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png']);
    expect(input).toBeDisabled();
    await r.user.click(within(chosen).getByRole('button', { name: 'Remove c.png' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(4);
    expect(input).toBeEnabled();
  });

  it('creates the pending project with the parsed values (Flexible by default) and uploads its photos', async () => {
    const onCreated = vi.fn();
    const onOpenChange = vi.fn();
    const r = renderForm(onCreated, onOpenChange);
    await fillValid(r);
    expect(r.field('Budget type')).toHaveValue('soft');
    await r.user.upload(r.field(/^Photos/), [png('room.png'), png('window.png')]);
    await r.submit();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith('p9'));
    const [insert, ...more] = await inserts(sent);
    expect(more).toEqual([]);
    // Only the new row's id comes back.
    expect(insert!.url.searchParams.get('select')).toBe('id');
    expect(insert!.body).toEqual({
      title: 'Sunny loft',
      description: 'A bright room with old floors',
      location: 'Portland, OR',
      place_id: 'gn:5746545',
      space_size: 400,
      budget: 1500,
      budget_type: 'soft',
      preferred_style: 'Minimalist',
      customer_id: 'c1',
      status: 'pending',
    });
    const paths = await uploadedPaths(sent);
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^p9\/\d+_0\.png$/);
    expect(paths[1]).toMatch(/^p9\/\d+_1\.png$/);
    await findToast('Project created!', 'success');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("sends a Hard Cap budget as 'hard' and says 'Failed to create project' when the database refuses", async () => {
    // A signed-in customer without a client plan: the projects insert policy refuses the row (403).
    storeSession(authUser('c1', 'carl@example.com'));
    server.use(
      http.post(restUrl('projects'), () =>
        pgrstError(403, '42501', 'new row violates row-level security policy for table "projects"'),
      ),
    );
    const onCreated = vi.fn();
    const r = renderForm(onCreated);
    await fillValid(r);
    await r.user.selectOptions(r.field('Budget type'), 'Hard Cap');
    await r.submit();
    await findToast('Failed to create project', 'error');
    const [insert, ...more] = await inserts(sent);
    expect(more).toEqual([]);
    expect(insert!.body).toMatchObject({ budget_type: 'hard' });
    expect(onCreated).not.toHaveBeenCalled();
    expect(await uploadedPaths(sent)).toEqual([]);
    expect(r.field('Title')).toHaveValue('Sunny loft');
  });

  it('sends its photos sized and as WebP (src/lib/images/prepare-photo.ts)', async () => {
    const drawn = browserImages({ size: [4032, 3024] });
    try {
      const onCreated = vi.fn();
      const r = renderForm(onCreated);
      await fillValid(r);
      await r.user.upload(r.field(/^Photos/), [png('room.png')]);
      await r.submit();
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith('p9'));
      expect(drawn).toEqual([{ width: 1600, height: 1200, quality: 0.85 }]);
      const [path, ...more] = await uploadedPaths(sent);
      expect(more).toEqual([]);
      // The object's name says WebP; its bytes are checked by the journeys (jsdom's File does not reach fetch).
      expect(path).toMatch(/^p9\/\d+_0\.webp$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the project when a photo is refused, and names that photo', async () => {
    server.use(
      http.post(storageUrl('object/project-photos/p9/:name'), ({ params }) =>
        String(params.name).includes('_1.') ? storageRefused() : undefined,
      ),
    );
    const onCreated = vi.fn();
    const r = renderForm(onCreated);
    await fillValid(r);
    await r.user.upload(r.field(/^Photos/), [png('room.png'), png('window.png')]);
    await r.submit();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith('p9'));
    await findToast('Project created!', 'success');
    await findToast('Failed to upload window.png', 'error');
    expect(raisedToasts('error')).not.toContain('Failed to upload room.png');
    expect(await uploadedPaths(sent)).toHaveLength(2);
  });
});
