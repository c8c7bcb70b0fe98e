import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortfolioConsentCard } from '@/features/projects/components/portfolio-consent-card';
import { renderWithClient } from '@/testing/test-utils';

// The wire: the read from('projects').select(cols).eq('id').single(), the change .update(v).eq('id').select(cols).single().
type Row = { portfolio_consent: boolean; portfolio_show_costs: boolean };
let stored: Row = { portfolio_consent: false, portfolio_show_costs: false };
const update = vi.fn();
const refuse = vi.fn<() => boolean>();
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => ({
      select: () => ({ eq: () => ({ single: () => Promise.resolve({ data: { ...stored }, error: null }) }) }),
      update: (values: Row) => {
        update(values);
        return {
          eq: () => ({
            select: () => ({
              single: () => {
                if (refuse()) {
                  return Promise.resolve({
                    data: null,
                    error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' },
                  });
                }
                stored = values;
                return Promise.resolve({ data: { ...stored }, error: null });
              },
            }),
          }),
        };
      },
    }),
  },
}));
const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m) } }));

describe('PortfolioConsentCard: the customer changes the choice later (docs/decisions/0017)', () => {
  beforeEach(() => {
    stored = { portfolio_consent: false, portfolio_show_costs: false };
    update.mockReset();
    refuse.mockReset().mockReturnValue(false);
    toastError.mockReset();
    toastSuccess.mockReset();
  });

  it('shows the saved choice and saves a new one', async () => {
    const { user } = renderWithClient(<PortfolioConsentCard projectId="p1" designerId="d1" />);
    expect(await screen.findByTestId('portfolio-status')).toHaveTextContent('Not shown');
    const show = screen.getByRole('checkbox', { name: "Show this project in my designer's portfolio" });
    const save = screen.getByRole('button', { name: 'Save portfolio choice' });
    expect(show).not.toBeChecked();
    expect(save).toBeDisabled();
    await user.click(show);
    await user.click(screen.getByRole('checkbox', { name: 'Also show what it cost' }));
    await user.click(save);
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Shown in the portfolio'));
    expect(update).toHaveBeenCalledWith({ portfolio_consent: true, portfolio_show_costs: true });
    expect(await screen.findByText('Shown, with what it cost')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save portfolio choice' })).toBeDisabled();
  });

  it('withdraws the consent (both off)', async () => {
    stored = { portfolio_consent: true, portfolio_show_costs: true };
    const { user } = renderWithClient(<PortfolioConsentCard projectId="p1" designerId="d1" />);
    const show = await screen.findByRole('checkbox', { name: "Show this project in my designer's portfolio" });
    expect(show).toBeChecked();
    await user.click(show);
    await user.click(screen.getByRole('button', { name: 'Save portfolio choice' }));
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Removed from the portfolio'));
    expect(update).toHaveBeenCalledWith({ portfolio_consent: false, portfolio_show_costs: false });
    expect(await screen.findByText('Not shown')).toBeInTheDocument();
  });

  it('says so when the database refuses, and keeps what was saved', async () => {
    refuse.mockReturnValue(true);
    const { user } = renderWithClient(<PortfolioConsentCard projectId="p1" designerId="d1" />);
    await user.click(await screen.findByRole('checkbox', { name: "Show this project in my designer's portfolio" }));
    await user.click(screen.getByRole('button', { name: 'Save portfolio choice' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to save your portfolio choice'));
    expect(screen.getByTestId('portfolio-status')).toHaveTextContent('Not shown');
  });
});
