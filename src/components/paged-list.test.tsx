import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedQuery } from '@/components/paged-list';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

function pagedQuery(pages: string[][] | undefined, more: Partial<PagedQuery<string>> = {}): PagedQuery<string> {
  return {
    isPending: pages === undefined,
    isError: false,
    data: pages ? { pages, pageParams: pages.map((_, i) => i) } : undefined,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
    ...more,
  } as PagedQuery<string>;
}

function renderList(query: PagedQuery<string>, props: { quiet?: boolean; select?: (rows: string[]) => string[] } = {}) {
  return render(
    <PagedList
      query={query}
      loading="Loading things…"
      failed="Failed to load things"
      empty={<p>Nothing yet</p>}
      label="Things"
      {...props}
    >
      {(row) => <li key={row}>{row}</li>}
    </PagedList>,
  );
}

describe('PagedList', () => {
  it('says what is loading, then lists the rows of every page in a labelled list', () => {
    const { rerender } = renderList(pagedQuery(undefined));
    expect(screen.getByRole('status')).toHaveTextContent('Loading things…');
    rerender(
      <PagedList
        query={pagedQuery([['a', 'b'], ['c']])}
        loading="Loading things…"
        failed="Failed"
        empty={null}
        label="Things"
      >
        {(row) => <li key={row}>{row}</li>}
      </PagedList>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b', 'c']);
    expect(screen.getByRole('list', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the failure in place, or nothing at all when quiet', () => {
    renderList(pagedQuery(undefined, { isPending: false, isError: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load things');
    const quiet = renderList(pagedQuery(undefined), { quiet: true });
    expect(quiet.container).toBeEmptyDOMElement();
  });

  it('shows the empty state only when no row is left and no page is to come', () => {
    renderList(pagedQuery([['x']]), { select: () => [] });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  it('offers Load more while there are more pages, and loads the next one', async () => {
    const query = pagedQuery([['a']], { hasNextPage: true });
    renderList(query);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(query.fetchNextPage).toHaveBeenCalledOnce();
  });
});
