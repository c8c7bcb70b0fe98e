import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useSearchPatch } from '@/hooks/use-search-patch';

function Filters() {
  const [params, patch] = useSearchPatch();
  return (
    <>
      <p>shown: {params.toString() || 'nothing'}</p>
      <button type="button" onClick={() => patch({ room: 'Den' })}>
        Den
      </button>
      <button type="button" onClick={() => patch({ status: 'declined' })}>
        Declined
      </button>
      <button type="button" onClick={() => patch({ room: null, status: null })}>
        Clear
      </button>
      <button type="button" onClick={() => patch({ tag: ['wood', 'brass'] }, { replace: false })}>
        Tags
      </button>
      <button type="button" onClick={() => patch({ tag: [] }, { replace: false })}>
        No tags
      </button>
    </>
  );
}

/** A route whose loader waits until the test lets it go, as a page's loader waits on the network. */
function renderWithSlowLoader(url: string) {
  let release: () => void = () => {};
  let hold = false;
  const router = createMemoryRouter(
    [
      {
        path: '/board',
        element: <Filters />,
        hydrateFallbackElement: <p>opening</p>,
        loader: () => (hold ? new Promise<null>((resolve) => (release = () => resolve(null))) : null),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    holdLoads: () => (hold = true),
    release: () => {
      hold = false;
      release();
    },
  };
}

describe('useSearchPatch', () => {
  it('keeps two quick changes, the second made before the first has reached the URL', async () => {
    const user = userEvent.setup();
    const { router, holdLoads, release } = renderWithSlowLoader('/board?keep=1#board');
    await screen.findByText('shown: keep=1');
    holdLoads();

    await user.click(screen.getByRole('button', { name: 'Den' }));
    // The page shows the change at once, though the router is still loading.
    await screen.findByText('shown: keep=1&room=Den');
    expect(router.state.location.search).toBe('?keep=1');
    await user.click(screen.getByRole('button', { name: 'Declined' }));
    await screen.findByText('shown: keep=1&room=Den&status=declined');

    release();
    await waitFor(() => expect(router.state.location.search).toBe('?keep=1&room=Den&status=declined'));
    // The hash stays, and each change replaced the entry rather than adding one to go back through.
    expect(router.state.location.hash).toBe('#board');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('shown: keep=1&room=Den&status=declined')).toBeInTheDocument();
  });

  it('removes a param given null, and the URL leads again once the router has caught up', async () => {
    const user = userEvent.setup();
    const { router, holdLoads, release } = renderWithSlowLoader('/board?room=Den&status=declined');
    await screen.findByText('shown: room=Den&status=declined');
    holdLoads();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByText('shown: nothing');
    release();
    await waitFor(() => expect(router.state.location.search).toBe(''));

    // A navigation from elsewhere (a link, a notification) shows what the URL says.
    await router.navigate('/board?status=approved');
    await screen.findByText('shown: status=approved');
  });

  it('sets a repeated param from a list and, asked to, adds a history entry Back undoes', async () => {
    const user = userEvent.setup();
    const { router } = renderWithSlowLoader('/board?tag=old&room=Den');
    await screen.findByText('shown: tag=old&room=Den');

    await user.click(screen.getByRole('button', { name: 'Tags' }));
    // A list replaces every value of the param, written after the others.
    await waitFor(() => expect(router.state.location.search).toBe('?room=Den&tag=wood&tag=brass'));
    expect(router.state.historyAction).toBe('PUSH');
    await user.click(screen.getByRole('button', { name: 'No tags' }));
    await waitFor(() => expect(router.state.location.search).toBe('?room=Den'));

    await router.navigate(-1);
    await screen.findByText('shown: room=Den&tag=wood&tag=brass');
    await router.navigate(-1);
    await screen.findByText('shown: tag=old&room=Den');
  });
});
