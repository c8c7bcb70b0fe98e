import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { UnsubscribePanel } from '@/features/account/components/unsubscribe-panel';
import { functionUrl, recordRequests, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const TOKEN = '00000000-0000-4000-8000-0000000000a1.nudge_received.c2lnbmF0dXJl';
const INVALID = { error: 'This unsubscribe link is incomplete or out of date.', code: 'invalid_token' };

/** The unsubscribe function as it answers the app: GET asks (Accept: JSON), POST {token} acts. */
function answers({ valid = true } = {}) {
  server.use(
    http.get(functionUrl('unsubscribe'), ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      if (!valid || token !== TOKEN) return HttpResponse.json(INVALID, { status: 400 });
      return HttpResponse.json({ unsubscribed: false, kind: 'nudge_received', topic: 'nudges from customers' });
    }),
    http.post(functionUrl('unsubscribe'), async ({ request }) => {
      const { token } = (await request.json()) as { token: string };
      if (!valid || token !== TOKEN) return HttpResponse.json(INVALID, { status: 400 });
      return HttpResponse.json({ unsubscribed: true, kind: 'nudge_received', topic: 'nudges from customers' });
    }),
  );
}

const renderPanel = (token: string) => renderApp(<UnsubscribePanel token={token} />);

let sent: ReturnType<typeof recordRequests>;
beforeEach(() => {
  sent = recordRequests();
});

describe('UnsubscribePanel (the link in a notification mail)', () => {
  it('only asks when opened; the button turns that kind off and says so', async () => {
    answers();
    const { user } = renderPanel(TOKEN);
    expect(await screen.findByText('Stop e-mails about nudges from customers?')).toBeVisible();
    expect(await sent.to('POST', '/functions/v1/unsubscribe')).toHaveLength(0);
    const [asked] = await sent.to('GET', '/functions/v1/unsubscribe');
    expect(asked!.headers.get('accept')).toContain('application/json');

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are unsubscribed');
    expect(screen.getByText(/You will no longer get e-mails about nudges from customers\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    const posts = await sent.to('POST', '/functions/v1/unsubscribe');
    expect(posts.map((p) => p.body)).toEqual([{ token: TOKEN }]);
  });

  it('a forged or damaged link says it is not valid and offers Settings', async () => {
    answers({ valid: false });
    renderPanel('someone-else.nudge_received.forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('a link without a token asks nothing of the server', async () => {
    renderPanel('');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid');
    expect(await sent.all()).toEqual([]);
  });
});
