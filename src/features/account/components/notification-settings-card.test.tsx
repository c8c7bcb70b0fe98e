import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationSettingsCard } from '@/features/account/components/notification-settings-card';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import type { Role } from '@/types/role';
import { expectConsoleError } from '@/testing/console';

const USER = authUser('00000000-0000-4000-8000-0000000000b1', 'dee@example.com');

/** The user's notification_preferences rows as the backend holds them; an upsert succeeds unless `refuse` answers it. */
function preferencesAnswer(rows: { kind: string; email?: boolean; push?: boolean }[], refuse?: () => Response) {
  server.use(
    http.get(restUrl('notification_preferences'), ({ request }) =>
      pgrstRows(
        request,
        rows.map((row) => ({ ...row })),
      ),
    ),
    http.post(restUrl('notification_preferences'), ({ request }) => (refuse ? refuse() : pgrstRows(request, []))),
  );
}

function renderCard(role: Role | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NotificationSettingsCard userId={USER.id} role={role} />
      <Toaster />
    </QueryClientProvider>,
  );
}

let sent: ReturnType<typeof recordRequests>;
beforeEach(() => {
  storeSession(USER);
  sent = recordRequests();
});
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

describe('NotificationSettingsCard', () => {
  it("reads the user's own preferences and shows a kind with no row as on", async () => {
    preferencesAnswer([{ kind: 'nudge_received', email: false }]);
    renderCard('designer');
    const card = screen.getByRole('region', { name: 'Notifications' });
    expect(card).toHaveTextContent('In-app notifications (the bell) are always on.');

    const nudges = await within(card).findByRole('switch', { name: 'E-mail: A client nudges me about a project' });
    expect(nudges).not.toBeChecked();
    expect(within(card).getByRole('switch', { name: 'E-mail: A new message' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'E-mail: My bid is accepted' })).toBeChecked();
    // A designer is not offered the customer's kinds.
    expect(within(card).queryByRole('switch', { name: 'E-mail: A designer bids on my project' })).toBeNull();

    // One read for the e-mail switches, one for the push switches, both of the user's own rows.
    const reads = await sent.to('GET', 'rest/v1/notification_preferences');
    expect(reads.map((r) => r.url.searchParams.get('select')).sort()).toEqual(['kind,email', 'kind,push']);
    for (const read of reads) {
      expect(read.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
      expect(sentAs(read)).toBe(USER.id);
    }
  });

  it("lists a customer's kinds, grouped", async () => {
    preferencesAnswer([]);
    renderCard('customer');
    const bids = await screen.findByRole('group', { name: 'Bids and nudges' });
    expect(
      within(bids)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual([
      'E-mail: A designer bids on my project',
      'E-mail: A designer accepts my nudge with a quote',
      'E-mail: A designer declines my nudge',
    ]);
    // Six e-mail switches, and a push switch for a new message.
    expect(within(screen.getByRole('group', { name: 'Projects' })).getAllByRole('switch')).toHaveLength(7);
    expect(within(screen.getByRole('group', { name: 'Membership' })).getAllByRole('switch')).toHaveLength(2);
    // A customer buys on Good Stuff but lists nothing: no offers to receive.
    expect(
      within(screen.getByRole('group', { name: 'Good Stuff' }))
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual([
      'E-mail: A seller counters my offer',
      'Push: A seller counters my offer',
      'E-mail: An offer or counter-offer of mine is accepted',
      'Push: An offer or counter-offer of mine is accepted',
      'E-mail: An offer or counter-offer of mine is declined',
      'E-mail: A message about a Good Stuff piece',
      'Push: A message about a Good Stuff piece',
    ]);
    // Anyone buys; a customer sells nothing, so is never told of a sale.
    expect(
      within(screen.getByRole('group', { name: 'Orders' }))
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual([
      'E-mail: A receipt for my purchase',
      'E-mail: An order is completed',
      'E-mail: A seller cancels my order and refunds me',
      'E-mail: Someone else bought a piece first and I am refunded',
      'E-mail: Good Space decides a problem with an order',
    ]);
    // Both sides of a handover offer, confirm and are reminded of pickup times.
    expect(within(screen.getByRole('group', { name: 'Pickups' })).getAllByRole('switch')).toHaveLength(6);
    // The selection board: the customer is told of proposals, never of their own decisions.
    expect(
      within(screen.getByRole('group', { name: 'Selection board' }))
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['E-mail: My designer proposes a piece for my project']);
    // Saved searches' alerts and saved pieces' price drops (docs/find-it-first.md); an alert is urgent enough to push.
    expect(
      within(screen.getByRole('group', { name: 'Saved searches' }))
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual([
      'E-mail: A new piece matches one of my saved searches',
      'Push: A new piece matches one of my saved searches',
      'E-mail: A piece I saved gets cheaper',
    ]);
    expect(screen.getAllByRole('switch').every((s) => (s as HTMLInputElement).checked)).toBe(true);
  });

  it("lists a designer's selection board kinds: the customer's decisions", async () => {
    preferencesAnswer([{ kind: 'board_declined', email: false }]);
    renderCard('designer');
    const board = await screen.findByRole('group', { name: 'Selection board' });
    expect(
      within(board)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual([
      'E-mail: A customer approves a piece I proposed',
      'E-mail: A customer declines a piece I proposed',
      'E-mail: A customer asks me for an alternative',
    ]);
    await waitFor(() =>
      expect(
        within(board).getByRole('switch', { name: 'E-mail: A customer declines a piece I proposed' }),
      ).not.toBeChecked(),
    );
  });

  it('offers a designer the e-mail of a sale of their piece, among the order kinds', async () => {
    preferencesAnswer([{ kind: 'order_paid', email: false }]);
    renderCard('designer');
    const orders = await screen.findByRole('group', { name: 'Orders' });
    // Nine e-mail switches; a sale also comes as a push.
    expect(within(orders).getAllByRole('switch')).toHaveLength(10);
    expect(within(orders).getByRole('switch', { name: 'E-mail: Someone buys my piece' })).not.toBeChecked();
  });

  it('turns a kind off from the keyboard with an upsert on (user_id, kind)', async () => {
    preferencesAnswer([]);
    renderCard('customer');
    const messages = await screen.findByRole('switch', { name: 'E-mail: A new message' });
    messages.focus();
    await userEvent.keyboard(' ');
    expect(messages).not.toBeChecked();

    await waitFor(async () => expect(await sent.to('POST', 'rest/v1/notification_preferences')).toHaveLength(1));
    const [upsert] = await sent.to('POST', 'rest/v1/notification_preferences');
    expect(upsert!.body).toEqual({ user_id: USER.id, kind: 'message_received', email: false });
    expect(upsert!.url.searchParams.get('on_conflict')).toBe('user_id,kind');
    expect(upsert!.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(sentAs(upsert!)).toBe(USER.id);
    expect(messages).not.toBeChecked();
  });

  it('puts the switch back and says so when the save is refused', async () => {
    expectConsoleError('Error saving notification preference');
    preferencesAnswer([{ kind: 'budget_80', email: false }], () =>
      pgrstError(403, '42501', 'new row violates row-level security policy for table "notification_preferences"'),
    );
    renderCard('designer');
    const budget = await screen.findByRole('switch', { name: 'E-mail: A project reaches 80% of its budget' });
    expect(budget).not.toBeChecked();
    await userEvent.click(budget);

    expect(await screen.findByText("Couldn't save your e-mail preference. Please try again.")).toBeInTheDocument();
    expect(budget).not.toBeChecked();
    const [upsert] = await sent.to('POST', 'rest/v1/notification_preferences');
    expect(upsert!.body).toEqual({ user_id: USER.id, kind: 'budget_80', email: true });
  });

  it('offers push only for the kinds that matter fast, beside their e-mail switch', async () => {
    preferencesAnswer([{ kind: 'offer_received', email: true, push: false }]);
    renderCard('designer');
    const market = await screen.findByRole('group', { name: 'Good Stuff' });
    await waitFor(() =>
      expect(
        within(market).getByRole('switch', { name: 'Push: Someone makes an offer on my piece' }),
      ).not.toBeChecked(),
    );
    expect(within(market).getByRole('switch', { name: 'E-mail: Someone makes an offer on my piece' })).toBeChecked();
    expect(within(market).getByRole('switch', { name: 'Push: A seller counters my offer' })).toBeChecked();
    // A declined offer is not urgent: e-mail only.
    expect(
      within(market).queryByRole('switch', { name: 'Push: An offer or counter-offer of mine is declined' }),
    ).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Push: A project reaches 80% of its budget' })).toBeNull();
  });

  it('turns push off for a kind with an upsert of push alone, leaving its e-mail as it is', async () => {
    preferencesAnswer([]);
    renderCard('customer');
    const counter = await screen.findByRole('switch', { name: 'Push: A seller counters my offer' });
    await userEvent.click(counter);
    expect(counter).not.toBeChecked();
    await waitFor(async () => expect(await sent.to('POST', 'rest/v1/notification_preferences')).toHaveLength(1));
    const [upsert] = await sent.to('POST', 'rest/v1/notification_preferences');
    expect(upsert!.body).toEqual({ user_id: USER.id, kind: 'offer_countered', push: false });
    expect(upsert!.url.searchParams.get('on_conflict')).toBe('user_id,kind');
    expect(screen.getByRole('switch', { name: 'E-mail: A seller counters my offer' })).toBeChecked();
  });

  it('says so when this browser cannot take push, and asks nothing', async () => {
    preferencesAnswer([]);
    renderCard('customer');
    expect(
      await screen.findByText("This browser can't receive push notifications. E-mail and the bell still reach you."),
    ).toBeInTheDocument();
    expect(await sent.to('GET', 'rest/v1/push_subscriptions')).toEqual([]);
  });
});
