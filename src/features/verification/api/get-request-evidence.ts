import { useQuery } from '@tanstack/react-query';
import { verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** How long an operator's document links work. */
const SIGNED_SECONDS = 600;

export type Evidence = {
  documents: { path: string; url: string | null }[];
  projects: { id: string; title: string | null; completed_at: string | null }[];
};

/**
 * What an operator looks at for one request: signed URLs of its documents (the bucket lets operators read), and
 * its projects as the designer's public portfolio shows them (portfolio_projects: consented completed projects only,
 * so a project missing there has lost its consent since).
 */
export async function getRequestEvidence(request: {
  designer_id: string;
  document_paths: string[];
  project_ids: string[];
}): Promise<Evidence> {
  let documents: Evidence['documents'] = [];
  if (request.document_paths.length > 0) {
    const { data, error } = await supabase.storage
      .from('verification-documents')
      .createSignedUrls(request.document_paths, SIGNED_SECONDS);
    if (error) throw error;
    documents = request.document_paths.map((path) => ({
      path,
      url: data.find((d) => d.path === path)?.signedUrl ?? null,
    }));
  }
  let projects: Evidence['projects'] = [];
  if (request.project_ids.length > 0) {
    const { data, error } = await supabase
      .rpc('portfolio_projects', { designer_id: request.designer_id, page_size: 100 })
      .select('id, title, completed_at')
      .in('id', request.project_ids);
    if (error) throw error;
    projects = request.project_ids.map((id) => {
      const shown = data.find((p) => p.id === id);
      return { id, title: shown?.title ?? null, completed_at: shown?.completed_at ?? null };
    });
  }
  return { documents, projects };
}

export function useRequestEvidence(request: {
  id: string;
  designer_id: string;
  document_paths: string[];
  project_ids: string[];
}) {
  return useQuery({
    queryKey: verificationKeys.evidence(request.id),
    queryFn: () => getRequestEvidence(request),
    // Signed URLs expire: read them again well before.
    staleTime: (SIGNED_SECONDS / 2) * 1000,
  });
}
