import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AddToProject } from '@/features/projects/components/add-to-project';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dee@example.com');
const ITEM = 'f0000000-0000-4000-8000-000000000001';
const LOFT = {
  id: 'b0000000-0000-4000-8000-000000000001',
  title: 'Loft',
  budget: 500,
  budget_type: 'hard',
  items_total: 450,
};
const STUDIO = {
  id: 'b0000000-0000-4000-8000-000000000002',
  title: 'Studio',
  budget: 2000,
  budget_type: 'soft',
  items_total: 0,
};

function renderButton() {
  return renderApp(<AddToProject itemId={ITEM} title="Teak side table" price={60} userId={DESIGNER.id} />);
}

describe('AddToProject (docs/product.md, Good Stuff: for a project)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(DESIGNER);
    sent = recordRequests();
  });

  it("reads the viewer's active projects as customer or designer, and shows nothing without one", async () => {
    server.use(http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [])));
    renderButton();
    await vi.waitFor(async () => expect(await sent.to('GET', 'rest/v1/projects')).toHaveLength(1));
    const [read] = await sent.to('GET', 'rest/v1/projects');
    expect(read!.url.searchParams.get('status')).toBe('eq.active');
    expect(read!.url.searchParams.get('or')).toBe(`(customer_id.eq.${DESIGNER.id},designer_id.eq.${DESIGNER.id})`);
    expect(screen.queryByRole('button', { name: 'Add to project' })).not.toBeInTheDocument();
  });

  it('asks which project, adds the piece through the database and says where it went', async () => {
    server.use(
      http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [LOFT, STUDIO])),
      http.post(rpcUrl('add_catalog_item_to_project'), () => HttpResponse.json({ id: 'e1', project_id: STUDIO.id })),
    );
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Add to project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to project' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a project');
    expect(within(dialog).getByRole('option', { name: 'Loft ($450 of $500 spent, Hard Cap)' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Project'), 'Studio ($0 of $2,000 spent)');
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    await findToast('Added Teak side table to “Studio”', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/add_catalog_item_to_project');
    expect(call!.body).toEqual({ project_id: STUDIO.id, item_id: ITEM });
    expect(sentAs(call!)).toBe(DESIGNER.id);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the database's hard-cap refusal in its own words and keeps the dialog open", async () => {
    server.use(
      http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [LOFT])),
      http.post(rpcUrl('add_catalog_item_to_project'), () =>
        pgrstError(400, '23514', 'Cannot add item: Would exceed hard budget cap of $500'),
      ),
    );
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Add to project' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to project' });
    // The only project is chosen already.
    expect(within(dialog).getByLabelText('Project')).toHaveValue(LOFT.id);
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    await findToast('Cannot add item: Would exceed hard budget cap of $500', 'error');
    expect(screen.getByRole('dialog', { name: 'Add to project' })).toBeInTheDocument();
    expect(raisedToasts('success')).toEqual([]);
  });
});
