import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SellerOffers } from '@/features/good-stuff/components/seller-offers';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const SELLER = authUser('d0000000-0000-4000-8000-000000000001', 'dana@example.com');
const BUYER_ID = 'c0000000-0000-4000-8000-000000000001';
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const OFFER_ID = 'a0000000-0000-4000-8000-000000000001';
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

function offer(fields: Record<string, unknown> = {}) {
  return {
    id: OFFER_ID,
    catalog_item_id: ITEM,
    buyer_id: BUYER_ID,
    seller_id: SELLER.id,
    amount: 70,
    note: 'Can pick up Saturday',
    counter_amount: null,
    status: 'open',
    expires_at: inHours(40),
    reserved_until: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...fields,
  };
}

describe('SellerOffers (docs/product.md, Good Stuff: offers)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let current: ReturnType<typeof offer>;
  beforeEach(() => {
    storeSession(SELLER);
    sent = recordRequests();
    current = offer();
    server.use(
      http.get(restUrl('offers'), ({ request }) => pgrstRows(request, [current])),
      http.get(restUrl('profiles'), ({ request }) => pgrstRows(request, [{ id: BUYER_ID, full_name: 'Cora Buyer' }])),
    );
  });

  it("lists the piece's offers with the buyer's name and note, newest first", async () => {
    renderApp(<SellerOffers itemId={ITEM} title="Opaline lamp" price={95} />);
    const row = await screen.findByTestId('piece-offer');
    expect(row).toHaveTextContent('Cora Buyer offered $70');
    expect(row).toHaveTextContent('“Can pick up Saturday”');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    const [read] = await sent.to('GET', 'rest/v1/offers');
    expect(read!.url.searchParams.get('catalog_item_id')).toBe(`eq.${ITEM}`);
    expect(read!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
  });

  it('counters with an amount above the offer and at most the price, then shows the counter', async () => {
    server.use(
      http.post(rpcUrl('respond_to_offer'), () => {
        current = offer({ status: 'countered', counter_amount: 80 });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp(<SellerOffers itemId={ITEM} title="Opaline lamp" price={95} />);
    await user.click(await screen.findByRole('button', { name: "Counter Cora Buyer's offer" }));
    const dialog = screen.getByRole('dialog', { name: 'Counter Offer' });
    const amount = within(dialog).getByLabelText('Your counter ($)');
    await user.type(amount, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A counter must be above the offer');
    await user.clear(amount);
    await user.type(amount, '96');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Offers can be at most the list price');
    expect(await sent.to('POST', 'rest/v1/rpc/respond_to_offer')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Send Counter' }));
    await findToast('Counter sent', 'success');
    expect((await sent.to('POST', 'rest/v1/rpc/respond_to_offer'))[0]!.body).toEqual({
      offer_id: OFFER_ID,
      action: 'counter',
      counter_amount: 80,
    });
    expect(await screen.findByText(/You countered with \$80/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("accepts, and shows the database's refusal in its words when someone acted first", async () => {
    server.use(http.post(rpcUrl('respond_to_offer'), () => pgrstError(400, '55000', 'This piece is reserved')));
    const { user } = renderApp(<SellerOffers itemId={ITEM} title="Opaline lamp" price={95} />);
    await user.click(await screen.findByRole('button', { name: "Accept Cora Buyer's offer" }));
    await findToast('This piece is reserved', 'error');
    expect((await sent.to('POST', 'rest/v1/rpc/respond_to_offer'))[0]!.body).toEqual({
      offer_id: OFFER_ID,
      action: 'accept',
    });
  });

  it("names a buyer whose profile the seller cannot read 'A buyer', and offers no answers on a closed offer", async () => {
    current = offer({ status: 'declined' });
    server.use(http.get(restUrl('profiles'), ({ request }) => pgrstRows(request, [])));
    renderApp(<SellerOffers itemId={ITEM} title="Opaline lamp" price={95} />);
    expect(await screen.findByTestId('piece-offer')).toHaveTextContent('A buyer offered $70');
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });
});
