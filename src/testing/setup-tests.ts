import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '@/testing/supabase-http';

// findBy*/waitFor wait on a condition; their limit (1 s by default) only has to catch a hang. On a busy
// machine a render can take longer than a second, which must not fail a test.
configure({ asyncUtilTimeout: 30_000 });

// The backend is answered at the HTTP boundary (src/testing/supabase-http.ts); a request no test answers fails.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});
afterAll(() => server.close());

// Realtime never connects in unit tests: channels stay joining, so no catch-up read follows a subscribe. What
// arrives over realtime is tested against the local stack (tests/, e2e/).
class OfflineWebSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  binaryType = 'arraybuffer';
  send() {}
  close() {
    this.readyState = 3;
  }
  addEventListener() {}
  removeEventListener() {}
}
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // After MSW's own interception of WebSocket, which would open the connection.
  vi.stubGlobal('WebSocket', OfflineWebSocket);
});
