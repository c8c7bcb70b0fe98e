import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DesignerProfileForm } from '@/features/profiles/components/designer-profile-form';
import { renderWithClient } from '@/testing/test-utils';

const upsert = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ upsert }) } }));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('sonner', () => ({
  toast: { success: (m: string) => toast.success(m), error: (m: string) => toast.error(m) },
}));

const initial = {
  username: 'dee',
  bio: null,
  base_rate: 100,
  rate_per_item: 0,
  rate_per_sqft: 2.5,
  specialties: ['Bohemian'],
  experience_years: 4,
  location: null,
  availability_status: 'available',
};

describe('DesignerProfileForm', () => {
  beforeEach(() => {
    upsert.mockReset().mockResolvedValue({ error: null });
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows the first message in form order, marks that field, and saves nothing', async () => {
    const { user } = renderWithClient(<DesignerProfileForm userId="d1" initial={initial} />);
    await user.type(screen.getByLabelText('Bio'), 'Too short');
    await user.clear(screen.getByLabelText('Years of experience'));
    await user.type(screen.getByLabelText('Years of experience'), '81');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bio must be at least 10 characters');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
    expect(upsert).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Bio'), ' and now long enough');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Experience must be between 0 and 80 years');
    expect(screen.getByLabelText('Bio')).not.toHaveAttribute('aria-invalid');
    expect(upsert).not.toHaveBeenCalled();
  });

  it('upserts the parsed values and says so', async () => {
    const { user } = renderWithClient(<DesignerProfileForm userId="d1" initial={initial} />);
    await user.type(screen.getByLabelText('Bio'), '  Warm, layered rooms.  ');
    await user.clear(screen.getByLabelText('Rate per item ($)'));
    await user.type(screen.getByLabelText('Rate per item ($)'), '12.5');
    await user.type(screen.getByLabelText('Specialties'), ', Coastal,  ');
    await user.selectOptions(screen.getByLabelText('Availability'), 'Not available');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(upsert).toHaveBeenCalledWith({
        user_id: 'd1',
        username: 'dee',
        bio: 'Warm, layered rooms.',
        base_rate: 100,
        rate_per_item: 12.5,
        rate_per_sqft: 2.5,
        specialties: ['Bohemian', 'Coastal'],
        experience_years: 4,
        location: null,
        availability_status: 'unavailable',
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profile updated successfully'));
  });

  it('says so when saving fails', async () => {
    upsert.mockResolvedValue({ error: new Error('denied') });
    const { user } = renderWithClient(<DesignerProfileForm userId="d1" initial={null} />);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to save profile'));
  });
});
