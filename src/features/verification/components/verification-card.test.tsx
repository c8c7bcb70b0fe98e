import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { VerificationCard } from '@/features/verification/components/verification-card';
import { findToast, renderApp } from '@/testing/render-app';
import {
  functionUrl,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  storageUrl,
} from '@/testing/supabase-http';
import { storageUploaded } from '@/testing/supabase-storage';

const USER = 'd0000000-0000-4000-8000-000000000001';
type Row = Record<string, unknown>;

/** The backend's state: the designer's badge and their requests, newest first. */
function backend(state: { badge: string | null; requests: Row[] }) {
  server.use(
    http.get(restUrl('designer_profiles'), ({ request }) => pgrstRows(request, [{ verified: state.badge }])),
    http.get(restUrl('verification_requests'), ({ request }) => pgrstRows(request, state.requests.slice(0, 1))),
  );
  return state;
}

const request = (overrides: Row): Row => ({
  id: 'r1',
  kind: 'student',
  method: 'school_email',
  school_email: 'ada@mail.uni.edu',
  email_token_expires_at: '2026-12-03T10:00:00Z',
  email_confirmed_at: null,
  document_paths: [],
  project_ids: [],
  status: 'awaiting_email',
  decided_at: null,
  reason: null,
  created_at: '2026-12-01T10:00:00Z',
  ...overrides,
});

function setup() {
  return renderApp(<VerificationCard userId={USER} />);
}

