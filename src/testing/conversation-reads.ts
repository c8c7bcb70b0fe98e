import { http, HttpResponse } from 'msw';
import { pgrstRows, restUrl, rpcUrl } from '@/testing/supabase-http';

type Unread = { kind: 'project' | 'piece'; conversation_id: string; unread: number };

/**
 * The read state of conversations as the database answers it (docs/working-together.md), for unit tests of a page
 * with a conversation or a list of them: the other person's conversation_reads row (`seenAt`: their last_read_at,
 * none by default), rpc mark_conversation_read (answered with the viewer's new row) and rpc unread_counts.
 */
export function readStateHandlers({
  seenAt = null,
  otherId = '00000000-0000-4000-8000-0000000000ff',
  unread = [],
}: { seenAt?: string | null; otherId?: string; unread?: Unread[] } = {}) {
  return [
    http.get(restUrl('conversation_reads'), ({ request }) => {
      const url = new URL(request.url);
      const kind = url.searchParams.get('kind')?.replace(/^eq\./, '') ?? 'piece';
      const conversationId = url.searchParams.get('conversation_id')?.replace(/^eq\./, '') ?? '';
      return pgrstRows(
        request,
        seenAt ? [{ user_id: otherId, kind, conversation_id: conversationId, last_read_at: seenAt }] : [],
      );
    }),
    http.post(rpcUrl('mark_conversation_read'), async ({ request }) => {
      const body = (await request.json()) as { kind: string; conversation_id: string };
      return HttpResponse.json({ user_id: 'viewer', ...body, last_read_at: new Date().toISOString() });
    }),
    http.post(rpcUrl('unread_counts'), () => HttpResponse.json(unread)),
  ];
}
