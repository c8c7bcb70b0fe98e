import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GEOLOCATION_UNSUPPORTED_MESSAGE,
  formatLatLng,
  useCurrentPosition,
  useDeviceLocation,
} from '@/hooks/use-device-location';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...args: unknown[]) => toastError(...args) } }));

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
  toastError.mockReset();
  getCurrentPosition.mockReset();
});
afterEach(withoutGeolocation);

describe('formatLatLng', () => {
  it('writes latitude,longitude with four decimals', () => {
    expect(formatLatLng({ latitude: 45.523064, longitude: -122.67648 })).toBe('45.5231,-122.6765');
    expect(formatLatLng({ latitude: 0, longitude: 7 })).toBe('0.0000,7.0000');
  });
});

describe('useDeviceLocation', () => {
  it("hands the device's position to onLocated as 'lat,long' and shows locating meanwhile", () => {
    withGeolocation();
    const onLocated = vi.fn();
    const { result } = renderHook(() => useDeviceLocation({ deniedMessage: 'Denied here', onLocated }));
    expect(result.current.locating).toBe(false);

    act(() => result.current.locate());
    expect(result.current.locating).toBe(true);
    expect(getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), {
      timeout: 10_000,
      maximumAge: undefined,
      enableHighAccuracy: undefined,
    });

    act(() => getCurrentPosition.mock.calls[0]![0]({ coords: { latitude: 51.50735, longitude: -0.12776 } }));
    expect(result.current.locating).toBe(false);
    expect(onLocated).toHaveBeenCalledWith('51.5074,-0.1278', { latitude: 51.50735, longitude: -0.12776 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it("shows the screen's own message when access is denied", () => {
    withGeolocation();
    const onLocated = vi.fn();
    const { result } = renderHook(() =>
      useDeviceLocation({ deniedMessage: 'Location access denied. Please type your location.', onLocated }),
    );
    act(() => result.current.locate());
    act(() => getCurrentPosition.mock.calls[0]![1]());
    expect(result.current.locating).toBe(false);
    expect(onLocated).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('Location access denied. Please type your location.', {
      id: 'Location access denied. Please type your location.',
    });
  });

  it('says so when the browser has no geolocation, and does not start locating', () => {
    withoutGeolocation();
    const { result } = renderHook(() => useDeviceLocation({ deniedMessage: 'Denied', onLocated: vi.fn() }));
    act(() => result.current.locate());
    expect(result.current.locating).toBe(false);
    expect(toastError).toHaveBeenCalledWith(GEOLOCATION_UNSUPPORTED_MESSAGE, { id: GEOLOCATION_UNSUPPORTED_MESSAGE });
  });

  it('calls the latest onLocated, not the one from when the button was pressed', () => {
    withGeolocation();
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ onLocated }) => useDeviceLocation({ deniedMessage: 'D', onLocated }), {
      initialProps: { onLocated: first },
    });
    act(() => result.current.locate());
    rerender({ onLocated: second });
    act(() => getCurrentPosition.mock.calls[0]![0]({ coords: { latitude: 1, longitude: 2 } }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('1.0000,2.0000', { latitude: 1, longitude: 2 });
  });
});

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
    expect(toastError).toHaveBeenCalledWith('Location access denied. Showing all designers.', {
      id: 'Location access denied. Showing all designers.',
    });
  });

  it('is unavailable at once without the API, and says so only when enabled', () => {
    withoutGeolocation();
    const { result, rerender } = renderHook(({ enabled }) => useCurrentPosition('Denied', { enabled }), {
      initialProps: { enabled: false },
    });
    expect(result.current).toEqual({ status: 'unavailable' });
    expect(toastError).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(toastError).toHaveBeenCalledWith(GEOLOCATION_UNSUPPORTED_MESSAGE, { id: GEOLOCATION_UNSUPPORTED_MESSAGE });
  });

  it('ignores an answer that arrives after unmount', () => {
    withGeolocation();
    const { unmount } = renderHook(() => useCurrentPosition('Denied'));
    unmount();
    act(() => getCurrentPosition.mock.calls[0]![1]());
    expect(toastError).not.toHaveBeenCalled();
  });
});
