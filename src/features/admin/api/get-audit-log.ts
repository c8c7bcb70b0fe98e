import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { keysetPage, keysetPages, type KeysetCursor } from '@/lib/keyset-cursor';
import { adminKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

export const AUDIT_PAGE_SIZE = 25;

export type AuditEntry = Database['public']['Tables']['moderation_actions']['Row'];

/**
 * A page of the audit log, newest first (moderation_actions: operators read it, nobody writes it but the database's
 * own functions, docs/trust-and-safety.md).
 */
export async function getAuditLogPage(after: KeysetCursor | null): Promise<AuditEntry[]> {
  const { data, error } = await keysetPage(
    supabase
      .from('moderation_actions')
      .select(
        'id, operator_id, operator_name, action, subject_kind, subject_id, target_user_id, reason, report_ids, created_at',
      ),
    after,
    AUDIT_PAGE_SIZE,
  );
  if (error) throw error;
  return data;
}

export function auditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.log(),
    queryFn: ({ pageParam }) => getAuditLogPage(pageParam),
    ...keysetPages<AuditEntry>(AUDIT_PAGE_SIZE),
  });
}

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions());
}
