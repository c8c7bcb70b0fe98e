import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/page-navigation';
import { BuyNowButton } from '@/features/orders/components/buy-now-button';
import { authUser, functionUrl, recordRequests, rpcUrl, sentAs, server, storeSession } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const ORDER = 'e0000000-0000-4000-8000-000000000001';

function quoteIs(quote: { can_buy: boolean; reason: string | null; amount: number | null; offer_id?: string | null }) {
  server.use(http.post(rpcUrl('buy_now_quote'), () => HttpResponse.json({ offer_id: null, ...quote })));
}

describe('BuyNowButton (docs/product.md, Buying on Good Stuff)', () => {
  let sent: ReturnType<typeof recordRequests>;
  const opened: string[] = [];
  beforeEach(() => {
    storeSession(BUYER);
    sent = recordRequests();
    opened.length = 0;
    vi.spyOn(pageNavigation, 'open').mockImplementation((url) => void opened.push(url));
  });
  afterEach(() => {
    sent.stop();
    vi.restoreAllMocks();
  });

  it("says the database's price and opens the payment page the function answers; the browser sends no amount", async () => {
    quoteIs({ can_buy: true, reason: null, amount: 85 });
    server.use(
      http.post(functionUrl('buy-now'), () =>
        HttpResponse.json({
          url: `http://localhost:3000/sandbox/pay?order=${ORDER}`,
          provider: 'sandbox',
          orderId: ORDER,
        }),
      ),
    );
    const { user } = renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={85} />);
    await user.click(await screen.findByRole('button', { name: 'Buy Now · $85' }));
    await waitFor(() => expect(opened).toEqual([`http://localhost:3000/sandbox/pay?order=${ORDER}`]));
    const [quote] = await sent.to('POST', 'rest/v1/rpc/buy_now_quote');
    expect(quote!.body).toEqual({ item_id: ITEM });
    const [call] = await sent.to('POST', 'functions/v1/buy-now');
    expect(call!.body).toEqual({ itemId: ITEM, cancelUrl: `${window.location.origin}/good-stuff/${ITEM}` });
    expect(sentAs(call!)).toBe(BUYER.id);
    expect(screen.getByRole('button', { name: 'Buy Now · $85' })).toBeDisabled();
  });

  it("buys at the buyer's accepted offer while it reserves the piece for them", async () => {
    quoteIs({ can_buy: true, reason: null, amount: 70, offer_id: 'a0000000-0000-4000-8000-000000000001' });
    renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={85} />);
    expect(await screen.findByRole('button', { name: 'Buy at your offer · $70' })).toBeEnabled();
  });

  it('says Buy Now when the seller has lowered the price below the accepted offer (the lower is charged)', async () => {
    quoteIs({ can_buy: true, reason: null, amount: 60, offer_id: 'a0000000-0000-4000-8000-000000000001' });
    renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={60} />);
    expect(await screen.findByRole('button', { name: 'Buy Now · $60' })).toBeEnabled();
  });

  it('is not shown while the seller cannot take payments, nor to the seller', async () => {
    quoteIs({ can_buy: false, reason: 'seller_not_ready', amount: 85 });
    const first = renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={85} />);
    await waitFor(async () => expect(await sent.to('POST', 'rest/v1/rpc/buy_now_quote')).toHaveLength(1));
    // The answer has been rendered once the query settles: still nothing.
    await waitFor(() =>
      expect(first.client.getQueryState(['catalog-items', 'detail', ITEM, 'buy-now-quote', BUYER.id])?.status).toBe(
        'success',
      ),
    );
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
    first.unmount();

    quoteIs({ can_buy: false, reason: 'own_piece', amount: 85 });
    const second = renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={85} />);
    await waitFor(() =>
      expect(second.client.getQueryState(['catalog-items', 'detail', ITEM, 'buy-now-quote', BUYER.id])?.status).toBe(
        'success',
      ),
    );
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  it('is off, with the reason, while the piece is reserved for another buyer', async () => {
    quoteIs({ can_buy: false, reason: 'reserved', amount: null });
    renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={85} />);
    const button = await screen.findByRole('button', { name: 'Buy Now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Reserved for another buyer/);
  });

  it("toasts the function's refusal in its words and opens nothing", async () => {
    quoteIs({ can_buy: true, reason: null, amount: 85 });
    server.use(
      http.post(functionUrl('buy-now'), () =>
        HttpResponse.json({ error: 'This piece is no longer available', code: 'not_available' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(<BuyNowButton itemId={ITEM} viewerId={BUYER.id} listPrice={85} />);
    await user.click(await screen.findByRole('button', { name: 'Buy Now · $85' }));
    await findToast('This piece is no longer available', 'error');
    expect(opened).toEqual([]);
  });
});
