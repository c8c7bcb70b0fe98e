import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';

/** One folder of one bucket that belongs to the leaving account. */
export interface AccountFolder {
  bucket: 'designer-portfolio' | 'catalog-images' | 'verification-documents' | 'project-photos' | 'milestone-photos';
  folder: string;
}

/** What Storage's list answers, one level deep: a folder has `id: null`. */
export interface ListEntry {
  name: string;
  id: string | null;
}

/** Storage's list is paged (100 by default); every page is read, never just the first. */
export const LIST_PAGE = 100;
/** Hosted Storage takes at most 1,000 paths per delete request. */
export const REMOVE_BATCH = 1000;
const PROJECT_PAGE = 1000;

/**
 * Exactly the files `delete_user()` used to take with the account: the user's portfolio and Good Stuff folders,
 * and the photos of the projects they own; and, since verified badges, their verification documents folder
 * (20261202000400_verification.sql), and the milestone photos of the projects they own, which go with those
 * projects' milestones (docs/milestones.md). Photos they uploaded to someone else's project stay with that project.
 */
export function accountFolders(userId: string, ownProjectIds: readonly string[]): AccountFolder[] {
  return [
    { bucket: 'designer-portfolio', folder: userId },
    { bucket: 'catalog-images', folder: userId },
    { bucket: 'verification-documents', folder: userId },
    ...ownProjectIds.map((id) => ({ bucket: 'project-photos' as const, folder: id })),
    ...ownProjectIds.map((id) => ({ bucket: 'milestone-photos' as const, folder: id })),
  ];
}

/** One page of a listing of `folder`: the file paths in it, the sub-folders to descend into, and whether more pages follow. */
export function readPage(
  folder: string,
  entries: readonly ListEntry[],
  limit: number,
): { files: string[]; folders: string[]; more: boolean } {
  const files: string[] = [];
  const folders: string[] = [];
  for (const entry of entries) (entry.id === null ? folders : files).push(`${folder}/${entry.name}`);
  // A full page may be followed by another; a short one is the last.
  return { files, folders, more: entries.length === limit };
}

export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The ids of the projects `userId` owns, every page of them. */
export async function ownProjectIds(admin: SupabaseClient, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; ; from += PROJECT_PAGE) {
    const { data, error } = await admin
      .from('projects')
      .select('id')
      .eq('customer_id', userId)
      .order('id')
      .range(from, from + PROJECT_PAGE - 1);
    if (error) throw new Error(`reading the projects failed: ${error.message}`);
    ids.push(...(data as { id: string }[]).map((p) => p.id));
    if (data.length < PROJECT_PAGE) return ids;
  }
}

/** Every file path under `folder`, sub-folders included, through Storage's paged list. */
export async function listFiles(admin: SupabaseClient, bucket: string, folder: string): Promise<string[]> {
  const files: string[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (let offset = 0; ; offset += LIST_PAGE) {
      const { data, error } = await admin.storage
        .from(bucket)
        .list(current, { limit: LIST_PAGE, offset, sortBy: { column: 'name', order: 'asc' } });
      if (error) throw new Error(`listing ${bucket}/${current} failed: ${error.message}`);
      const page = readPage(current, data as ListEntry[], LIST_PAGE);
      files.push(...page.files);
      pending.push(...page.folders);
      if (!page.more) break;
    }
  }
  return files;
}

/**
 * Removes every file in `folders` through Storage, which deletes the bytes as well as the rows. Listing a folder
 * completely before removing anything keeps the offsets of its pages stable. Returns how many were removed.
 */
export async function removeFolders(admin: SupabaseClient, folders: readonly AccountFolder[]): Promise<number> {
  let removed = 0;
  for (const { bucket, folder } of folders) {
    const files = await listFiles(admin, bucket, folder);
    for (const batch of inBatches(files, REMOVE_BATCH)) {
      const { data, error } = await admin.storage.from(bucket).remove(batch);
      if (error) throw new Error(`removing files from ${bucket}/${folder} failed: ${error.message}`);
      removed += data.length;
    }
  }
  return removed;
}
