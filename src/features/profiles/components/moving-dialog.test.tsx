import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MovingDialog } from '@/features/profiles/components/moving-dialog';
import { renderWithClient } from '@/testing/test-utils';

const insert = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('sonner', () => ({
  toast: { success: (m: string) => toast.success(m), error: (m: string) => toast.error(m) },
}));

function setup(subscribed = true) {
  // A gate that knows the answer already (waiting for it is the subscription gate's own test).
  const run = vi.fn((_key: string, action: () => void) => {
    if (subscribed) action();
  });
  const membership = { run, waitingFor: null, waitingLabel: 'Checking your membership…' };
  const rendered = renderWithClient(<MovingDialog customerId="c1" membership={membership} />);
  return { ...rendered, run };
}

describe('MovingDialog (docs/product.md, Projects)', () => {
  beforeEach(() => {
    insert.mockReset().mockResolvedValue({ error: null });
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('asks for a plan instead of opening without a subscription', async () => {
    const { user, run } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    expect(run).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows only the first message, in form order', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    await user.click(screen.getByRole('button', { name: 'Create Moving Project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('New location')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('New location'), 'Austin');
    await user.type(screen.getByLabelText('Space size (sq ft)'), 'about');
    await user.click(screen.getByRole('button', { name: 'Create Moving Project' }));
    // What does not parse becomes empty, and empty is "required".
    expect(await screen.findByRole('alert')).toHaveTextContent('Space size is required');
    expect(insert).not.toHaveBeenCalled();
  });

  it("creates 'Moving to {location}' with parsed numbers, closes and starts empty next time", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    await user.type(screen.getByLabelText('New location'), '  Austin, TX ');
    await user.type(screen.getByLabelText('Space size (sq ft)'), '1,200 sq ft');
    await user.type(screen.getByLabelText('Budget ($)'), '$8000');
    await user.selectOptions(screen.getByLabelText('Budget type'), 'Hard Cap');
    await user.selectOptions(screen.getByLabelText('Style'), 'Coastal');
    await user.click(screen.getByRole('button', { name: 'Create Moving Project' }));
    await waitFor(() =>
      expect(insert).toHaveBeenCalledWith({
        customer_id: 'c1',
        title: 'Moving to Austin, TX',
        description: 'Moving to Austin, TX and furnishing a 1200 sq ft space.',
        location: 'Austin, TX',
        space_size: 1200,
        budget: 8000,
        budget_type: 'hard',
        preferred_style: 'Coastal',
        status: 'pending',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Moving project created!');

    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    expect(screen.getByLabelText('New location')).toHaveValue('');
    expect(screen.getByLabelText('Budget type')).toHaveValue('soft');
  });
});
