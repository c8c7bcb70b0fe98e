import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait on a condition; their limit (1 s by default) only has to catch a hang. On a busy
// machine a render can take longer than a second, which must not fail a test.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
});
