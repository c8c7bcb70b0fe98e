import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState } from '@/components/query-state';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const loading = { isPending: true, isError: false, data: undefined } as const;
const failed = { isPending: false, isError: true, data: undefined } as const;
const loaded = { isPending: false, isError: false, data: ['a', 'b'] } as const;

function renderState(query: typeof loading | typeof failed | typeof loaded, props: { toast?: boolean } = {}) {
  return renderApp(
    <QueryState<readonly string[]> query={query} loading="Loading things…" failed="Failed to load things" {...props}>
      {(data) => <p>{data.length} things</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('says what is loading while the first load runs', () => {
    renderState(loading);
    expect(screen.getByRole('status')).toHaveTextContent('Loading things…');
    expect(screen.queryByText(/^\d+ things$/)).not.toBeInTheDocument();
  });

  it('shows the failure in place of the content, and toasts it', async () => {
    renderState(failed);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load things');
    await findToast('Failed to load things', 'error');
    expect(raisedToasts()).toEqual(['Failed to load things']);
  });

  it('shows the failure without a toast where the page says so itself', () => {
    renderState(failed, { toast: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load things');
    expect(raisedToasts()).toEqual([]);
  });

  it('renders the content from the data once loaded', () => {
    renderState(loaded);
    expect(screen.getByText('2 things')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
