import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyerOffer } from '@/features/good-stuff/components/buyer-offer';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { answerRealtime } from '@/testing/supabase-realtime';
import { findToast, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const HOUR = 3600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

function offer(fields: Record<string, unknown>) {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    catalog_item_id: ITEM,
    buyer_id: BUYER.id,
    seller_id: 'd0000000-0000-4000-8000-000000000001',
    amount: 70,
    note: null,
    counter_amount: null,
    status: 'open',
    expires_at: inHours(48),
    reserved_until: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    ...fields,
  };
}

const OFFER_COLUMNS = ['id', 'catalog_item_id', 'buyer_id', 'seller_id', 'amount', 'counter_amount', 'status'].map(
  (name) => ({ name, type: name.endsWith('id') ? 'uuid' : name === 'status' ? 'text' : 'numeric' }),
);

function backendHolds(mine: Record<string, unknown> | null) {
  server.use(http.get(restUrl('offers'), ({ request }) => pgrstRows(request, mine ? [mine] : [])));
}

function renderOffer(piece: Partial<{ status: string; reservedUntil: string | null; heldUntil: string | null }> = {}) {
  return renderApp(
    <BuyerOffer
      itemId={ITEM}
      userId={BUYER.id}
      title="Opaline lamp"
      price={95}
      status={piece.status ?? 'available'}
      reservedUntil={piece.reservedUntil ?? null}
      heldUntil={piece.heldUntil ?? null}
    />,
  );
}

describe('BuyerOffer (docs/product.md, Good Stuff: offers)', () => {
  let sent: ReturnType<typeof recordRequests>;
  // The piece's offers feed: joins stay unanswered unless a test answers them. Set for every test, as the client's
  // socket outlives a test.
  let feed: ReturnType<typeof answerRealtime>;
  beforeEach(() => {
    storeSession(BUYER);
    feed = answerRealtime();
    sent = recordRequests();
  });

  it('checks the amount as the database does, first message only, and sends nothing until it is right', async () => {
    backendHolds(null);
    const { user } = renderOffer();
    await user.click(await screen.findByRole('button', { name: 'Make Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Offer' });
    const amount = within(dialog).getByLabelText('Your offer ($)');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter an amount');
    await user.type(amount, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('Offers can be at most the list price')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByText('Enter an amount above $0, in dollars and cents')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(await sent.to('POST', 'rest/v1/rpc/make_offer')).toEqual([]);
  });

  it("sends make_offer with the amount and note, and shows the database's refusal in its words", async () => {
    backendHolds(null);
    server.use(
      http.post(rpcUrl('make_offer'), () => pgrstError(409, '23505', 'You already have an open offer on this piece')),
    );
    const { user } = renderOffer();
    await user.click(await screen.findByRole('button', { name: 'Make Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Offer' });
    await user.type(within(dialog).getByLabelText('Your offer ($)'), '70');
    await user.type(within(dialog).getByLabelText('Note to the seller (optional)'), '  Can pick up Saturday ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    await findToast('You already have an open offer on this piece', 'error');
    const [call] = await sent.to('POST', 'rest/v1/rpc/make_offer');
    expect(call!.body).toEqual({ item_id: ITEM, amount: 70, note: 'Can pick up Saturday' });
    expect(sentAs(call!)).toBe(BUYER.id);
    expect(screen.getByRole('dialog', { name: 'Make Offer' })).toBeInTheDocument();
  });

  it('shows an open offer with Withdraw, and reads it again after withdrawing', async () => {
    let mine = offer({ status: 'open' });
    server.use(
      http.get(restUrl('offers'), ({ request }) => pgrstRows(request, [mine])),
      http.post(rpcUrl('withdraw_offer'), () => {
        mine = offer({ status: 'withdrawn' });
        return HttpResponse.json(mine);
      }),
    );
    const { user } = renderOffer();
    expect(await screen.findByText(/is with the seller/)).toHaveTextContent('Your offer of $70 is with the seller.');
    expect(screen.queryByRole('button', { name: 'Make Offer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw offer' }));
    expect(await screen.findByText('You withdrew your offer of $70.')).toBeInTheDocument();
    expect((await sent.to('POST', 'rest/v1/rpc/withdraw_offer'))[0]!.body).toEqual({ offer_id: mine.id });
    expect(screen.getByRole('button', { name: 'Make Offer' })).toBeInTheDocument();
  });

  it("shows the seller's counter with Accept and Decline; accepting reserves the piece for the buyer", async () => {
    let mine = offer({ status: 'countered', counter_amount: 80 });
    server.use(
      http.get(restUrl('offers'), ({ request }) => pgrstRows(request, [mine])),
      http.post(rpcUrl('respond_to_counter'), () => {
        mine = offer({ status: 'accepted', counter_amount: 80, reserved_until: inHours(48) });
        return HttpResponse.json(mine);
      }),
    );
    const { user } = renderOffer();
    expect(await screen.findByText(/countered your offer/)).toHaveTextContent(
      'The seller countered your offer of $70 with $80.',
    );
    await user.click(screen.getByRole('button', { name: 'Accept $80' }));
    expect(await screen.findByText(/Reserved for you until/)).toHaveTextContent('Your offer of $80 was accepted.');
    expect((await sent.to('POST', 'rest/v1/rpc/respond_to_counter'))[0]!.body).toEqual({
      offer_id: mine.id,
      action: 'accept',
    });
    await findToast('Counter accepted. The piece is reserved for you.', 'success');
    expect(screen.queryByRole('button', { name: 'Make Offer' })).not.toBeInTheDocument();
  });

  it("shows the seller's counter as it happens, from the piece's offers feed", async () => {
    feed.answerJoins();
    let mine = offer({ status: 'open' });
    server.use(http.get(restUrl('offers'), ({ request }) => pgrstRows(request, [mine])));
    renderOffer();
    expect(await screen.findByRole('button', { name: 'Withdraw offer' })).toBeInTheDocument();
    await waitFor(() => expect(feed.isJoined(`realtime:offers:${ITEM}`)).toBe(true));
    expect(feed.joins.find((j) => j.topic === `realtime:offers:${ITEM}`)!.bindings).toEqual([
      expect.objectContaining({ event: '*', schema: 'public', table: 'offers', filter: `catalog_item_id=eq.${ITEM}` }),
    ]);

    // The seller counters: the database changes the row, and the feed says so.
    mine = offer({ status: 'countered', counter_amount: 80 });
    feed.change('offers', 'UPDATE', OFFER_COLUMNS, { record: mine });
    expect(await screen.findByText(/countered your offer/)).toHaveTextContent(
      'The seller countered your offer of $70 with $80.',
    );
  });

  it('says an open offer past its 48 hours expired, whatever its stored status', async () => {
    backendHolds(offer({ status: 'open', expires_at: inHours(-1) }));
    renderOffer();
    expect(await screen.findByText('Your offer of $70 expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make Offer' })).toBeInTheDocument();
  });

  it('takes no offer while the piece is reserved or held for someone else', async () => {
    backendHolds(null);
    renderOffer({ reservedUntil: inHours(10) });
    expect(await screen.findByTestId('piece-taken')).toHaveTextContent('Another buyer’s offer was accepted.');
    expect(screen.queryByRole('button', { name: 'Make Offer' })).not.toBeInTheDocument();
  });
});
