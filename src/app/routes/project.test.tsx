import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ProjectPage } from '@/app/routes/project';
import { AuthContext } from '@/features/auth/utils/auth-context';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';

// The wire: the project read (RLS), then the access rpc; everything else the page asks for is empty.
const projectRow = vi.fn();
const rpc = vi.fn();
function emptyQuery(): unknown {
  const result = { data: [], error: null };
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === 'then') return (resolve: (v: unknown) => void) => resolve(result);
        if (key === 'maybeSingle') return () => Promise.resolve(projectRow());
        return () => emptyQuery();
      },
    },
  );
}
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => emptyQuery(),
    rpc: (...args: unknown[]) => rpc(...args),
    storage: { from: () => ({ list: () => Promise.resolve({ data: [], error: null }) }) },
    channel: () => ({
      on() {
        return this;
      },
      subscribe() {
        return this;
      },
    }),
    removeChannel: () => Promise.resolve(),
    auth: { getSession: () => Promise.resolve({ data: { session: null } }) },
  },
}));
vi.mock('@/features/auth/api/get-user-role', () => ({
  useUserRole: () => ({ data: 'customer', isPending: false }),
  getUserRole: vi.fn(),
  getUserRoleQueryOptions: vi.fn(),
}));
vi.mock('@/features/subscription/hooks/use-subscription', () => ({
  useSubscription: () => ({ subscribed: true, isLoading: false, plan: 'client', subscriptionEnd: null }),
}));
const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (m: string) => toastError(m), success: vi.fn() } }));

const user = { id: 'u1', email: 'carl@example.com' } as User;

function renderPage(id = PROJECT_ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' }}>
        <MemoryRouter initialEntries={[`/project/${id}`]}>
          <Routes>
            <Route path="/project/:projectId" element={<ProjectPage />} />
            <Route path="/dashboard/customer" element={<p>customer dashboard</p>} />
          </Routes>
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

describe('project page: a project the user cannot see', () => {
  beforeEach(() => {
    projectRow.mockReset().mockReturnValue({ data: null, error: null });
    rpc.mockReset();
    toastError.mockReset();
  });

  it("says 'Access denied' and goes back when the project exists but is not theirs", async () => {
    rpc.mockResolvedValue({ data: 'denied', error: null });
    renderPage();
    expect(await screen.findByText('customer dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('project_access', { project_id: PROJECT_ID });
    expect(toastError).toHaveBeenCalledWith('Access denied');
    expect(toastError).not.toHaveBeenCalledWith('Project not found');
  });

  it("says 'Project not found' and goes back when there is no such project", async () => {
    rpc.mockResolvedValue({ data: 'missing', error: null });
    renderPage();
    expect(await screen.findByText('customer dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Project not found');
    expect(toastError).not.toHaveBeenCalledWith('Access denied');
  });

  it("does not ask the server about an id that cannot name a project: 'Project not found'", async () => {
    renderPage('not-a-project');
    expect(await screen.findByText('customer dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('Project not found');
  });

  it('shows a failure, not a wrong message, when the access check itself fails', async () => {
    rpc.mockResolvedValue({ data: null, error: { code: 'PGRST000', message: 'down' } });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Failed to load the project.');
    expect(toastError).toHaveBeenCalledWith('Failed to load projects');
    expect(toastError).not.toHaveBeenCalledWith('Access denied');
  });

  it('asks nothing more when the project is visible', async () => {
    projectRow.mockReturnValue({
      data: {
        id: PROJECT_ID,
        customer_id: 'u1',
        designer_id: null,
        title: 'Sunny loft',
        description: 'A bright room with old floors',
        location: 'Portland, OR',
        space_size: 400,
        budget: 1000,
        budget_type: 'soft',
        preferred_style: 'Modern',
        status: 'pending',
        created_at: '2026-11-22T06:00:00Z',
        items_total: 0,
      },
      error: null,
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sunny loft' }, { timeout: 5000 })).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });
});
