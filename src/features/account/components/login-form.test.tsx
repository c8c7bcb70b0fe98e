import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginForm } from '@/features/account/components/login-form';
import { authUrl, gotrueError, recordRequests, server } from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

async function signInAs(email: string) {
  const rendered = renderApp(<LoginForm />);
  await rendered.user.type(screen.getByLabelText('E-mail'), email);
  await rendered.user.type(screen.getByLabelText('Password'), 'GoodSpace123');
  await rendered.user.click(screen.getByRole('button', { name: 'Login' }));
  return rendered;
}

describe('LoginForm refusals', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('says the account is suspended, and where to write, when Auth refuses a banned user (user_banned)', async () => {
    server.use(http.post(authUrl('token'), () => gotrueError(400, 'user_banned', 'User is banned')));
    await signInAs('jordan@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is suspended. If you think this is a mistake, write to help@goodspace.app.',
    );
    expect(raisedToasts('error')).toEqual([]);
    const [asked] = await sent.to('POST', 'auth/v1/token');
    expect(asked!.url.searchParams.get('grant_type')).toBe('password');
  });

  it('keeps the usual refusal for wrong credentials', async () => {
    server.use(http.post(authUrl('token'), () => gotrueError(400, 'invalid_credentials', 'Invalid login credentials')));
    await signInAs('jordan@example.com');
    await findToast('Login failed', 'error');
    expect(screen.queryByText(/Your account is suspended/)).not.toBeInTheDocument();
  });
});
