import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewDialog } from '@/features/reviews/components/review-dialog';

const insert = vi.fn().mockResolvedValue({ error: { message: 'new row violates row-level security policy' } });
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));
const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m), success: vi.fn() } }));

describe('ReviewDialog', () => {
  it('defaults to 5 stars, sends the chosen rating and reports a refusal', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReviewDialog open onOpenChange={() => {}} projectId="p1" designerId="d1" clientId="c1" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByText('3 of 5 stars')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to submit review'));
    expect(insert).toHaveBeenCalledWith({
      project_id: 'p1',
      designer_id: 'd1',
      client_id: 'c1',
      rating: 3,
      comment: null,
    });
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
  });
});
