import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompleteProjectDialog } from '@/features/projects/components/complete-project-dialog';
import { renderWithClient } from '@/testing/test-utils';

// The wire: from('projects').update(values).eq('id', id).select('id').
const update = vi.fn();
const result = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => ({
      update: (values: unknown) => {
        update(values);
        return { eq: () => ({ select: () => Promise.resolve(result()) }) };
      },
    }),
  },
}));
const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m) } }));

function renderDialog() {
  const onOpenChange = vi.fn();
  const onCompleted = vi.fn();
  const view = renderWithClient(
    <CompleteProjectDialog open onOpenChange={onOpenChange} projectId="p1" designerId="d1" onCompleted={onCompleted} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Complete this project' });
  const show = within(dialog).getByRole('checkbox', { name: "Show this project in my designer's portfolio" });
  const costs = within(dialog).getByRole('checkbox', { name: 'Also show what it cost' });
  return { ...view, dialog, show, costs, onOpenChange, onCompleted };
}

describe('CompleteProjectDialog: portfolio consent asked at completion (docs/decisions/0017)', () => {
  beforeEach(() => {
    update.mockReset();
    result.mockReset().mockReturnValue({ data: [{ id: 'p1' }], error: null });
    toastError.mockReset();
    toastSuccess.mockReset();
  });

  it('starts with both choices off; completing without saying yes shows nothing', async () => {
    const { user, dialog, show, costs, onCompleted } = renderDialog();
    expect(show).not.toBeChecked();
    expect(costs).not.toBeChecked();
    expect(costs).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await vi.waitFor(() => expect(onCompleted).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({ status: 'completed', portfolio_consent: false, portfolio_show_costs: false });
    expect(toastSuccess).toHaveBeenCalledWith('Project marked as complete');
  });

  it('sends both consents with the completion when the customer ticks them (keyboard)', async () => {
    const { user, dialog, show, costs, onCompleted, onOpenChange } = renderDialog();
    show.focus();
    await user.keyboard(' ');
    expect(show).toBeChecked();
    expect(costs).toBeEnabled();
    await user.click(costs);
    expect(costs).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await vi.waitFor(() => expect(onCompleted).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith({ status: 'completed', portfolio_consent: true, portfolio_show_costs: true });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('unticking the portfolio unticks the costs', async () => {
    const { user, show, costs } = renderDialog();
    await user.click(show);
    await user.click(costs);
    await user.click(show);
    expect(costs).not.toBeChecked();
    expect(costs).toBeDisabled();
  });

  it("reports 'Failed to complete project' when the database refuses, and stays open", async () => {
    result.mockReturnValue({ data: null, error: { code: '23514', message: 'Invalid project status change' } });
    const { user, dialog, onCompleted, onOpenChange } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to complete project'));
    expect(onCompleted).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('an update that changed no row (not the customer) is a failure, not a completion', async () => {
    result.mockReturnValue({ data: [], error: null });
    const { user, dialog, onCompleted } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to complete project'));
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('Cancel completes nothing', async () => {
    const { user, dialog, onOpenChange } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(update).not.toHaveBeenCalled();
  });
});
