// moderate-account: an operator suspends or reinstates an account (docs/trust-and-safety.md; ADR 0032).
// Body: { user_id, action: 'suspend'|'reinstate', reason, subject_kind?, subject_id? }. Answer: { action_id }.
//
// The database decides first, as the caller: suspend_account / reinstate_account run with the operator's own token,
// so only an operator gets past them (42501 → 403), and they write the audit log line. Then Auth: the account is
// banned (ban_duration '876000h', a hundred years; 'none' lifts it), so it cannot sign in or refresh, and its
// sessions end (public.end_user_sessions with the service role: GoTrue's admin API has no "sign this user out",
// auth.admin.signOut takes the user's own token). If Auth fails after a suspension, the suspension is undone
// (the ban lifted, reinstate_account) and the answer is 502; a retry of a suspension the database already has
// repairs Auth's side. Reinstating lifts the ban first, then the database: an unsuspended account is never left
// banned, and a retry always gets through.
import { isAuthError, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { requireAssurance } from '../_shared/assurance.ts';
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { parseModerateAccount } from './request.ts';

const NOT_SIGNED_IN = 'Sign in as a Good Space operator';
/** A hundred years: GoTrue has no "forever"; reinstating lifts it with 'none'. */
export const BAN_FOREVER = '876000h';

function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return m ? m[1]! : null;
}

/** 401 unless the token is a signed-in user's (Auth's getUser); 403 insufficient_aal for an aal1 two-factor user. */
async function requireSignedIn(req: Request, admin: SupabaseClient): Promise<void> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, NOT_SIGNED_IN, 'not_logged_in');
  const { data, error } = await admin.auth.getUser(token);
  const refused = isAuthError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
  if (error && !refused) throw error;
  if (error || !data.user) throw new HttpError(401, NOT_SIGNED_IN, 'not_logged_in');
  requireAssurance(data.user, token);
}

/** The database's refusal as the caller reads it: its sentence, with the status its SQLSTATE means. */
function refusal(error: { code?: string; message: string }): HttpError {
  const status =
    error.code === '42501'
      ? 403
      : error.code === 'P0002'
        ? 404
        : error.code === '55000'
          ? 409
          : error.code === '22023' || error.code === '23514' || error.code === '22P02'
            ? 400
            : 0;
  if (status === 0) return new HttpError(500, 'Internal error', 'internal_error');
  return new HttpError(status, error.message, error.code === '42501' ? 'not_operator' : 'refused');
}

/** Bans the account and ends its sessions; either step failing is Auth's failure. */
async function banAndSignOut(admin: SupabaseClient, userId: string): Promise<unknown> {
  const ban = await admin.auth.admin.updateUserById(userId, { ban_duration: BAN_FOREVER });
  if (ban.error) return ban.error;
  const ended = await admin.rpc('end_user_sessions', { p_user: userId });
  return ended.error ?? null;
}

Deno.serve(
  withHttp(['POST'], async (req) => {
    const admin = serviceClient();
    await requireSignedIn(req, admin);
    const body = parseModerateAccount(await readJsonObject(req));
    const asCaller = callerClient(req);
    // Nobody but an operator gets as far as Auth (the RPCs below check again, in the same transaction as the change).
    const operator = await asCaller.rpc('is_operator');
    if (operator.error) throw refusal(operator.error);
    if (operator.data !== true) throw new HttpError(403, 'Only Good Space operators can do this', 'not_operator');

    if (body.action === 'reinstate') {
      // Auth first: "not suspended in the database" must never meet "banned in Auth". Lifting the ban of an account
      // the database still suspends changes nothing (every request is refused), and a retry finishes the job.
      const unban = await admin.auth.admin.updateUserById(body.userId, { ban_duration: 'none' });
      if (unban.error) {
        console.error('moderate-account: lifting the ban failed:', unban.error);
        throw new HttpError(
          502,
          'The sign-in ban could not be lifted, so nothing changed. Please try again.',
          'auth_failed',
        );
      }
      const { data, error } = await asCaller.rpc('reinstate_account', { p_user: body.userId, p_reason: body.reason });
      if (error) throw refusal(error);
      return json({ action_id: data });
    }

    const { data: actionId, error } = await asCaller.rpc('suspend_account', {
      p_user: body.userId,
      p_reason: body.reason,
      p_subject_kind: body.subjectKind,
      p_subject_id: body.subjectId,
    });
    if (error) {
      const refused = refusal(error);
      if (refused.status === 500) console.error('moderate-account: suspend_account failed:', error);
      // Already suspended: make sure Auth agrees (a retry after an earlier failure repairs it), then say so.
      if (error.code === '55000') {
        const repair = await banAndSignOut(admin, body.userId);
        if (repair) console.error('moderate-account: repairing the ban of a suspended account failed:', repair);
      }
      throw refused;
    }
    const authError = await banAndSignOut(admin, body.userId);
    if (authError) {
      console.error('moderate-account: Auth failed after suspend_account:', authError);
      const unban = await admin.auth.admin.updateUserById(body.userId, { ban_duration: 'none' });
      const undo = await asCaller.rpc('reinstate_account', {
        p_user: body.userId,
        p_reason: 'Undone automatically: the sign-in ban could not be set, so the suspension did not happen.',
      });
      if (unban.error || undo.error)
        console.error('moderate-account: undoing the suspension failed too:', unban.error, undo.error);
      throw new HttpError(
        502,
        'The account could not be banned from signing in, so it was not suspended. Please try again.',
        'auth_failed',
      );
    }
    return json({ action_id: actionId });
  }),
);
