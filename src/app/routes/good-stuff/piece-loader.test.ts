import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadGoodStuffItemPage } from '@/app/routes/good-stuff/piece-loader';
import { getPieceQueryOptions } from '@/features/good-stuff/api/get-piece';
import { pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';

const ITEM_ID = 'f0000000-0000-4000-8000-000000000001';
const SELLER = 'd0000000-0000-4000-8000-00000000000d';

describe('the item page’s loader (ADR 0021)', () => {
  it('reads the piece and its seller into the cache, and waits for them on a cold start', async () => {
    server.use(
      http.get(restUrl('catalog_items'), ({ request }) =>
        pgrstRows(request, [
          { id: ITEM_ID, designer_id: SELLER, title: 'Opaline lamp', photo_urls: [], image_url: null, price: 95 },
        ]),
      ),
      http.get(restUrl('designer_profiles'), ({ request }) =>
        pgrstRows(request, [{ user_id: SELLER, full_name: 'Dana Lister', username: 'dana', location: null }]),
      ),
    );
    const queryClient = new QueryClient();
    await loadGoodStuffItemPage(queryClient, ITEM_ID, { waitMs: 10_000 });
    expect(queryClient.getQueryData(getPieceQueryOptions(ITEM_ID).queryKey)).toMatchObject({
      title: 'Opaline lamp',
      seller: { id: SELLER, name: 'Dana Lister' },
    });
  });

  it('asks nothing for an id that names no piece (/good-stuff/mine has its own page)', async () => {
    const sent = recordRequests();
    const queryClient = new QueryClient();
    await loadGoodStuffItemPage(queryClient, 'mine', { waitMs: 10_000 });
    expect(await sent.all()).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
