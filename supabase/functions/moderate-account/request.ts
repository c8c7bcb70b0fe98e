// The body moderate-account accepts (docs/decisions/0032-trust-and-safety.md): checked here so a bad body is a
// 400 with a sentence before anything is called; the database checks everything again.
import { HttpError } from '../_shared/http.ts';

export const SUBJECT_KINDS = ['person', 'piece', 'project_message', 'piece_message', 'review', 'project'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export interface ModerateAccountRequest {
  userId: string;
  action: 'suspend' | 'reinstate';
  reason: string;
  subjectKind: SubjectKind | null;
  subjectId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KNOWN = new Set(['user_id', 'action', 'reason', 'subject_kind', 'subject_id']);

function bad(message: string): HttpError {
  return new HttpError(400, message, 'invalid_request');
}

/** `{ user_id, action: 'suspend'|'reinstate', reason, subject_kind?, subject_id? }`, or a 400 saying what is wrong. */
export function parseModerateAccount(body: Record<string, unknown>): ModerateAccountRequest {
  const unknown = Object.keys(body).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) throw bad(`Unknown field: ${unknown.join(', ')}`);
  const { user_id: userId, action, reason, subject_kind: kind, subject_id: subjectId } = body;
  if (typeof userId !== 'string' || !UUID.test(userId)) throw bad('user_id must be the id of an account');
  if (action !== 'suspend' && action !== 'reinstate') throw bad("action must be 'suspend' or 'reinstate'");
  if (typeof reason !== 'string' || reason.trim() === '') throw bad('Give a reason for this action');
  if (reason.trim().length > 1000) throw bad('Keep the reason under 1000 characters');
  const hasKind = kind !== undefined && kind !== null;
  const hasId = subjectId !== undefined && subjectId !== null;
  if (hasKind !== hasId) throw bad('Give both subject_kind and subject_id, or neither');
  if (hasKind && (typeof kind !== 'string' || !(SUBJECT_KINDS as readonly string[]).includes(kind))) {
    throw bad(`subject_kind must be one of ${SUBJECT_KINDS.join(', ')}`);
  }
  if (hasId && (typeof subjectId !== 'string' || !UUID.test(subjectId))) throw bad('subject_id must be an id');
  if (action === 'reinstate' && hasKind) throw bad('Reinstating takes no subject');
  return {
    userId: userId.toLowerCase(),
    action,
    reason: reason.trim(),
    subjectKind: hasKind ? (kind as SubjectKind) : null,
    subjectId: hasId ? (subjectId as string).toLowerCase() : null,
  };
}
