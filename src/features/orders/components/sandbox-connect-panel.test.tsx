import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxConnectPanel } from '@/features/orders/components/sandbox-connect-panel';
import { authUser, functionUrl, recordRequests, server, storeSession } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const DESIGNER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');
const NOTICE = 'Sandbox: no real payment is made, no card is charged and no money reaches anyone.';

describe('SandboxConnectPanel, /sandbox/connect (ADR 0029)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(DESIGNER);
    sent = recordRequests();
    server.use(
      http.post(functionUrl('sandbox-market'), async ({ request }) => {
        const { action } = (await request.json()) as { action: string };
        if (action === 'connect-get') return HttpResponse.json({ sandbox: true, notice: NOTICE, account: null });
        if (action === 'connect-leave')
          return HttpResponse.json(
            { error: 'Only designers sell Good Stuff and get paid for it', code: 'designers_only' },
            { status: 403 },
          );
        return HttpResponse.json({ url: 'http://localhost:3000/settings?payouts=return' });
      }),
    );
  });

  it('shows the notice; Finish onboarding goes back to Settings as the function says', async () => {
    const done = vi.fn();
    const { user } = renderApp(<SandboxConnectPanel userId={DESIGNER.id} onDone={done} />);
    await user.click(await screen.findByRole('button', { name: 'Finish onboarding' }));
    expect(screen.getByRole('note', { name: 'Sandbox notice' })).toHaveTextContent(NOTICE);
    await waitFor(() => expect(done).toHaveBeenCalledWith('http://localhost:3000/settings?payouts=return'));
    expect((await sent.to('POST', 'functions/v1/sandbox-market')).map((r) => r.body)).toEqual([
      { action: 'connect-get' },
      { action: 'connect-finish' },
    ]);
  });

  it("toasts a refusal in the function's words and stays", async () => {
    const done = vi.fn();
    const { user } = renderApp(<SandboxConnectPanel userId={DESIGNER.id} onDone={done} />);
    await user.click(await screen.findByRole('button', { name: 'Leave unfinished' }));
    await findToast('Only designers sell Good Stuff and get paid for it', 'error');
    expect(done).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Leave unfinished' })).toBeEnabled();
  });
});
