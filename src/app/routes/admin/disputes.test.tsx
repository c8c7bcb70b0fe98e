import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as Disputes } from '@/app/routes/admin/disputes';
import { authUser, rpcUrl, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');

describe('/admin/disputes: the design fees and the Good Stuff orders waiting for a decision', () => {
  it('shows both queues, each under its heading', async () => {
    server.use(
      http.post(rpcUrl('milestone_dispute_queue'), () => HttpResponse.json([])),
      http.post(rpcUrl('order_problem_queue'), () =>
        HttpResponse.json([
          {
            id: 'f1000000-0000-4000-8000-000000000001',
            kind: 'problem',
            status: 'open',
            order_id: 'f2000000-0000-4000-8000-000000000001',
            item_title: 'Brass arc floor lamp',
            buyer_id: 'b0000000-0000-4000-8000-000000000001',
            buyer_name: 'Maya Chen',
            seller_id: 'd0000000-0000-4000-8000-000000000001',
            seller_name: 'Jordan Park',
            amount: 240,
            held: 240,
            reason: 'The shade is cracked.',
            statements: 1,
            statements_due_at: '2026-12-06T09:00:00+00:00',
            created_at: '2026-12-03T09:00:00+00:00',
            outcome: null,
          },
        ]),
      ),
    );
    renderApp(<Disputes />, { user: OPERATOR, url: '/admin/disputes', path: '/admin/disputes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Disputes' })).toBeInTheDocument();
    const fees = screen.getByRole('region', { name: 'Design fees' });
    expect(
      await within(fees).findByText("No disputes. No milestone's money is waiting for a decision."),
    ).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Good Stuff orders' });
    expect(await within(orders).findByRole('link', { name: 'Brass arc floor lamp' })).toHaveAttribute(
      'href',
      '/admin/orders/f1000000-0000-4000-8000-000000000001',
    );
  });
});
