// delete-account: deletes the signed-in user's account (docs/product.md, Accounts; ADR 0018).
// Body: none. Answer: { deleted: true, removedFiles }; 409 money_held (the database's sentence) while money is held
// in a funded milestone, before anything is removed.
//
// Files first, through Storage (the only way their bytes go on hosted Supabase), then the account through
// rpc('delete_user') as the caller, which refuses while any of their files remain and lets the foreign keys and
// triggers do the rest. A failure midway leaves the account in place, so calling again finishes the job.
// docs/decisions/0018-account-deletion-through-storage.md.
import { isAuthError } from 'npm:@supabase/supabase-js@2.119.1';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { requireAssurance } from '../_shared/assurance.ts';
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { accountFolders, ownProjectIds, removeFolders } from './account-files.ts';

/** Account deletion without a user answers 'No user logged in' (docs/product.md, Messages the user sees). */
export const NO_USER = 'No user logged in';
/** The refusal delete_user() raises while files remain (20261125000200_account_deletion_storage.sql). */
const FILES_REMAIN = 'Stored files remain';
/** Files uploaded while the account is being deleted send it round again, this many times at most. */
const ATTEMPTS = 3;

function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '');
  return m ? m[1]! : null;
}

/**
 * The caller's user id, read from a token Auth accepts (getUser), never from the body. An anon or publishable key,
 * a signed-out session or a deleted user is 'No user logged in'; Auth itself failing is a 500, not a 401; a user
 * with two-factor sign-in on and an aal1 token is 403 insufficient_aal.
 */
async function callerId(req: Request, admin: SupabaseClient): Promise<string> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, NO_USER, 'not_logged_in');
  const { data, error } = await admin.auth.getUser(token);
  // Auth refusing the token is a 4xx (a signed-out session comes back as a session-missing error, status 400);
  // no answer (status 0) or a 5xx is Auth failing, which is not the caller's doing.
  const refused = isAuthError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;
  if (error && !refused) throw error;
  if (error || !data.user) throw new HttpError(401, NO_USER, 'not_logged_in');
  // Before any file goes: with two-factor sign-in on, only an aal2 session deletes the account.
  requireAssurance(data.user, token);
  return data.user.id;
}

Deno.serve(
  withHttp(['POST'], async (req) => {
    const admin = serviceClient();
    const userId = await callerId(req, admin);
    // The account to delete is the caller's; nothing in a body can name another one.
    const body = await readJsonObject(req);
    if (Object.keys(body).length > 0) {
      throw new HttpError(400, 'delete-account takes no parameters', 'unexpected_parameters');
    }
    const asCaller = callerClient(req);
    // Asked before any file goes: a refusal after the photos were removed would leave the account without them.
    const { data: refusal, error: asked } = await asCaller.rpc('account_deletion_refusal');
    if (asked) throw new Error(`account_deletion_refusal failed: ${asked.code} ${asked.message}`);
    if (typeof refusal === 'string') throw new HttpError(409, refusal, 'money_held');

    let removedFiles = 0;
    let folders = accountFolders(userId, await ownProjectIds(admin, userId));
    for (let attempt = 1; ; attempt++) {
      removedFiles += await removeFolders(admin, folders);
      const { error } = await asCaller.rpc('delete_user');
      if (!error) break;
      if (!error.message.startsWith(FILES_REMAIN))
        throw new Error(`delete_user failed: ${error.code} ${error.message}`);
      // Someone uploaded (or the user opened a project and added photos) since the listing: look again.
      if (attempt === ATTEMPTS) {
        throw new HttpError(
          409,
          'Files were added while your account was being deleted. Please try again.',
          'files_changed',
        );
      }
      folders = accountFolders(userId, await ownProjectIds(admin, userId));
    }

    // A photo whose upload was in flight while the account went: its project's folder is known only from here.
    try {
      removedFiles += await removeFolders(admin, folders);
    } catch (err) {
      console.error('delete-account: the account is deleted; the last sweep of its folders failed:', err);
    }
    return json({ deleted: true, removedFiles });
  }),
);
