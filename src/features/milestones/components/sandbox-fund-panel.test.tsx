import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxFundPanel } from '@/features/milestones/components/sandbox-fund-panel';
import { authUser, functionUrl, recordRequests, sentAs, server, storeSession } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const PAYMENT = '90000000-0000-4000-8000-000000000001';
const PROJECT = '8f4e2d1c-1111-4222-8333-944455556666';
const NOTICE = 'Sandbox: no real payment is made, no card is charged and no money reaches anyone.';

function sandboxAnswers(status: string, act: (action: string) => Response) {
  server.use(
    http.post(functionUrl('sandbox-milestone'), async ({ request }) => {
      const body = (await request.json()) as { action: string };
      if (body.action === 'get')
        return HttpResponse.json({
          sandbox: true,
          notice: NOTICE,
          payment: {
            id: PAYMENT,
            status,
            amount: '300.00',
            currency: 'usd',
            milestone_title: 'Design board',
            project_title: 'Sunny loft',
            designer_name: 'Dora',
            project_id: PROJECT,
          },
        });
      return act(body.action);
    }),
  );
}

describe('SandboxFundPanel, /sandbox/fund (docs/milestones.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(CUSTOMER);
    sent = recordRequests();
  });
  afterEach(() => sent.stop());

  it('shows the notice, the milestone and the amount; Pay plays the payment and goes back to the project', async () => {
    const back = `http://localhost:3000/project/${PROJECT}?funded=${PAYMENT}`;
    sandboxAnswers('pending', () => HttpResponse.json({ url: back }));
    const done = vi.fn();
    const { user } = renderApp(<SandboxFundPanel paymentId={PAYMENT} onDone={done} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $300' }));
    expect(screen.getByRole('note', { name: 'Sandbox notice' })).toHaveTextContent(NOTICE);
    expect(screen.getByText('Design board')).toBeInTheDocument();
    expect(screen.getByText(/Sunny loft: design fee for Dora/)).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-amount')).toHaveTextContent('$300');
    await waitFor(() => expect(done).toHaveBeenCalledWith(back));
    const calls = await sent.to('POST', 'functions/v1/sandbox-milestone');
    expect(calls.map((c) => c.body)).toEqual([
      { action: 'get', payment: PAYMENT },
      { action: 'pay', payment: PAYMENT },
    ]);
    expect(sentAs(calls[1]!)).toBe(CUSTOMER.id);
  });

  it('Cancel goes back to the project without paying', async () => {
    sandboxAnswers('pending', () => HttpResponse.json({ url: `http://localhost:3000/project/${PROJECT}` }));
    const done = vi.fn();
    const { user } = renderApp(<SandboxFundPanel paymentId={PAYMENT} onDone={done} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(`http://localhost:3000/project/${PROJECT}`));
    expect((await sent.to('POST', 'functions/v1/sandbox-milestone'))[1]!.body).toEqual({
      action: 'cancel',
      payment: PAYMENT,
    });
  });

  it('says an expired checkout cannot be paid', async () => {
    sandboxAnswers('expired', () => HttpResponse.json({ url: '' }));
    renderApp(<SandboxFundPanel paymentId={PAYMENT} onDone={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This checkout has expired. Fund the milestone again from the project.',
    );
    expect(screen.getByRole('button', { name: 'Pay $300' })).toBeDisabled();
  });

  it("says the function's refusal (not the customer's payment)", async () => {
    server.use(
      http.post(functionUrl('sandbox-milestone'), () =>
        HttpResponse.json({ error: 'This payment is not yours', code: 'not_found' }, { status: 404 }),
      ),
    );
    renderApp(<SandboxFundPanel paymentId={PAYMENT} onDone={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment is not yours');
  });

  it('toasts a refused payment in the function’s words', async () => {
    sandboxAnswers('pending', () =>
      HttpResponse.json({ error: 'This milestone is already funded', code: 'not_fundable' }, { status: 409 }),
    );
    const { user } = renderApp(<SandboxFundPanel paymentId={PAYMENT} onDone={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $300' }));
    await findToast('This milestone is already funded', 'error');
  });
});