describe('VerificationCard', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('refuses an address that is not a school’s before sending anything', async () => {
    backend({ badge: null, requests: [] });
    const { user } = setup();
    await user.type(await screen.findByLabelText('School e-mail address'), 'ada@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/one ending in \.edu/);
    expect(screen.getByLabelText('School e-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(await sent.to('POST', 'functions/v1/verify-school-email')).toEqual([]);
  });

  it('sends the school e-mail link, then says where it went', async () => {
    const state = backend({ badge: null, requests: [] });
    server.use(
      http.post(functionUrl('verify-school-email'), () => {
        state.requests = [request({})];
        return HttpResponse.json({ request_id: 'r1', school_email: 'ada@mail.uni.edu', expires_at: '2026-12-03' });
      }),
    );
    const { user } = setup();
    await user.type(await screen.findByLabelText('School e-mail address'), ' ada@mail.uni.edu ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    await findToast('Link sent: open it from your school mailbox', 'success');
    const [call] = await sent.to('POST', 'functions/v1/verify-school-email');
    expect(call!.body).toEqual({ email: 'ada@mail.uni.edu' });
    expect(await screen.findByText(/We sent a link to/)).toHaveTextContent('ada@mail.uni.edu');
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw my request' })).toBeInTheDocument();
  });

  it('uploads a registration document to the designer’s folder and names it in the request', async () => {
    backend({ badge: null, requests: [] });
    server.use(
      http.post(storageUrl('object/verification-documents/*'), ({ request }) => storageUploaded(request)),
      http.post(restUrl('verification_requests'), ({ request }) => pgrstRows(request, [])),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Verified pro' }));
    await user.click(screen.getByRole('radio', { name: 'A business or trade registration document' }));
    const input = screen.getByLabelText('Registration document');
    const tooBig = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(input, tooBig);
    await user.click(screen.getByRole('button', { name: 'Ask for the badge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each file must be 5 MB or less.');

    await user.upload(input, new File(['%PDF-1.4'], 'registration.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Ask for the badge' }));
    await findToast('Request sent: a Good Space operator will look at it', 'success');
    const upload = (await sent.all()).find((r) =>
      r.url.pathname.startsWith('/storage/v1/object/verification-documents/'),
    );
    const path = upload!.url.pathname.replace('/storage/v1/object/verification-documents/', '');
    expect(path).toMatch(new RegExp(`^${USER}/\\d+-0\\.pdf$`));
    const [insert] = await sent.to('POST', 'rest/v1/verification_requests');
    expect(insert!.body).toEqual({ kind: 'pro', method: 'registration', document_paths: [path] });
  });

  it('asks for exactly three consented projects, and says when there are not enough', async () => {
    backend({ badge: null, requests: [] });
    const projects = [
      { id: 'a0000000-0000-4000-8000-00000000000a', title: 'Loft', completed_at: '2026-10-01' },
      { id: 'b0000000-0000-4000-8000-00000000000b', title: 'Studio', completed_at: '2026-09-01' },
      { id: 'c0000000-0000-4000-8000-00000000000c', title: 'Kitchen', completed_at: '2026-08-01' },
    ];
    server.use(
      http.get(restUrl('projects'), ({ request }) => pgrstRows(request, projects)),
      http.post(restUrl('verification_requests'), ({ request }) => pgrstRows(request, [])),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Verified pro' }));
    await user.click(screen.getByRole('radio', { name: 'Three completed Good Space projects in my portfolio' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Loft' }));
    await user.click(screen.getByRole('checkbox', { name: 'Studio' }));
    await user.click(screen.getByRole('button', { name: 'Ask for the badge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose exactly three projects.');
    await user.click(screen.getByRole('checkbox', { name: 'Kitchen' }));
    await user.click(screen.getByRole('button', { name: 'Ask for the badge' }));
    await findToast('Request sent: a Good Space operator will look at it', 'success');
    const [read] = await sent.to('GET', 'rest/v1/projects');
    expect(read!.url.searchParams.get('portfolio_consent')).toBe('eq.true');
    expect(read!.url.searchParams.get('status')).toBe('eq.completed');
    const [insert] = await sent.to('POST', 'rest/v1/verification_requests');
    expect(insert!.body).toEqual({ kind: 'pro', method: 'projects', project_ids: projects.map((p) => p.id) });
  });

  it('shows the database’s refusal as it is', async () => {
    backend({ badge: null, requests: [] });
    server.use(
      http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [])),
      http.post(functionUrl('verify-school-email'), () =>
        HttpResponse.json(
          { error: 'You’re doing that too often. Try again in 5 minutes.', code: 'rate_limited' },
          { status: 429 },
        ),
      ),
    );
    const { user } = setup();
    await user.type(await screen.findByLabelText('School e-mail address'), 'ada@ox.ac.uk');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You’re doing that too often. Try again in 5 minutes.');
  });

  it('shows the badge held and withdraws it after a confirmation', async () => {
    const state = backend({ badge: 'student', requests: [request({ status: 'approved', decided_at: '2026-12-02' })] });
    server.use(
      http.post(rpcUrl('withdraw_verification'), () => {
        state.badge = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = setup();
    expect(await screen.findByTestId('verified-badge')).toHaveTextContent(/^Verified student/);
    // A student may still ask for the pro badge.
    expect(screen.getByRole('radio', { name: 'Verified student' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw my badge' }));
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await findToast('Withdrawn', 'success');
    expect(await sent.to('POST', 'rest/v1/rpc/withdraw_verification')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('verified-badge')).toBeNull());
  });

  it('says why a request was refused', async () => {
    backend({
      badge: null,
      requests: [request({ status: 'refused', reason: 'The ID card had expired.', decided_at: '2026-12-02' })],
    });
    setup();
    expect(await screen.findByText(/was refused/)).toHaveTextContent(
      'Your request for the Verified student badge was refused: The ID card had expired. You can ask again.',
    );
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeInTheDocument();
  });

  it('says when loading fails', async () => {
    server.use(
      http.get(restUrl('designer_profiles'), () => pgrstError(500, 'XX000', 'boom')),
      http.get(restUrl('verification_requests'), ({ request }) => pgrstRows(request, [])),
    );
    setup();
    expect(await screen.findByText('Failed to load your verification')).toBeInTheDocument();
  });
});
