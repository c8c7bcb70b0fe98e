import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { server } from '@/testing/supabase-http';

// findBy*/waitFor wait on a condition; their limit (1 s by default) only has to catch a hang. On a busy
// machine a render can take longer than a second, which must not fail a test.
configure({ asyncUtilTimeout: 30_000 });

// The backend is answered at the HTTP boundary (src/testing/supabase-http.ts); a request no test answers fails.
// Listening from the start, before the test file imports the app: supabase-js takes the WebSocket class when its
// client is built, and MSW's interception of it (realtime stays silent unless a test answers it) must be in place
// by then.
server.listen({ onUnhandledRequest: 'error' });
afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
});
afterAll(() => server.close());
