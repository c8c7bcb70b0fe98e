import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';

/** Renders `ui` under a fresh QueryClient (no retries, so a failing mutation fails at once) with a user-event user. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  return { user, client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
