import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MovingDialog } from '@/features/account/components/moving-dialog';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

function setup(subscribed = true) {
  // A gate that knows the answer already (waiting for it is the subscription gate's own test).
  const run = vi.fn((_key: string, action: () => void) => {
    if (subscribed) action();
  });
  const membership = { run, waitingFor: null, waitingLabel: 'Checking your membership…' };
  const rendered = renderApp(<MovingDialog customerId="c1" membership={membership} />);
  return { ...rendered, run };
}

const inserts = (sent: ReturnType<typeof recordRequests>) => sent.to('POST', 'rest/v1/projects');

describe('MovingDialog (docs/product.md, Projects)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    server.use(http.post(restUrl('projects'), ({ request }) => pgrstRows(request, [])));
    // The location field's suggestions: none unless a test gives some.
    server.use(http.post(rpcUrl('search_places'), () => HttpResponse.json([])));
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
    // Focus goes where the message is: the location, not the first plain input react-hook-form registered.
    await waitFor(() => expect(screen.getByLabelText('New location')).toHaveFocus());

    await user.type(screen.getByLabelText('New location'), 'Austin');
    await user.type(screen.getByLabelText('Space size (sq ft)'), 'about');
    await user.click(screen.getByRole('button', { name: 'Create Moving Project' }));
    // What does not parse becomes empty, and empty is "required".
    expect(await screen.findByRole('alert')).toHaveTextContent('Space size is required');
    await waitFor(() => expect(screen.getByLabelText('Space size (sq ft)')).toHaveFocus());
    expect(await inserts(sent)).toEqual([]);
  });

  it("creates 'Moving to {location}' with parsed numbers, closes and starts empty next time", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    server.use(
      http.post(rpcUrl('search_places'), () =>
        HttpResponse.json([
          { id: 'gn:4671654', label: 'Austin, TX', kind: 'city', latitude: 30.26715, longitude: -97.74306 },
        ]),
      ),
    );
    await user.type(screen.getByLabelText('New location'), '  Austin');
    await user.click(await screen.findByRole('option', { name: 'Austin, TX' }));
    await user.type(screen.getByLabelText('Space size (sq ft)'), '1,200 sq ft');
    await user.type(screen.getByLabelText('Budget ($)'), '$8000');
    await user.selectOptions(screen.getByLabelText('Budget type'), 'Hard Cap');
    await user.selectOptions(screen.getByLabelText('Style'), 'Coastal');
    await user.click(screen.getByRole('button', { name: 'Create Moving Project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [insert, ...more] = await inserts(sent);
    expect(more).toEqual([]);
    expect(insert!.body).toEqual({
      customer_id: 'c1',
      title: 'Moving to Austin, TX',
      description: 'Moving to Austin, TX and furnishing a 1200 sq ft space.',
      location: 'Austin, TX',
      place_id: 'gn:4671654',
      space_size: 1200,
      budget: 8000,
      budget_type: 'hard',
      preferred_style: 'Coastal',
      status: 'pending',
    });
    await findToast('Moving project created!', 'success');

    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    expect(screen.getByLabelText('New location')).toHaveValue('');
    expect(screen.getByLabelText('Budget type')).toHaveValue('soft');
  });

  it('says so and keeps what was typed when the database refuses the project', async () => {
    // A signed-in customer without a client plan: the projects insert policy refuses the row (403, not anon's 401).
    storeSession(authUser('c1', 'carl@example.com'));
    server.use(
      http.post(restUrl('projects'), () =>
        pgrstError(403, '42501', 'new row violates row-level security policy for table "projects"'),
      ),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Plan my move' }));
    await user.type(screen.getByLabelText('New location'), 'Austin, TX');
    await user.type(screen.getByLabelText('Space size (sq ft)'), '900');
    await user.type(screen.getByLabelText('Budget ($)'), '2500');
    await user.selectOptions(screen.getByLabelText('Style'), 'Coastal');
    await user.click(screen.getByRole('button', { name: 'Create Moving Project' }));
    await findToast('Failed to create project', 'error');
    const [insert, ...more] = await inserts(sent);
    expect(more).toEqual([]);
    expect(insert!.headers.get('authorization')).toMatch(/^Bearer eyJ/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('New location')).toHaveValue('Austin, TX');
    expect(raisedToasts('success')).toEqual([]);
  });
});
