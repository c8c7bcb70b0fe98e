import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { BlockButton } from '@/features/safety/components/block-button';
import {
  authUser,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const JORDAN = 'd0000000-0000-4000-8000-000000000001';

describe('Block and Unblock (docs/trust-and-safety.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  let state: string;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    state = 'none';
    server.use(
      http.post(rpcUrl('block_state'), () => Response.json(state)),
      http.post(restUrl('blocks'), ({ request }) => {
        state = 'blocked';
        return pgrstRows(request, []);
      }),
      http.delete(restUrl('blocks'), ({ request }) => {
        state = 'none';
        return pgrstRows(request, []);
      }),
    );
  });

  function renderButton() {
    return renderApp(<BlockButton userId={USER.id} otherId={JORDAN} name="Jordan Rivera" />, { user: USER });
  }

  it('asks first, saying what a block does, then blocks as the viewer and offers Unblock', async () => {
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Block Jordan Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Jordan Rivera?' });
    expect(dialog).toHaveAccessibleDescription(
      "They won't be able to message you, send offers, nudges or bids, and you won't see each other in Good Stuff or designer lists. They are not told.",
    );
    const [asked] = await sent.to('POST', 'rest/v1/rpc/block_state');
    expect(asked!.body).toEqual({ other_user: JORDAN });
    expect(await sent.to('POST', 'rest/v1/blocks')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await findToast('You blocked Jordan Rivera.', 'success');
    const [insert] = await sent.to('POST', 'rest/v1/blocks');
    expect(insert!.body).toEqual({ blocked_id: JORDAN });
    expect(sentAs(insert!)).toBe(USER.id);
    expect(await screen.findByRole('button', { name: 'Unblock Jordan Rivera' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel leaves things as they were', async () => {
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Block Jordan Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Jordan Rivera?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sent.to('POST', 'rest/v1/blocks')).toEqual([]);
  });

  it('unblocks the own row at once when the viewer had blocked them', async () => {
    state = 'blocked';
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Unblock Jordan Rivera' }));
    await findToast('You unblocked Jordan Rivera.', 'success');
    const [remove] = await sent.to('DELETE', 'rest/v1/blocks');
    expect(remove!.url.searchParams.get('blocker_id')).toBe(`eq.${USER.id}`);
    expect(remove!.url.searchParams.get('blocked_id')).toBe(`eq.${JORDAN}`);
    expect(await screen.findByRole('button', { name: 'Block Jordan Rivera' })).toBeInTheDocument();
  });

  it('still offers Block when the other one blocked the viewer, telling nothing of it', async () => {
    state = 'closed';
    renderButton();
    expect(await screen.findByRole('button', { name: 'Block Jordan Rivera' })).toBeInTheDocument();
    expect(screen.queryByText(/blocked you/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unblock/ })).not.toBeInTheDocument();
  });
});
