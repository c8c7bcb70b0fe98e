import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NudgeDialog } from '@/features/nudges/components/nudge-dialog';
import { NO_PROJECT_MESSAGE, nudgeGate } from '@/features/nudges/utils/nudge-gate';

const insert = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));
const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('sonner', () => ({
  toast: { success: (m: string) => toastSuccess(m), error: (m: string) => toastError(m) },
}));

const projects = [
  { id: 'p1', title: 'Moving to Austin' },
  { id: 'p2', title: 'Reading corner' },
];

function renderDialog(onOpenChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NudgeDialog
        clientId="c1"
        designer={{ id: 'd1', name: 'Jordan' }}
        projects={projects}
        onOpenChange={onOpenChange}
      />
    </QueryClientProvider>,
  );
  return { onOpenChange, user: userEvent.setup() };
}

describe('nudgeGate (docs/product.md, Designers and nudges)', () => {
  it('asks for a subscription first, then a project', () => {
    expect(nudgeGate({ subscribed: false, projectCount: 3 })).toBe('subscribe');
    expect(nudgeGate({ subscribed: true, projectCount: 0 })).toBe('no-project');
    expect(nudgeGate({ subscribed: true, projectCount: 1 })).toBe('open');
    expect(NO_PROJECT_MESSAGE).toBe('You need to create a project first');
  });
});

describe('NudgeDialog', () => {
  beforeEach(() => {
    insert.mockReset();
    toastSuccess.mockReset();
    toastError.mockReset();
  });

  it('needs a chosen project', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a project');
    expect(insert).not.toHaveBeenCalled();
  });

  it('sends a pending nudge for the chosen project and closes', async () => {
    insert.mockResolvedValue({ error: null });
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), 'p2');
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Nudge sent! The designer will be notified.'));
    expect(insert).toHaveBeenCalledWith({ client_id: 'c1', designer_id: 'd1', project_id: 'p2', status: 'pending' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says so when the nudge is a duplicate (23505)', async () => {
    insert.mockResolvedValue({ error: { code: '23505', message: 'duplicate key' } });
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), 'p1');
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('You already sent a nudge to this designer for this project'),
    );
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('reports any other failure as Failed to send nudge', async () => {
    insert.mockResolvedValue({ error: { code: '42501', message: 'new row violates row-level security' } });
    const { user } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), 'p1');
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to send nudge'));
  });
});
