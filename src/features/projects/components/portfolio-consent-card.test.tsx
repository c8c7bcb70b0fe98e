import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PortfolioConsentCard } from '@/features/projects/components/portfolio-consent-card';
import { pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

type Row = { portfolio_consent: boolean; portfolio_show_costs: boolean };

/**
 * The project row as the backend holds it: read with .single(), changed by a PATCH that returns the row. When
 * `refuses`, the update matches no row (not the customer's project: RLS), so `.single()` gets PostgREST's 406.
 */
const backend = { stored: { portfolio_consent: false, portfolio_show_costs: false } as Row, refuses: false };
function answerTheProject() {
  server.use(
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [{ ...backend.stored }])),
    http.patch(restUrl('projects'), async ({ request }) => {
      if (backend.refuses) return pgrstRows(request, []);
      backend.stored = { ...backend.stored, ...((await request.clone().json()) as Partial<Row>) };
      return pgrstRows(request, [{ ...backend.stored }]);
    }),
  );
}

/** The one update the card sent: to this project, asking the two columns back, and its values. */
async function sentUpdate(sent: ReturnType<typeof recordRequests>) {
  const updates = await sent.to('PATCH', 'rest/v1/projects');
  expect(updates).toHaveLength(1);
  const [update] = updates;
  expect(update!.url.searchParams.get('id')).toBe('eq.p1');
  expect(update!.url.searchParams.get('select')).toBe('portfolio_consent,portfolio_show_costs');
  expect(update!.headers.get('accept')).toBe('application/vnd.pgrst.object+json');
  return update!.body;
}

describe('PortfolioConsentCard: the customer changes the choice later (docs/decisions/0017)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    backend.stored = { portfolio_consent: false, portfolio_show_costs: false };
    backend.refuses = false;
    sent = recordRequests();
    answerTheProject();
  });

  it('shows the saved choice and saves a new one', async () => {
    const { user } = renderApp(<PortfolioConsentCard projectId="p1" designerId="d1" />);
    expect(await screen.findByTestId('portfolio-status')).toHaveTextContent('Not shown');
    const [read] = await sent.to('GET', 'rest/v1/projects');
    expect(read!.url.searchParams.get('id')).toBe('eq.p1');
    expect(read!.url.searchParams.get('select')).toBe('portfolio_consent,portfolio_show_costs');
    const show = screen.getByRole('checkbox', { name: "Show this project in my designer's portfolio" });
    const save = screen.getByRole('button', { name: 'Save portfolio choice' });
    expect(show).not.toBeChecked();
    expect(save).toBeDisabled();
    await user.click(show);
    await user.click(screen.getByRole('checkbox', { name: 'Also show what it cost' }));
    await user.click(save);
    await findToast('Shown in the portfolio', 'success');
    expect(await sentUpdate(sent)).toEqual({ portfolio_consent: true, portfolio_show_costs: true });
    expect(await screen.findByText('Shown, with what it cost')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save portfolio choice' })).toBeDisabled();
  });

  it('withdraws the consent (both off)', async () => {
    backend.stored = { portfolio_consent: true, portfolio_show_costs: true };
    const { user } = renderApp(<PortfolioConsentCard projectId="p1" designerId="d1" />);
    const show = await screen.findByRole('checkbox', { name: "Show this project in my designer's portfolio" });
    expect(show).toBeChecked();
    await user.click(show);
    await user.click(screen.getByRole('button', { name: 'Save portfolio choice' }));
    await findToast('Removed from the portfolio', 'success');
    expect(await sentUpdate(sent)).toEqual({ portfolio_consent: false, portfolio_show_costs: false });
    expect(await screen.findByText('Not shown')).toBeInTheDocument();
  });

  it('says so when the database refuses, and keeps what was saved', async () => {
    backend.refuses = true;
    const { user } = renderApp(<PortfolioConsentCard projectId="p1" designerId="d1" />);
    await user.click(await screen.findByRole('checkbox', { name: "Show this project in my designer's portfolio" }));
    await user.click(screen.getByRole('button', { name: 'Save portfolio choice' }));
    await findToast('Failed to save your portfolio choice', 'error');
    expect(screen.getByTestId('portfolio-status')).toHaveTextContent('Not shown');
    expect(await sentUpdate(sent)).toEqual({ portfolio_consent: true, portfolio_show_costs: false });
  });
});
