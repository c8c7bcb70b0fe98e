import { vi } from 'vitest';

/**
 * The browser's geolocation API in unit tests (jsdom has none): what the device answers when a page asks where it
 * is. `asked` records each request; `answer`/`deny` reply to the ones still waiting (a permission prompt the user has
 * not answered yet). Call `removeDeviceGeolocation` after each test.
 */
export function deviceGeolocation() {
  type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
  type Failure = (error: { code: number; message: string }) => void;
  const waiting: { ok: Success; fail: Failure }[] = [];
  const asked = vi.fn((ok: Success, fail: Failure) => {
    waiting.push({ ok, fail });
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: asked } });
  return {
    asked,
    answer(latitude: number, longitude: number) {
      for (const { ok } of waiting.splice(0)) ok({ coords: { latitude, longitude } });
    },
    deny() {
      for (const { fail } of waiting.splice(0)) fail({ code: 1, message: 'User denied Geolocation' });
    },
  };
}

export function removeDeviceGeolocation() {
  if ('geolocation' in navigator) Reflect.deleteProperty(navigator, 'geolocation');
}
