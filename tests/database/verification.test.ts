import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFunction, type ServedFunction } from '@good-space/local-supabase';
import {
  createUser,
  latestMailTo,
  serviceClient,
  signedInClient,
  sql,
  stackConfig,
} from '@good-space/local-supabase/testing';

/**
 * Verified badges through the public API as the people who use them (20261202000400_verification.sql, the
 * verify-school-email and decide-verification functions; docs/trust-and-safety.md "Verified badges"): nobody
 * writes the badge but the database; one request in progress per designer; the school e-mail link confirms once,
 * for the designer who asked, before it expires; the projects method takes exactly three completed projects of
 * theirs with their customers' consent; documents sit in the designer's own folder, readable by them and
 * operators only, and leave Storage with the decision; only operators decide, and each decision is logged and
 * notified.
 */
const admin = serviceClient();
const made: string[] = [];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const BUCKET = 'verification-documents';

interface Person {
  id: string;
  client: SupabaseClient;
}

async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  const u = await createUser({ metadata: { full_name: name, username: `v-${randomUUID().slice(0, 6)}`, role } });
  made.push(u.id);
  return { id: u.id, client: await signedInClient(u.email, u.password) };
}

async function upload(who: Person, name: string): Promise<{ error: { message: string } | null }> {
  return who.client.storage
    .from(BUCKET)
    .upload(name, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
}

/**
 * verify-school-email in its own Deno worker with the test stack's inbox as its SMTP server (the stack's own
 * functions have no SMTP settings in these tests, as in notification-mail.test.ts).
 */
let mailer: ServedFunction;

/** The function's answer: its status and body, whether it succeeded or not. */
async function invoke(who: Person, fn: string, body: Record<string, unknown>) {
  if (fn === 'verify-school-email') {
    const port = await mailer.ready;
    const token = (await who.client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`http://127.0.0.1:${port}/verify-school-email`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const { data, error } = await who.client.functions.invoke(fn, { body });
  if (error instanceof FunctionsHttpError) {
    return { status: error.context.status as number, body: (await error.context.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, body: data as Record<string, unknown> };
}

async function requestOf(designer: string) {
  const [row] = await sql<{
    id: string;
    status: string;
    email_confirmed_at: string | null;
    documents_removed_at: string | null;
  }>(
    `select id, status, email_confirmed_at, documents_removed_at from public.verification_requests
      where designer_id = $1 order by created_at desc limit 1`,
    [designer],
  );
  return row;
}

async function badge(designer: string): Promise<string | null> {
  const [row] = await sql<{ verified: string | null }>(
    'select verified from public.designer_profiles where user_id = $1',
    [designer],
  );
  return row!.verified;
}

async function completedProject(customer: string, designer: string, consent: boolean): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status,
                                  completed_at, portfolio_consent)
     values ($1, $2, 'A finished room', 'A room furnished with thrifted pieces', 'Austin', 120, 1500, 'completed', now(), $3)
     returning id`,
    [customer, designer, consent],
  );
  return row!.id;
}

let student: Person; // school e-mail
let other: Person; // another designer
let customer: Person;
let operator: Person;
const schoolEmail = `ada.${randomUUID().slice(0, 8)}@mail.uni.edu`;

beforeAll(async () => {
  mailer = serveFunction(stackConfig, {
    name: 'verify-school-email',
    dir: path.join(stackConfig.projectDir, 'supabase', 'functions', 'verify-school-email'),
    secrets: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(stackConfig.smtpPort), SITE_URL: 'https://goodspace.test' },
    log: (line) => {
      if (process.env.LOCAL_SUPABASE_TEST_LOGS === '1') console.log(`[verify-school-email] ${line}`);
    },
  });
  await mailer.ready;
  student = await person('designer', 'Ada Student');
  other = await person('designer', 'Otto Other');
  customer = await person('customer', 'Cora Customer');
  operator = await person('customer', 'Opal Operator');
  await sql('insert into private.operators (user_id) values ($1)', [operator.id]);
}, 300_000);
afterAll(async () => {
  await mailer?.stop();
  // The documents left by these tests (the decided ones already went through Storage).
  await admin.storage
    .from(BUCKET)
    .remove(
      (
        await sql<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and owner_id = any($2::text[])',
          [BUCKET, made],
        )
      ).map((r) => r.name),
    );
  for (const id of made) await admin.auth.admin.deleteUser(id);
});

describe('the badge is the database’s', () => {
  it('nobody sets verified or a request’s status through the API', async () => {
    const update = await student.client.from('designer_profiles').update({ verified: 'pro' }).eq('user_id', student.id);
    expect(update.error?.code).toBe('42501');
    const insert = await student.client
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'registration', status: 'approved' });
    expect(insert.error?.code).toBe('42501');
    const token = await student.client.from('verification_requests').select('email_token_hash');
    expect(token.error?.code).toBe('42501');
    expect(await badge(student.id)).toBeNull();
  });
});

describe('the school e-mail link', () => {
  let token: string;

  it('refuses an address that is not a school’s, and sends the link to one that is', async () => {
    const refused = await invoke(student, 'verify-school-email', { email: 'ada@gmail.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/school e-mail address/);
    const customerAsks = await invoke(customer, 'verify-school-email', { email: schoolEmail });
    expect(customerAsks.status).toBe(403);

    const sent = await invoke(student, 'verify-school-email', { email: schoolEmail.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(sent.body.school_email).toBe(schoolEmail);
    const mail = await latestMailTo(schoolEmail, 60_000, {
      subject: 'Confirm your school e-mail address for Good Space',
    });
    const link = /https?:\/\/\S+\/verify\/school-email\?token=([0-9a-f]{64})/.exec(mail.Text);
    expect(link).not.toBeNull();
    token = link![1]!;
    expect((await requestOf(student.id))?.status).toBe('awaiting_email');
  });

  it('confirms only for the designer who asked, and only once', async () => {
    const stranger = await other.client.rpc('confirm_school_email', { token });
    expect(stranger.error?.code).toBe('42501');
    const wrong = await student.client.rpc('confirm_school_email', { token: 'f'.repeat(64) });
    expect(wrong.error?.code).toBe('P0002');

    const confirmed = await student.client.rpc('confirm_school_email', { token });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data).toMatchObject({ school_email: schoolEmail });
    expect(await requestOf(student.id)).toMatchObject({ status: 'open' });

    const again = await student.client.rpc('confirm_school_email', { token });
    expect(again.error).toMatchObject({ code: '55000', message: expect.stringMatching(/already used/) });
  });

  it('keeps one request in progress per designer', async () => {
    expect((await upload(student, `${student.id}/card.png`)).error).toBeNull();
    const second = await student.client
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'registration', document_paths: [`${student.id}/card.png`] });
    expect(second.error).toMatchObject({
      code: '23505',
      message: expect.stringMatching(/already have a verification request/),
    });
    const link = await invoke(student, 'verify-school-email', { email: schoolEmail });
    expect(link.status).toBe(409);
  });

  it('expires: a late link is refused, and no longer holds the place of a new request', async () => {
    const late = await person('designer', 'Lena Late');
    const address = `lena.${randomUUID().slice(0, 8)}@ox.ac.uk`;
    expect((await invoke(late, 'verify-school-email', { email: address })).status).toBe(200);
    const mail = await latestMailTo(address, 60_000);
    const token = /token=([0-9a-f]{64})/.exec(mail.Text)![1]!;
    await sql(
      `update public.verification_requests set email_token_expires_at = now() - interval '1 second' where designer_id = $1`,
      [late.id],
    );
    const expired = await late.client.rpc('confirm_school_email', { token });
    expect(expired.error).toMatchObject({ code: '55000', message: expect.stringMatching(/expired/) });

    expect((await upload(late, `${late.id}/student-id.png`)).error).toBeNull();
    const fresh = await late.client
      .from('verification_requests')
      .insert({ kind: 'student', method: 'student_id', document_paths: [`${late.id}/student-id.png`] })
      .select('status')
      .single();
    expect(fresh.error).toBeNull();
    expect(fresh.data).toEqual({ status: 'open' });
  });
});

describe('the projects method', () => {
  it('takes exactly three completed projects of theirs, each with the customer’s consent', async () => {
    const pro = await person('designer', 'Pia Pro');
    const shown = [
      await completedProject(customer.id, pro.id, true),
      await completedProject(customer.id, pro.id, true),
    ];
    const noConsent = await completedProject(customer.id, pro.id, false);
    const notTheirs = await completedProject(customer.id, other.id, true);
    for (const third of [noConsent, notTheirs, shown[0]!]) {
      const refused = await pro.client
        .from('verification_requests')
        .insert({ kind: 'pro', method: 'projects', project_ids: [...shown, third] });
      expect(refused.error).toMatchObject({
        code: '23514',
        message: expect.stringMatching(/three different completed projects/),
      });
    }
    const two = await pro.client
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'projects', project_ids: shown });
    expect(two.error?.code).toBe('23514');

    await sql('update public.projects set portfolio_consent = true where id = $1', [noConsent]);
    const ok = await pro.client
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'projects', project_ids: [...shown, noConsent] })
      .select('status')
      .single();
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual({ status: 'open' });
  });
});

describe('documents and decisions', () => {
  let holder: Person;
  const path = () => `${holder.id}/registration.png`;

  beforeAll(async () => {
    holder = await person('designer', 'Hugo Holder');
  });

  it('documents go in the designer’s own folder, readable by them and operators only', async () => {
    expect((await upload(holder, `${other.id}/forged.png`)).error).not.toBeNull();
    expect((await upload(customer, `${customer.id}/doc.png`)).error).not.toBeNull();
    expect((await upload(holder, path())).error).toBeNull();

    const foreign = await holder.client
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'registration', document_paths: [`${student.id}/card.png`] });
    expect(foreign.error).toMatchObject({ code: '23514', message: 'Upload the documents to your own folder first.' });
    const ok = await holder.client
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'registration', document_paths: [path()] });
    expect(ok.error).toBeNull();

    expect((await holder.client.storage.from(BUCKET).download(path())).error).toBeNull();
    expect((await operator.client.storage.from(BUCKET).createSignedUrl(path(), 60)).error).toBeNull();
    for (const outsider of [customer, other]) {
      expect((await outsider.client.storage.from(BUCKET).download(path())).error).not.toBeNull();
      expect((await outsider.client.storage.from(BUCKET).createSignedUrl(path(), 60)).error).not.toBeNull();
    }
    // Others' requests are not theirs to read either.
    const { data } = await other.client.from('verification_requests').select('id').eq('designer_id', holder.id);
    expect(data).toEqual([]);
    const operatorReads = await operator.client.from('verification_requests').select('id').eq('designer_id', holder.id);
    expect(operatorReads.data).toHaveLength(1);
  });

  it('only operators decide, and with a reason', async () => {
    const request = (await requestOf(holder.id))!.id;
    const byDesigner = await other.client.rpc('decide_verification', {
      p_request: request,
      p_approve: true,
      p_reason: 'Looks fine',
    });
    expect(byDesigner.error).toMatchObject({ code: '42501', message: 'Only Good Space operators can do this' });
    const viaFunction = await invoke(other, 'decide-verification', { request_id: request, approve: true, reason: 'x' });
    expect(viaFunction.status).toBe(403);
    const noReason = await invoke(operator, 'decide-verification', { request_id: request, approve: true, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(await badge(holder.id)).toBeNull();
  });

  it('an approval gives the badge, logs, notifies and removes the documents from Storage', async () => {
    const request = (await requestOf(holder.id))!.id;
    const decided = await invoke(operator, 'decide-verification', {
      request_id: request,
      approve: true,
      reason: 'Registration document matches the name.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.removed_files).toBe(1);
    expect(await badge(holder.id)).toBe('pro');
    expect(await requestOf(holder.id)).toMatchObject({ status: 'approved', documents_removed_at: expect.any(Date) });

    const [logged] = await sql<{ action: string; target_user_id: string; reason: string; operator_id: string }>(
      'select action, target_user_id, reason, operator_id from public.moderation_actions where id = $1',
      [decided.body.action_id],
    );
    expect(logged).toEqual({
      action: 'approve_verification',
      target_user_id: holder.id,
      reason: 'Registration document matches the name.',
      operator_id: operator.id,
    });
    const { data: notes } = await holder.client
      .from('notifications')
      .select('kind, title')
      .eq('kind', 'verification_decided');
    expect(notes).toEqual([{ kind: 'verification_decided', title: 'You are now a Verified pro' }]);

    expect(await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [BUCKET, path()])).toEqual([]);
    expect((await holder.client.storage.from(BUCKET).download(path())).error).not.toBeNull();

    const again = await invoke(operator, 'decide-verification', { request_id: request, approve: false, reason: 'No' });
    expect(again.status).toBe(409);
  });

  it('the badge shows in the designer lists', async () => {
    await sql("update public.designer_profiles set availability_status = 'available' where user_id = $1", [holder.id]);
    const { data, error } = await customer.client
      .rpc('nearby_designers', { page_size: 100 })
      .select('user_id, verified')
      .eq('user_id', holder.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ user_id: holder.id, verified: 'pro' }]);
  });

  it('a refusal logs and notifies with the reason, and leaves no badge', async () => {
    const request = (await requestOf(student.id))!.id;
    const refused = await operator.client.rpc('decide_verification', {
      p_request: request,
      p_approve: false,
      p_reason: 'That school is not one we can confirm.',
    });
    expect(refused.error).toBeNull();
    expect(await badge(student.id)).toBeNull();
    const [logged] = await sql<{ action: string }>('select action from public.moderation_actions where id = $1', [
      refused.data,
    ]);
    expect(logged).toEqual({ action: 'refuse_verification' });
    const { data: notes } = await student.client
      .from('notifications')
      .select('title, body')
      .eq('kind', 'verification_decided');
    expect(notes).toEqual([
      {
        title: 'Your request for the Verified student badge was refused',
        body: 'Reason: That school is not one we can confirm. You can ask again from your profile.',
      },
    ]);
  });

  it('the designer withdraws their badge; nothing left to withdraw is refused', async () => {
    const withdrawn = await holder.client.rpc('withdraw_verification');
    expect(withdrawn.error).toBeNull();
    expect(await badge(holder.id)).toBeNull();
    const again = await holder.client.rpc('withdraw_verification');
    expect(again.error?.code).toBe('P0002');
  });
});

describe('account deletion', () => {
  it('takes the verification documents with the account, through Storage', async () => {
    const leaving = await person('designer', 'Lea Leaving');
    expect((await upload(leaving, `${leaving.id}/id-card.png`)).error).toBeNull();
    const refused = await leaving.client.rpc('delete_user');
    expect(refused.error?.message).toMatch(/^Stored files remain/);
    const { error } = await leaving.client.functions.invoke('delete-account');
    expect(error).toBeNull();
    expect(
      await sql('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        BUCKET,
        `${leaving.id}/id-card.png`,
      ]),
    ).toEqual([]);
    expect(await sql('select 1 from auth.users where id = $1', [leaving.id])).toEqual([]);
  });
});
