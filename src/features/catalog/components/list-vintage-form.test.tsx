import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ListVintageForm } from '@/features/catalog/components/list-vintage-form';
import { renderWithClient } from '@/testing/test-utils';

const insert = vi.fn();
const upload = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => ({ insert }),
    storage: {
      from: () => ({
        upload,
        getPublicUrl: (path: string) => ({ data: { publicUrl: `https://cdn.test/${path}` } }),
      }),
    },
  },
}));
const toast = { success: vi.fn(), error: vi.fn() };
vi.mock('sonner', () => ({
  toast: { success: (m: string) => toast.success(m), error: (m: string) => toast.error(m) },
}));

function setup() {
  const onListed = vi.fn();
  return { ...renderWithClient(<ListVintageForm userId="d1" onListed={onListed} />), onListed };
}

type User = ReturnType<typeof setup>['user'];
async function fillRequired(user: User) {
  await user.type(screen.getByLabelText('Title'), ' Teak sideboard ');
  await user.selectOptions(screen.getByLabelText('Category'), 'Dresser');
  await user.type(screen.getByLabelText('Price ($)'), '420.50');
  await user.type(screen.getByLabelText('Description'), 'Solid teak, 1960s.');
  await user.type(screen.getByLabelText('Condition'), 'Good');
  await user.type(screen.getByLabelText('Location'), 'Portland, OR');
}

describe('ListVintageForm (docs/product.md, Good Stuff)', () => {
  beforeEach(() => {
    insert.mockReset().mockResolvedValue({ error: null });
    upload.mockReset().mockResolvedValue({ error: null });
    toast.success.mockReset();
    toast.error.mockReset();
  });

  it('shows only the first message, in form order, and lists nothing', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Title'), 'Lamp');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price is required');
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses a photo that is not an image', async () => {
    const { user } = setup();
    await fillRequired(user);
    // The picker's accept list is a hint the browser may not enforce (drag and drop, "All files").
    fireEvent.change(screen.getByLabelText('Photos (optional)'), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only JPEG, PNG, GIF, and WebP images are allowed');
    expect(insert).not.toHaveBeenCalled();
  });

  it('uploads the first photo, inserts the parsed listing and moves on', async () => {
    const { user, onListed } = setup();
    await fillRequired(user);
    const first = new File(['a'], 'front.png', { type: 'image/png' });
    const second = new File(['b'], 'back.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photos (optional)'), [first, second]);
    await user.click(screen.getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(onListed).toHaveBeenCalledOnce());
    expect(upload).toHaveBeenCalledOnce();
    expect(upload.mock.calls[0]![1]).toBe(first);
    expect(insert).toHaveBeenCalledWith({
      designer_id: 'd1',
      title: 'Teak sideboard',
      description: 'Solid teak, 1960s.',
      category: 'dresser',
      price: 420.5,
      dimensions: 'Portland, OR',
      condition: 'Good',
      image_url: expect.stringMatching(/^https:\/\/cdn\.test\/d1\/\d+\.png$/),
      is_available: true,
    });
    expect(toast.success).toHaveBeenCalledWith('Vintage item listed successfully!');
  });
});
