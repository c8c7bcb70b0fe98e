import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitBidDialog } from '@/features/bids/components/submit-bid-dialog';

const insert = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));

function renderDialog() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <SubmitBidDialog projectId="p1" designerId="d1" open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
}

describe('SubmitBidDialog', () => {
  beforeEach(() => insert.mockReset().mockResolvedValue({ error: null }));

  it('shows only the first validation message and sends nothing', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bid amount is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Bid Amount ($)'), '10.505');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bid amount must be a positive amount (cents at most)');
    expect(insert).not.toHaveBeenCalled();
  });

  it('sends amount with cents, optional days and the proposal', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('Bid Amount ($)'), '850.50');
    await userEvent.type(screen.getByLabelText('Your Proposal'), '  Teak and plants  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    await vi.waitFor(() =>
      expect(insert).toHaveBeenCalledWith({
        project_id: 'p1',
        designer_id: 'd1',
        bid_amount: 850.5,
        estimated_days: null,
        proposal: 'Teak and plants',
      }),
    );
  });
});
