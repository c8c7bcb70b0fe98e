import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxPayPanel } from '@/features/orders/components/sandbox-pay-panel';
import { authUser, functionUrl, recordRequests, sentAs, server, storeSession } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const BUYER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const ORDER = 'e0000000-0000-4000-8000-000000000001';
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const NOTICE = 'Sandbox: no real payment is made, no card is charged and no money reaches anyone.';

function sandboxAnswers(status: string, act: (action: string) => Response) {
  server.use(
    http.post(functionUrl('sandbox-market'), async ({ request }) => {
      const body = (await request.json()) as { action: string };
      if (body.action === 'order-get')
        return HttpResponse.json({
          sandbox: true,
          notice: NOTICE,
          order: {
            id: ORDER,
            status,
            amount: 85,
            currency: 'usd',
            item_title: 'Teak side table',
            item_photo_url: null,
            catalog_item_id: ITEM,
          },
        });
      return act(body.action);
    }),
  );
}

function renderPanel(onDone: (url: string) => void) {
  return renderApp(<SandboxPayPanel orderId={ORDER} onDone={onDone} />);
}

describe('SandboxPayPanel, /sandbox/pay (ADR 0029)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(BUYER);
    sent = recordRequests();
  });

  it('shows the notice, the piece and the amount; Pay plays the payment and goes where the function says', async () => {
    sandboxAnswers('pending', () => HttpResponse.json({ url: `http://localhost:3000/orders/${ORDER}?checkout=done` }));
    const done = vi.fn();
    const { user } = renderPanel(done);
    await user.click(await screen.findByRole('button', { name: 'Pay $85' }));
    expect(screen.getByRole('note', { name: 'Sandbox notice' })).toHaveTextContent(NOTICE);
    expect(screen.getByText('Teak side table')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-amount')).toHaveTextContent('$85');
    await waitFor(() => expect(done).toHaveBeenCalledWith(`http://localhost:3000/orders/${ORDER}?checkout=done`));
    const calls = await sent.to('POST', 'functions/v1/sandbox-market');
    expect(calls.map((c) => c.body)).toEqual([
      { action: 'order-get', order: ORDER },
      { action: 'order-pay', order: ORDER },
    ]);
    expect(sentAs(calls[1]!)).toBe(BUYER.id);
  });

  it('Cancel leaves the checkout (back to the piece)', async () => {
    sandboxAnswers('pending', () => HttpResponse.json({ url: `http://localhost:3000/good-stuff/${ITEM}` }));
    const done = vi.fn();
    const { user } = renderPanel(done);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(`http://localhost:3000/good-stuff/${ITEM}`));
    expect((await sent.to('POST', 'functions/v1/sandbox-market'))[1]!.body).toEqual({
      action: 'order-cancel',
      order: ORDER,
    });
  });

  it('an expired checkout cannot be paid; a refusal says the function’s words', async () => {
    sandboxAnswers('expired', () => HttpResponse.json({ error: 'never called', code: 'x' }, { status: 500 }));
    renderPanel(vi.fn());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This checkout has expired. Start again from the piece.',
    );
    expect(screen.getByRole('button', { name: 'Pay $85' })).toBeDisabled();
  });

  it("says why another buyer's order cannot be opened", async () => {
    server.use(
      http.post(functionUrl('sandbox-market'), () =>
        HttpResponse.json({ error: 'Order not found', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderPanel(vi.fn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });
});
