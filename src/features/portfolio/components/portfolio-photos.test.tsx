import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortfolioPhotos } from '@/features/portfolio/components/portfolio-photos';
import { renderWithClient } from '@/testing/test-utils';

const DESIGNER = 'd1';
let files: { id: string; name: string }[] = [];
const list = vi.fn();
const remove = vi.fn();
vi.mock('@/lib/supabase', () => ({
  supabase: {
    storage: {
      from: () => ({
        list: (...args: unknown[]) => list(...args),
        remove: (...args: unknown[]) => remove(...args),
        getPublicUrl: (path: string) => ({ data: { publicUrl: `https://cdn.example/${path}` } }),
      }),
    },
  },
}));
const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m) } }));

describe('PortfolioPhotos: per-photo delete (docs/product.md, Designers and nudges)', () => {
  beforeEach(() => {
    files = [
      { id: 'f1', name: 'kitchen.png' },
      { id: 'f2', name: 'hall.png' },
    ];
    list.mockReset().mockImplementation(() => Promise.resolve({ data: files, error: null }));
    remove.mockReset();
    toastError.mockReset();
    toastSuccess.mockReset();
  });

  it("deletes one of the owner's photos from the keyboard, says 'Photo deleted' and refreshes the grid", async () => {
    remove.mockImplementation((paths: string[]) => {
      files = files.filter((f) => !paths.includes(`${DESIGNER}/${f.name}`));
      return Promise.resolve({ data: [{ name: paths[0] }], error: null });
    });
    const { user } = renderWithClient(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn />);
    const grid = await screen.findByRole('list', { name: 'Portfolio photos' });
    expect(within(grid).getAllByRole('img')).toHaveLength(2);
    const second = within(grid).getByRole('button', { name: 'Delete photo 2' });
    second.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Photo deleted'));
    expect(remove).toHaveBeenCalledWith([`${DESIGNER}/hall.png`]);
    await vi.waitFor(() => expect(within(grid).getAllByRole('img')).toHaveLength(1));
    expect(within(grid).getByRole('img')).toHaveAttribute('src', `https://cdn.example/${DESIGNER}/kitchen.png`);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("says 'Failed to delete photo' when storage removes nothing (a policy refused it) or errs", async () => {
    remove.mockResolvedValueOnce({ data: [], error: null });
    const { user } = renderWithClient(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn />);
    await user.click(await screen.findByRole('button', { name: 'Delete photo 1' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to delete photo'));
    remove.mockResolvedValueOnce({ data: null, error: { message: 'boom', statusCode: '500' } });
    await user.click(screen.getByRole('button', { name: 'Delete photo 1' }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledTimes(2));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it("offers no delete or upload on someone else's portfolio", async () => {
    renderWithClient(<PortfolioPhotos designerId={DESIGNER} name="Ada" isOwn={false} />);
    expect(await screen.findAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Delete photo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
  });
});
