import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddItemForm } from '@/features/project-items/components/add-item-form';
import { renderWithClient } from '@/testing/test-utils';

const insert = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ insert: (row: unknown) => insert(row) }) } }));
const toastError = vi.fn();
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m) } }));

function renderForm(props: Partial<{ budget: number; budgetType: 'soft' | 'hard'; spent: number }> = {}) {
  return renderWithClient(
    <AddItemForm projectId="p1" userId="u1" budget={1000} budgetType="hard" spent={0} disabled={false} {...props} />,
  );
}

// Typing is slow on a busy machine; the behaviour, not the speed, is under test.
vi.setConfig({ testTimeout: 30_000 });

describe('AddItemForm (docs/product.md, Projects)', () => {
  beforeEach(() => {
    insert.mockReset().mockResolvedValue({ error: null });
    toastError.mockReset();
    toastSuccess.mockReset();
  });

  it('shows only the first message, in form order, follows the typing after a submit, and sends nothing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Item name is required');
    expect(screen.getByLabelText('Item name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Item name')).toHaveAccessibleDescription('Item name is required');
    await user.type(screen.getByLabelText('Item name'), 'Lamp');
    expect(screen.getByRole('alert')).toHaveTextContent('Cost must be positive');
    expect(screen.getByLabelText('Cost ($)')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Cost ($)'), '0');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cost must be positive');
    await user.clear(screen.getByLabelText('Cost ($)'));
    await user.type(screen.getByLabelText('Cost ($)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Cost must be positive');
    expect(insert).not.toHaveBeenCalled();
  });

  it('sends the parsed item (no description: null) and clears the form', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Item name'), '  Brass lamp ');
    await user.type(screen.getByLabelText('Cost ($)'), '40.50');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await vi.waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Item added'));
    expect(insert).toHaveBeenCalledWith({
      project_id: 'p1',
      added_by: 'u1',
      name: 'Brass lamp',
      description: null,
      cost: 40.5,
    });
    expect(screen.getByLabelText('Item name')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses an item over a hard cap before sending it, with the product's words", async () => {
    const { user } = renderForm({ budget: 1000, spent: 950 });
    await user.type(screen.getByLabelText('Item name'), 'Rug');
    await user.type(screen.getByLabelText('Cost ($)'), '60');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(toastError).toHaveBeenCalledWith('Cannot add item: Would exceed hard budget cap of $1000');
    expect(insert).not.toHaveBeenCalled();
  });

  it("sends it with a soft cap, and shows the database's own refusal words", async () => {
    insert.mockResolvedValue({
      error: { code: '23514', message: 'Cannot add item: Would exceed hard budget cap of $1000' },
    });
    const { user } = renderForm({ budgetType: 'soft', spent: 950 });
    await user.type(screen.getByLabelText('Item name'), 'Rug');
    await user.type(screen.getByLabelText('Cost ($)'), '60');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Cannot add item: Would exceed hard budget cap of $1000'),
    );
    expect(screen.getByLabelText('Item name')).toHaveValue('Rug');
  });
});
