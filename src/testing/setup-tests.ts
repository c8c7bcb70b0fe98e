import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { checkConsole, watchConsole } from '@/testing/console';
import { server } from '@/testing/supabase-http';

// findBy*/waitFor wait on a condition; their limit (1 s by default) only has to catch a hang. On a busy
// machine a render can take longer than a second, which must not fail a test.
configure({ asyncUtilTimeout: 30_000 });

// The backend is answered at the HTTP boundary (src/testing/supabase-http.ts); a request no test answers fails.
// Listening from the start, before the test file imports the app: supabase-js takes the WebSocket class when its
// client is built, and MSW's interception of it (realtime stays silent unless a test answers it) must be in place
// by then.
server.listen({ onUnhandledRequest: 'error' });

// An unexpected console.error or console.warn fails the test (src/testing/console.ts).
beforeEach(() => watchConsole());
afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module: the next test's Toaster would show this one's.
  toast.dismiss();
  server.resetHandlers();
  server.events.removeAllListeners();
  localStorage.clear();
  // What unmounting logged counts too.
  checkConsole();
});
afterAll(() => server.close());
