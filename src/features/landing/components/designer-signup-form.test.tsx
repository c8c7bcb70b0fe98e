import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DesignerSignupForm } from '@/features/landing/components/designer-signup-form';
import { rpcUrl, server } from '@/testing/supabase-http';

/** The form validates asynchronously (zod resolver): wait for the one message shown. */
async function expectAlert(text: string) {
  await waitFor(() => {
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
}

function setup() {
  const onSubmit = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(<DesignerSignupForm onSubmit={onSubmit} />);
  const submit = () => user.click(screen.getByRole('button', { name: 'Join as a Designer' }));
  return { user, onSubmit, submit };
}

describe('DesignerSignupForm', { timeout: 20_000 }, () => {
  // The location field's suggestions.
  beforeEach(() =>
    server.use(
      http.post(rpcUrl('search_places'), () =>
        HttpResponse.json([
          { id: 'gn:4671654', label: 'Austin, TX', kind: 'city', latitude: 30.26715, longitude: -97.74306 },
        ]),
      ),
    ),
  );

  it('checks portfolio URL, style, additional info and base rate, one message at a time', async () => {
    const { user, onSubmit, submit } = setup();
    await user.type(screen.getByLabelText('Portfolio URL (optional)'), 'not a url');
    await submit();
    await expectAlert('Must be a valid URL');

    await user.clear(screen.getByLabelText('Portfolio URL (optional)'));
    await user.type(screen.getByLabelText('Portfolio URL (optional)'), 'ftp://files.example.org');
    await submit();
    await expectAlert('Must be a valid URL');

    await user.clear(screen.getByLabelText('Portfolio URL (optional)'));
    await submit();
    await expectAlert('Please select a design style');

    await user.selectOptions(screen.getByLabelText('Design style'), 'midcentury');
    await user.type(screen.getByLabelText('Additional info'), '   short    ');
    await submit();
    await expectAlert('Additional info must be at least 10 characters');

    await user.clear(screen.getByLabelText('Additional info'));
    await user.type(screen.getByLabelText('Additional info'), 'Interior design student who loves teak.');
    await user.type(screen.getByLabelText('Base rate per project ($, optional)'), '-1');
    await submit();
    await expectAlert('Must be 0 or greater');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Base rate per project ($, optional)'));
    await submit();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith({
        bio: 'Interior design student who loves teak.',
        portfolio_url: '',
        base_rate: 0,
        specialties: ['Mid-Century Modern'],
      }),
    );
  });

  it('keeps a valid portfolio URL, base rate and the chosen place', async () => {
    const { user, onSubmit, submit } = setup();
    await user.type(screen.getByLabelText('Location (optional)'), ' Aust');
    await user.click(await screen.findByRole('option', { name: 'Austin, TX' }));
    await user.type(screen.getByLabelText('Portfolio URL (optional)'), 'https://ava.design/work');
    await user.selectOptions(screen.getByLabelText('Design style'), 'Cottage Core');
    await user.type(screen.getByLabelText('Additional info'), 'Ten years of cosy cottages.');
    await user.type(screen.getByLabelText('Base rate per project ($, optional)'), '0');
    await submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        location: 'Austin, TX',
        place_id: 'gn:4671654',
        portfolio_url: 'https://ava.design/work',
        bio: 'Ten years of cosy cottages.',
        base_rate: 0,
        specialties: ['Cottage Core'],
      }),
    );
  });
});
