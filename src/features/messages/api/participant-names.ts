import { supabase } from '@/lib/supabase';

/**
 * Display names for people in a piece's conversations: a designer's public profile name (every seller is a
 * designer), else the profile the viewer may read (their own); null when neither says.
 */
export async function participantNames(ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return names;
  const [designers, profiles] = await Promise.all([
    supabase.from('designer_profiles').select('user_id, full_name, username').in('user_id', unique),
    supabase.from('profiles').select('id, full_name').in('id', unique),
  ]);
  if (designers.error) throw designers.error;
  if (profiles.error) throw profiles.error;
  for (const p of profiles.data) if (p.full_name?.trim()) names.set(p.id, p.full_name.trim());
  for (const d of designers.data) {
    const name = d.full_name?.trim() || d.username?.trim();
    if (name) names.set(d.user_id, name);
  }
  return names;
}
