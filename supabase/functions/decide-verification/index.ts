// decide-verification: an operator approves or refuses a verification request, then the request's documents
// are removed (docs/trust-and-safety.md, "Verified badges"; docs/decisions/0032-trust-and-safety.md).
// POST, the operator's bearer token. Body: { request_id, approve: boolean, reason }. Answer:
// { action_id, removed_files }.
//
// The decision is the database's (decide_verification, called AS THE OPERATOR: it checks they are one, changes the
// request and the badge, writes the audit log and notifies the designer in one transaction). The files go after,
// through the Storage API with the service role: a SQL delete would leave their bytes in the object store (ADR
// 0018), and operators get no delete right on the bucket. Each call also sweeps what an earlier call or a
// designer's withdrawal left (decided, withdrawn or expired requests whose documents are not yet removed), so a
// failed removal is retried by the next decision rather than kept forever.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { HttpError, json, readJsonObject, withHttp } from '../_shared/http.ts';
import { httpErrorFromRpc } from '../_shared/rpc-errors.ts';
import { callerClient, requireCaller, serviceClient } from '../_shared/supabase.ts';

const BUCKET = 'verification-documents';
/** Requests swept per call besides the one decided. */
const SWEEP = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type DocumentRow = { id: string; document_paths: string[] };

/** Closed requests whose documents are still stored (the database's partial index verification_requests_documents_left_idx). */
function closedWithDocuments(admin: SupabaseClient) {
  return admin
    .from('verification_requests')
    .select('id, document_paths')
    .is('documents_removed_at', null)
    .not('status', 'in', '(awaiting_email,open)')
    .neq('document_paths', '{}');
}

/** Removes each row's files through Storage and marks the row; returns how many files went. */
async function removeDocuments(admin: SupabaseClient, rows: DocumentRow[]): Promise<number> {
  let removed = 0;
  for (const row of rows) {
    const { data: gone, error } = await admin.storage.from(BUCKET).remove(row.document_paths);
    if (error) {
      console.error(`decide-verification: removing the documents of ${row.id} failed:`, error.message);
      continue;
    }
    removed += gone?.length ?? 0;
    const { error: markError } = await admin
      .from('verification_requests')
      .update({ documents_removed_at: new Date().toISOString() })
      .eq('id', row.id);
    if (markError) console.error(`decide-verification: marking ${row.id} failed:`, markError.message);
  }
  return removed;
}

/** The decided request's documents, then up to SWEEP others left behind, oldest first. */
async function removeClosedDocuments(admin: SupabaseClient, decided: string): Promise<number> {
  const own = await closedWithDocuments(admin).eq('id', decided);
  if (own.error) throw new Error(`reading the documents to remove failed: ${own.error.message}`);
  let removed = await removeDocuments(admin, own.data as DocumentRow[]);
  const rest = await closedWithDocuments(admin).neq('id', decided).order('created_at').limit(SWEEP);
  if (rest.error) throw new Error(`reading the documents left behind failed: ${rest.error.message}`);
  removed += await removeDocuments(admin, rest.data as DocumentRow[]);
  return removed;
}

Deno.serve(
  withHttp(['POST'], async (req) => {
    const admin = serviceClient();
    await requireCaller(req, 'Sign in to decide on verification requests');
    const body = await readJsonObject(req);
    const requestId = typeof body.request_id === 'string' ? body.request_id : '';
    if (!UUID.test(requestId)) throw new HttpError(400, 'Name the request to decide.', 'invalid_request');
    if (typeof body.approve !== 'boolean') {
      throw new HttpError(400, 'Say whether to approve or refuse.', 'invalid_decision');
    }
    const reason = typeof body.reason === 'string' ? body.reason : '';

    const { data: actionId, error } = await callerClient(req).rpc('decide_verification', {
      p_request: requestId,
      p_approve: body.approve,
      p_reason: reason,
    });
    if (error) throw httpErrorFromRpc('decide_verification', error);

    // The decision stands whatever happens to the files; a failure here is retried by the next call's sweep.
    let removedFiles = 0;
    try {
      removedFiles = await removeClosedDocuments(admin, requestId);
    } catch (err) {
      console.error('decide-verification: the decision is made; removing documents failed:', err);
    }
    return json({ action_id: actionId, removed_files: removedFiles });
  }),
);
