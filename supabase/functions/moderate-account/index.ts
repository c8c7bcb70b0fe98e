// moderate-account: an operator suspends or reinstates an account (docs/trust-and-safety.md; ADR 0032).
// Body: { user_id, action: 'suspend'|'reinstate', reason, subject_kind?, subject_id? }. Answer: { action_id }.
//
// The database decides first, as the caller: suspend_account / reinstate_account run with the operator's own token,
// so only an operator gets past them (42501 → 403), and they write the audit log line. Then Auth: the account is
// banned (ban_duration '876000h', a hundred years; 'none' lifts it), so it cannot sign in or refresh, and its
// sessions end (public.end_user_sessions with the service role: GoTrue's admin API has no "sign this user out",
// auth.admin.signOut takes the user's own token). If Auth fails after a suspension, the suspension is undone
// (reinstate_account) and the answer is 502, so the database and Auth never disagree for long.
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

Deno.serve(
  withHttp(['POST'], async (req) => {
    const admin = serviceClient();
    await requireSignedIn(req, admin);
    const body = parseModerateAccount(await readJsonObject(req));
    const asCaller = callerClient(req);

    const { data: actionId, error } =
      body.action === 'suspend'
        ? await asCaller.rpc('suspend_account', {
            p_user: body.userId,
            p_reason: body.reason,
            p_subject_kind: body.subjectKind,
            p_subject_id: body.subjectId,
          })
        : await asCaller.rpc('reinstate_account', { p_user: body.userId, p_reason: body.reason });
    if (error) {
      const refused = refusal(error);
      if (refused.status === 500) console.error(`moderate-account: ${body.action}_account failed:`, error);
      throw refused;
    }

    const ban = await admin.auth.admin.updateUserById(body.userId, {
      ban_duration: body.action === 'suspend' ? BAN_FOREVER : 'none',
    });
    const ended = ban.error
      ? null
      : body.action === 'suspend'
        ? await admin.rpc('end_user_sessions', { p_user: body.userId })
        : null;
    const authError = ban.error ?? ended?.error ?? null;
    if (authError) {
      console.error(`moderate-account: Auth failed after ${body.action}_account:`, authError);
      if (body.action === 'suspend') {
        const undo = await asCaller.rpc('reinstate_account', {
          p_user: body.userId,
          p_reason: 'Undone automatically: the sign-in ban could not be set, so the suspension did not happen.',
        });
        if (undo.error) console.error('moderate-account: undoing the suspension failed too:', undo.error);
        throw new HttpError(
          502,
          'The account could not be banned from signing in, so it was not suspended. Please try again.',
          'auth_failed',
        );
      }
      throw new HttpError(
        502,
        'The account is reinstated, but its sign-in ban could not be lifted. Please try again.',
        'auth_failed',
      );
    }
    return json({ action_id: actionId });
  }),
);
