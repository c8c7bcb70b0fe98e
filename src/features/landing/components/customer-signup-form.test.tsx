import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerSignupForm } from '@/features/landing/components/customer-signup-form';
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
  render(<CustomerSignupForm onSubmit={onSubmit} />);
  const submit = () => user.click(screen.getByRole('button', { name: 'Find My Designer' }));
  return { user, onSubmit, submit };
}

describe('CustomerSignupForm', { timeout: 20_000 }, () => {
  // The location field's suggestions: none here (the field has its own tests).
  beforeEach(() => server.use(http.post(rpcUrl('search_places'), () => HttpResponse.json([]))));

  it('shows only the first message, in field order, and moves on as fields are fixed', async () => {
    const { user, onSubmit, submit } = setup();
    await submit();
    await expectAlert('Location is required');
    expect(screen.getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Location')).toHaveFocus());

    await user.type(screen.getByLabelText('Location'), '   ');
    await submit();
    await expectAlert('Location is required');

    await user.type(screen.getByLabelText('Location'), 'Portland, OR');
    await submit();
    await expectAlert('Must be a positive number');
    expect(screen.getByLabelText('Square feet')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Square feet'), '0');
    await submit();
    await expectAlert('Must be a positive number');

    await user.clear(screen.getByLabelText('Square feet'));
    await user.type(screen.getByLabelText('Square feet'), '450');
    await user.type(screen.getByLabelText('Budget ($)'), '-5');
    await submit();
    await expectAlert('Must be a positive number');
    expect(screen.getByLabelText('Budget ($)')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Budget ($)'));
    await user.type(screen.getByLabelText('Budget ($)'), '2500');
    await submit();
    await expectAlert('Please select a design style');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Design style'), 'Art Deco');
    await submit();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        location: 'Portland, OR',
        place_id: null,
        space_size: 450,
        budget_range: 2500,
        preferred_style: 'artdeco',
      }),
    );
  });

  it('refuses a location over 100 characters after trimming', async () => {
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Location'), `  ${'a'.repeat(101)}  `);
    await submit();
    await expectAlert('Location must be at most 100 characters');
  });

  it('offers the 15 styles by id', () => {
    setup();
    const options = screen.getAllByRole('option').filter((o) => (o as HTMLOptionElement).value !== '');
    expect(options).toHaveLength(15);
    expect(options.map((o) => (o as HTMLOptionElement).value)).toContain('cottage');
  });

  it('shows the estimated savings, 40% of the budget, as the user types', async () => {
    const { user } = setup();
    const savings = screen.getByTestId('estimated-savings');
    expect(savings).toHaveTextContent('$0');
    const budget = screen.getByLabelText('Budget ($)');
    await user.type(budget, '25');
    expect(savings).toHaveTextContent('$10');
    await user.type(budget, '00');
    expect(savings).toHaveTextContent('$1,000');
    await user.clear(budget);
    await user.type(budget, '1234.5');
    expect(savings).toHaveTextContent('$493.8');
    await user.clear(budget);
    expect(savings).toHaveTextContent('$0');
  });
});
