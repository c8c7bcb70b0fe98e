import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DesignerProfileForm } from '@/features/account/components/designer-profile-form';
import { pgrstError, pgrstRows, recordRequests, restUrl, rpcUrl, server } from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const initial = {
  username: 'dee',
  bio: null,
  base_rate: 100,
  rate_per_item: 0,
  rate_per_sqft: 2.5,
  specialties: ['Bohemian'],
  experience_years: 4,
  location: null,
  place_id: null,
  availability_status: 'available',
};

/** The saves the form sent (an upsert is a POST that merges on the primary key). */
const saves = (sent: ReturnType<typeof recordRequests>) => sent.to('POST', 'rest/v1/designer_profiles');

describe('DesignerProfileForm', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    server.use(http.post(restUrl('designer_profiles'), ({ request }) => pgrstRows(request, [])));
  });

  it('shows the first message in form order, marks that field, and saves nothing', async () => {
    const { user } = renderApp(<DesignerProfileForm userId="d1" initial={initial} />);
    await user.type(screen.getByLabelText('Bio'), 'Too short');
    await user.clear(screen.getByLabelText('Years of experience'));
    await user.type(screen.getByLabelText('Years of experience'), '81');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bio must be at least 10 characters');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
    expect(await saves(sent)).toEqual([]);

    await user.type(screen.getByLabelText('Bio'), ' and now long enough');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience must be between 0 and 80 years');
    expect(screen.getByLabelText('Bio')).not.toHaveAttribute('aria-invalid');
    expect(await saves(sent)).toEqual([]);
  });

  it('upserts the parsed values and says so', async () => {
    const { user } = renderApp(<DesignerProfileForm userId="d1" initial={initial} />);
    await user.type(screen.getByLabelText('Bio'), '  Warm, layered rooms.  ');
    await user.clear(screen.getByLabelText('Rate per item ($)'));
    await user.type(screen.getByLabelText('Rate per item ($)'), '12.5');
    await user.type(screen.getByLabelText('Specialties'), ', Coastal,  ');
    await user.selectOptions(screen.getByLabelText('Availability'), 'Not available');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated successfully', 'success');
    const [save, ...more] = await saves(sent);
    expect(more).toEqual([]);
    expect(save!.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(save!.url.searchParams.has('on_conflict')).toBe(false);
    expect(save!.body).toEqual({
      user_id: 'd1',
      username: 'dee',
      bio: 'Warm, layered rooms.',
      base_rate: 100,
      rate_per_item: 12.5,
      rate_per_sqft: 2.5,
      specialties: ['Bohemian', 'Coastal'],
      experience_years: 4,
      location: null,
      place_id: null,
      availability_status: 'unavailable',
    });
  });

  it('saves the place chosen from the suggestions with its label', async () => {
    server.use(
      http.post(rpcUrl('search_places'), () =>
        HttpResponse.json([
          { id: 'gn:5110302', label: 'Brooklyn, NY', kind: 'city', latitude: 40.6501, longitude: -73.94958 },
        ]),
      ),
    );
    const { user } = renderApp(<DesignerProfileForm userId="d1" initial={initial} />);
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Brookl');
    await user.click(await screen.findByRole('option', { name: 'Brooklyn, NY' }));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Profile updated successfully', 'success');
    const [save] = await saves(sent);
    expect(save!.body).toMatchObject({ location: 'Brooklyn, NY', place_id: 'gn:5110302' });
  });

  it('says so when saving fails', async () => {
    // Not signed in as d1: the request runs as anon and RLS refuses the row.
    server.use(
      http.post(restUrl('designer_profiles'), () =>
        pgrstError(401, '42501', 'new row violates row-level security policy for table "designer_profiles"'),
      ),
    );
    const { user } = renderApp(<DesignerProfileForm userId="d1" initial={null} />);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast('Failed to save profile', 'error');
    expect(raisedToasts('success')).toEqual([]);
    expect(await saves(sent)).toHaveLength(1);
  });
});
