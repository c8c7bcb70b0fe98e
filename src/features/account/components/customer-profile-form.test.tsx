import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomerProfileForm } from '@/features/account/components/customer-profile-form';
import { pgrstRows, recordRequests, restUrl, rpcUrl, server } from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

/** The backend updates `rows` (the user's own row, or none when RLS hides it) and returns them. */
function backendUpdates(rows: Record<string, unknown>[]) {
  server.use(http.patch(restUrl('customer_profiles'), ({ request }) => pgrstRows(request, rows)));
}
const updates = (sent: ReturnType<typeof recordRequests>) => sent.to('PATCH', 'rest/v1/customer_profiles');

const initial = {
  username: 'ann',
  location: 'Portland, OR',
  place_id: 'gn:5746545',
  space_size: 450,
  budget_range: null,
  preferred_style: null,
};

function setup(props = { initial }) {
  return renderApp(<CustomerProfileForm userId="u1" initial={props.initial} />);
}

describe('CustomerProfileForm', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    backendUpdates([{ user_id: 'u1' }]);
  });
  afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

  it('starts from the saved profile', () => {
    setup();
    expect(screen.getByLabelText('Username')).toHaveValue('ann');
    expect(screen.getByLabelText('Location')).toHaveValue('Portland, OR');
    expect(screen.getByLabelText('Space size (sq ft)')).toHaveValue('450');
    expect(screen.getByLabelText('Budget ($)')).toHaveValue('');
    expect(screen.getByLabelText('Preferred style')).toHaveValue('');
  });

  it("shows the saved style (stored by name) as chosen, not 'No preference'", () => {
    renderApp(<CustomerProfileForm userId="u1" initial={{ ...initial, preferred_style: 'Mid-Century Modern' }} />);
    const style = screen.getByLabelText('Preferred style');
    expect(style).toHaveValue('Mid-Century Modern');
    expect(screen.getByRole('option', { name: 'Mid-Century Modern' })).toHaveProperty('selected', true);
    expect(screen.getByRole('option', { name: 'No preference' })).toHaveProperty('selected', false);
  });

  it('shows the first message only, marks that field, and saves nothing', async () => {
    const { user } = setup();
    await user.clear(screen.getByLabelText('Space size (sq ft)'));
    await user.type(screen.getByLabelText('Space size (sq ft)'), 'big');
    await user.type(screen.getByLabelText('Budget ($)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Space size must be a positive number');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const space = screen.getByLabelText('Space size (sq ft)');
    expect(space).toHaveAttribute('aria-invalid', 'true');
    expect(space).toHaveAccessibleDescription('Space size must be a positive number');
    expect(screen.getByLabelText('Budget ($)')).not.toHaveAttribute('aria-invalid');
    expect(await updates(sent)).toEqual([]);
  });

  it('saves the parsed values (empty → null, numbers as numbers) and says so', async () => {
    const { user } = setup();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Budget ($)'), ' 2500 ');
    await user.selectOptions(screen.getByLabelText('Preferred style'), 'Art Deco');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated successfully', 'success');
    const [update, ...more] = await updates(sent);
    expect(more).toEqual([]);
    expect(update!.url.searchParams.get('user_id')).toBe('eq.u1');
    expect(update!.url.searchParams.get('select')).toBe('user_id');
    expect(update!.body).toEqual({
      username: null,
      location: 'Portland, OR',
      place_id: 'gn:5746545',
      space_size: 450,
      budget_range: 2500,
      preferred_style: 'Art Deco',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("an update that changed no row (not this user's profile) is a failure", async () => {
    backendUpdates([]);
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Failed to save profile', 'error');
    expect(raisedToasts('success')).toEqual([]);
    expect(await updates(sent)).toHaveLength(1);
  });

  it('fills Location with the place nearest the device, and saves its id', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 45.523064, longitude: -122.67648 } }),
      },
    });
    server.use(
      http.post(rpcUrl('nearest_place'), () =>
        HttpResponse.json([
          { id: 'gn:5746546', label: 'Portland West, OR', kind: 'city', latitude: 45.52, longitude: -122.68 },
        ]),
      ),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveValue('Portland West, OR'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated successfully', 'success');
    const [update] = await updates(sent);
    expect(update!.body).toMatchObject({ location: 'Portland West, OR', place_id: 'gn:5746546' });
  });

  it('says access was denied and keeps the typed location', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (_ok: unknown, fail: () => void) => fail() },
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location access denied.');
    expect(screen.getByLabelText('Location')).toHaveValue('Portland, OR');
  });
});
