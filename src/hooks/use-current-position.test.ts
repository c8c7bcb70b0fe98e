import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCurrentPosition } from '@/hooks/use-current-position';
import { GEOLOCATION_UNSUPPORTED_MESSAGE } from '@/lib/geo';
// A hook has no screen: what it raised is read from sonner (src/testing/render-app.tsx).
import { raisedToasts } from '@/testing/render-app';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = () => void;
const getCurrentPosition = vi.fn<(ok: Success, fail: Failure, options?: PositionOptions) => void>();

function withGeolocation() {
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}
function withoutGeolocation() {
  // jsdom has no geolocation; make sure no earlier test left one behind.
  if ('geolocation' in navigator) Reflect.deleteProperty(navigator, 'geolocation');
}

beforeEach(() => {
  getCurrentPosition.mockReset();
});
afterEach(withoutGeolocation);

describe('useCurrentPosition', () => {
  it('asks once on mount and reports the coordinates', () => {
    withGeolocation();
    const { result, rerender } = renderHook(() => useCurrentPosition('Location access denied. Showing all projects.'));
    expect(result.current).toEqual({ status: 'locating' });
    rerender();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    act(() => getCurrentPosition.mock.calls[0]![0]({ coords: { latitude: 10, longitude: 20 } }));
    expect(result.current).toEqual({ status: 'known', coordinates: { latitude: 10, longitude: 20 } });
  });

  it('waits until enabled, and a refusal leaves it unavailable with the given message', () => {
    withGeolocation();
    const { result, rerender } = renderHook(
      ({ enabled }) => useCurrentPosition('Location access denied. Showing all designers.', { enabled }),
      { initialProps: { enabled: false } },
    );
    expect(getCurrentPosition).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    act(() => getCurrentPosition.mock.calls[0]![1]());
    expect(result.current).toEqual({ status: 'unavailable' });
    expect(raisedToasts('error')).toEqual(['Location access denied. Showing all designers.']);
  });

  it('is unavailable at once without the API, and says so only when enabled', () => {
    withoutGeolocation();
    const { result, rerender } = renderHook(({ enabled }) => useCurrentPosition('Denied', { enabled }), {
      initialProps: { enabled: false },
    });
    expect(result.current).toEqual({ status: 'unavailable' });
    expect(raisedToasts('error')).toEqual([]);
    rerender({ enabled: true });
    expect(raisedToasts('error')).toEqual([GEOLOCATION_UNSUPPORTED_MESSAGE]);
  });

  it('ignores an answer that arrives after unmount', () => {
    withGeolocation();
    const { unmount } = renderHook(() => useCurrentPosition('Denied'));
    unmount();
    act(() => getCurrentPosition.mock.calls[0]![1]());
    expect(raisedToasts('error')).toEqual([]);
  });
});
