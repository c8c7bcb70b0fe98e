import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ReviewDialog } from '@/features/designers/components/review-dialog';
import { pgrstError, pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

describe('ReviewDialog', () => {
  it('defaults to 5 stars, sends the chosen rating and reports a refusal', async () => {
    const sent = recordRequests();
    // Not signed in, the request runs as anon: RLS refuses the row with 401.
    server.use(
      http.post(restUrl('reviews'), () =>
        pgrstError(401, '42501', 'new row violates row-level security policy for table "reviews"'),
      ),
    );
    const { user } = renderApp(
      <ReviewDialog open onOpenChange={() => {}} projectId="p1" designerId="d1" clientId="c1" />,
    );
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByText('3 of 5 stars')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await findToast('Failed to submit review', 'error');
    const inserts = await sent.to('POST', 'rest/v1/reviews');
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.body).toEqual({
      project_id: 'p1',
      designer_id: 'd1',
      client_id: 'c1',
      rating: 3,
      comment: null,
    });
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
  });

  it('thanks the customer and closes once the review is saved', async () => {
    const sent = recordRequests();
    server.use(http.post(restUrl('reviews'), ({ request }) => pgrstRows(request, [])));
    const onOpenChange = vi.fn();
    const { user } = renderApp(
      <ReviewDialog open onOpenChange={onOpenChange} projectId="p1" designerId="d1" clientId="c1" />,
    );
    await user.type(screen.getByLabelText('Comment (optional)'), '  Lovely work  ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    await findToast('Thank you for your review!', 'success');
    const [insert] = await sent.to('POST', 'rest/v1/reviews');
    expect(insert!.body).toMatchObject({ rating: 5, comment: 'Lovely work' });
  });
});
