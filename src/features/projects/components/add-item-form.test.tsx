import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddItemForm } from '@/features/projects/components/add-item-form';
import {
  sentAs,
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/** The backend answers the item's insert with `answer` (201 with no body, or an error). */
function backendAnswers(answer: (request: Request) => Response) {
  server.use(http.post(restUrl('project_items'), ({ request }) => answer(request)));
}

function renderForm(props: Partial<{ budget: number; budgetType: 'soft' | 'hard'; spent: number }> = {}) {
  return renderApp(
    <AddItemForm
      projectId={PROJECT_ID}
      userId={USER.id}
      budget={1000}
      budgetType="hard"
      spent={0}
      disabled={false}
      {...props}
    />,
  );
}

// Typing is slow on a busy machine; the behaviour, not the speed, is under test.
vi.setConfig({ testTimeout: 30_000 });

describe('AddItemForm (docs/product.md, Projects)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    backendAnswers((request) => pgrstRows(request, []));
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
    expect(await sent.all()).toEqual([]);
  });

  it('sends the parsed item (no description: null) and clears the form', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Item name'), '  Brass lamp ');
    await user.type(screen.getByLabelText('Cost ($)'), '40.50');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await findToast('Item added', 'success');
    const inserts = await sent.to('POST', 'rest/v1/project_items');
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.body).toEqual({
      project_id: PROJECT_ID,
      added_by: USER.id,
      name: 'Brass lamp',
      description: null,
      cost: 40.5,
    });
    expect(sentAs(inserts[0]!)).toBe(USER.id);
    expect(screen.getByLabelText('Item name')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("refuses an item over a hard cap before sending it, with the product's words", async () => {
    const { user } = renderForm({ budget: 1000, spent: 950 });
    await user.type(screen.getByLabelText('Item name'), 'Rug');
    await user.type(screen.getByLabelText('Cost ($)'), '60');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await findToast('Cannot add item: Would exceed hard budget cap of $1000', 'error');
    expect(await sent.all()).toEqual([]);
  });

  it("sends it with a soft cap, and shows the database's own refusal words", async () => {
    // The project's cap, as the database keeps it, is hard (check_item_budget refuses the insert).
    backendAnswers(() =>
      pgrstError(
        400,
        '23514',
        'Cannot add item: Would exceed hard budget cap of $1000',
        'Items total 950 + cost 60 > budget 1000',
      ),
    );
    const { user } = renderForm({ budgetType: 'soft', spent: 950 });
    await user.type(screen.getByLabelText('Item name'), 'Rug');
    await user.type(screen.getByLabelText('Cost ($)'), '60');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await findToast('Cannot add item: Would exceed hard budget cap of $1000', 'error');
    expect(screen.getByLabelText('Item name')).toHaveValue('Rug');
    expect(raisedToasts('success')).toEqual([]);
    expect((await sent.to('POST', 'rest/v1/project_items'))[0]!.body).toMatchObject({ name: 'Rug', cost: 60 });
  });

  it("says 'Failed to add item' for any other refusal, and keeps what was typed", async () => {
    backendAnswers(() =>
      pgrstError(403, '42501', 'new row violates row-level security policy for table "project_items"'),
    );
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Item name'), 'Rug');
    await user.type(screen.getByLabelText('Cost ($)'), '60');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await findToast('Failed to add item', 'error');
    expect(screen.getByLabelText('Item name')).toHaveValue('Rug');
  });
});
