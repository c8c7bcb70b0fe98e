import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveToggle } from '@/features/saved/components/save-toggle';
import {
  authUser,
  later,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const LAMP = 'f0000000-0000-4000-8000-000000000001';
const CHAIR = 'f0000000-0000-4000-8000-000000000002';

describe('SaveToggle (docs/product.md, Saved)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });

  it('reads the hearts shown together in one request and says which are saved with aria-pressed', async () => {
    server.use(http.get(restUrl('saved_items'), ({ request }) => pgrstRows(request, [{ catalog_item_id: CHAIR }])));
    renderApp(
      <>
        <SaveToggle kind="item" userId={USER.id} id={LAMP} title="Opaline lamp" />
        <SaveToggle kind="item" userId={USER.id} id={CHAIR} title="Cane chair" />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Save Opaline lamp', pressed: false })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save Cane chair', pressed: true })).toHaveAttribute('title', 'Saved');
    const reads = await sent.to('GET', 'rest/v1/saved_items');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(reads[0]!.url.searchParams.get('catalog_item_id')).toBe(`in.(${LAMP},${CHAIR})`);
  });

  it('fills at once on a click, before the server answers, and inserts the own row', async () => {
    const answer = later<void>();
    server.use(
      http.get(restUrl('saved_items'), ({ request }) => pgrstRows(request, [])),
      http.post(restUrl('saved_items'), async ({ request }) => {
        await answer.promise;
        return pgrstRows(request, []);
      }),
    );
    const { user } = renderApp(<SaveToggle kind="item" userId={USER.id} id={LAMP} title="Opaline lamp" />);
    await user.click(await screen.findByRole('button', { name: 'Save Opaline lamp', pressed: false }));
    expect(screen.getByRole('button', { name: 'Save Opaline lamp', pressed: true })).toBeInTheDocument();
    answer.give();
    await vi.waitFor(async () => expect(await sent.to('POST', 'rest/v1/saved_items')).toHaveLength(1));
    const [insert] = await sent.to('POST', 'rest/v1/saved_items');
    expect(insert!.body).toEqual({ user_id: USER.id, catalog_item_id: LAMP });
    expect(sentAs(insert!)).toBe(USER.id);
    expect(raisedToasts('error')).toEqual([]);
  });

  it('goes back and says so when the server refuses', async () => {
    server.use(
      http.get(restUrl('saved_designers'), ({ request }) => pgrstRows(request, [{ designer_id: LAMP }])),
      http.delete(restUrl('saved_designers'), () => pgrstError(503, 'PGRST000', 'Could not connect')),
    );
    const { user } = renderApp(<SaveToggle kind="designer" userId={USER.id} id={LAMP} title="Ada Designer" />);
    await user.click(await screen.findByRole('button', { name: 'Save Ada Designer', pressed: true }));
    await findToast('Could not remove Ada Designer', 'error');
    expect(screen.getByRole('button', { name: 'Save Ada Designer', pressed: true })).toBeInTheDocument();
    const [remove] = await sent.to('DELETE', 'rest/v1/saved_designers');
    expect(remove!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(remove!.url.searchParams.get('designer_id')).toBe(`eq.${LAMP}`);
  });
});
