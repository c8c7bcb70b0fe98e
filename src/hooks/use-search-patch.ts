import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** New values by name: a string sets one, a list sets each of a repeated param (`?condition=a&condition=b`), `null`
 * or an empty string or list removes it. */
export type SearchPatch = Record<string, string | readonly string[] | null>;

export type SearchPatchOptions = {
  /** False: a new history entry (Back undoes the change), for a discrete choice; true (the default) refines the
   * current entry, as typing does. */
  replace?: boolean;
};

/**
 * The URL's search params as the page should show them, and a function that changes some of them (a `null` value
 * removes one), replacing the history entry (unless told not to) and keeping the hash and the scroll position.
 *
 * Why not `useSearchParams()` alone: a data router's navigation is asynchronous (the route's loaders run first), so
 * until it commits, the params of the current render are one change behind. Two quick changes (a filter, then
 * another) would each start from the old URL and the second would undo the first. Here each change starts from the
 * last one asked for, and the page shows it at once.
 */
export function useSearchPatch(): [URLSearchParams, (patch: SearchPatch, options?: SearchPatchOptions) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const committed = params.toString();
  // The search asked for and not yet committed: a ref for the next change (it may come before a render), a state
  // for what the page shows.
  const latest = useRef<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    // The router has caught up with the last change: the URL leads again. (An earlier change committing while a
    // later one is still on its way leaves the later one in charge.)
    if (latest.current === committed) {
      latest.current = null;
      setPending(null);
    }
  }, [committed]);

  const patch = useCallback(
    (changes: SearchPatch, { replace = true }: SearchPatchOptions = {}) => {
      const next = new URLSearchParams(latest.current ?? committed);
      for (const [name, value] of Object.entries(changes)) {
        if (typeof value === 'string' && value) {
          next.set(name, value);
        } else {
          next.delete(name);
          if (value) for (const each of value) next.append(name, each);
        }
      }
      const search = next.toString();
      latest.current = search;
      setPending(search);
      void navigate({ search: search ? `?${search}` : '', hash }, { replace, preventScrollReset: true });
    },
    [committed, hash, navigate],
  );

  return [new URLSearchParams(pending ?? committed), patch];
}
