import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DesignFeePayments } from '@/features/milestones/components/design-fee-payments';
import { aMilestonePayment } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { authUser, pgrstRows, recordRequests, restUrl, sentAs, server, storeSession } from '@/testing/supabase-http';

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const PROJECT = '8f4e2d1c-1111-4222-8333-944455556666';

describe('DesignFeePayments on Orders (docs/milestones.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(CUSTOMER);
    sent = recordRequests();
  });
  afterEach(() => sent.stop());

  it("lists the customer's design-fee payments and refunds, each with a receipt and its project's milestones", async () => {
    const milestone = {
      id: 'f1',
      title: 'Design board',
      customer_id: CUSTOMER.id,
      project: { id: PROJECT, title: 'Sunny loft' },
    };
    server.use(
      http.get(restUrl('milestone_payments'), ({ request }) =>
        pgrstRows(request, [
          aMilestonePayment({
            project_id: PROJECT,
            kind: 'refund',
            reason: 'designer_refund',
            amount: 50,
            provider_id: 're_sandbox_1',
            completed_at: '2026-11-04T10:00:00.000Z',
            milestone,
          }),
          aMilestonePayment({
            project_id: PROJECT,
            amount: 300,
            provider_id: 'pi_sandbox_1',
            completed_at: '2026-11-02T10:00:00.000Z',
            milestone,
          }),
        ]),
      ),
    );
    const { user } = renderApp(<DesignFeePayments customerId={CUSTOMER.id} />);
    const section = await screen.findByRole('region', { name: 'Design fees' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Refund · $50');
    expect(rows[1]).toHaveTextContent('Payment · $300');
    expect(within(rows[1]!).getByRole('link', { name: 'Sunny loft' })).toHaveAttribute(
      'href',
      `/project/${PROJECT}#milestones`,
    );
    await user.click(within(rows[0]!).getByRole('button', { name: 'Receipt for refund of $50 on Nov 4, 2026' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(receipt).toHaveTextContent('re_sandbox_1');
    expect(receipt).toHaveTextContent('Sunny loft: Design board');

    const [read] = await sent.to('GET', 'rest/v1/milestone_payments');
    expect(read!.url.searchParams.get('milestone.customer_id')).toBe(`eq.${CUSTOMER.id}`);
    expect(read!.url.searchParams.get('kind')).toBe('in.(charge,refund)');
    expect(read!.url.searchParams.get('status')).toBe('eq.succeeded');
    expect(sentAs(read!)).toBe(CUSTOMER.id);
  });

  it('says where they will show before any', async () => {
    server.use(http.get(restUrl('milestone_payments'), ({ request }) => pgrstRows(request, [])));
    renderApp(<DesignFeePayments customerId={CUSTOMER.id} />);
    expect(await screen.findByText('Payments for your designers’ milestones show here.')).toBeInTheDocument();
  });
});
