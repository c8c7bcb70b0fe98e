import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import type { ZodType } from 'zod';
import type { ShownError } from '@/lib/first-error';
import { cantContactMessage } from '@/lib/cant-contact';
import { tooOftenMessage } from '@/lib/too-often';

/** One message as the thread shows it. */
export type ChatMessage = {
  id: string;
  senderId: string;
  senderName: string;
  createdAt: string;
  text: string;
  /** Hidden by Good Space: `text` is the database's notice, not the sender's words (docs/trust-and-safety.md). */
  removed?: boolean;
};

export type Outgoing = { localId: string; text: string; status: 'sending' | 'failed' };

export type ChatThreadSource<Row> = {
  /** The conversation's pages, newest first (older pages on demand). */
  query: UseInfiniteQueryResult<InfiniteData<Row[], unknown>, Error>;
  toMessage: (row: Row) => ChatMessage;
  /** The rule of a message (trimmed, length): the draft as it will be sent, or the first message why not. */
  schema: ZodType<string, string>;
  /** Sends the text and puts the stored message where `query` reads it; rejects when the send failed. */
  send: (text: string) => Promise<void>;
  /** Told when a send failed (after the toast), e.g. to read again whether the conversation is still open. */
  onSendError?: (error: unknown) => void;
};

/**
 * A conversation's behaviour, for the view in chat-thread.tsx: the messages oldest first, the draft and its rule,
 * the messages being sent (shown at once; one that fails stays with Retry and Discard, never dropped silently),
 * older pages on demand, and the list following the newest message.
 */
export function useChatThread<Row>({ query, toMessage, schema, send, onSendError }: ChatThreadSource<Row>) {
  const [draft, setDraft] = useState('');
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [error, setError] = useState<ShownError<'message'> | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const loadingOlder = useRef(false);

  const ordered = useMemo(
    () => (query.data?.pages.flat() ?? []).slice().reverse().map(toMessage),
    [query.data, toMessage],
  );
  const newestId = ordered.at(-1)?.id;

  // Follow the conversation to its newest message, but not when older messages were just prepended.
  useLayoutEffect(() => {
    if (loadingOlder.current) return;
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId, outgoing.length]);

  useEffect(() => {
    if (!query.isFetchingNextPage) loadingOlder.current = false;
  }, [query.isFetchingNextPage]);

  function deliver(item: Outgoing) {
    setOutgoing((list) => [...list.filter((o) => o.localId !== item.localId), { ...item, status: 'sending' }]);
    send(item.text).then(
      () => setOutgoing((list) => list.filter((o) => o.localId !== item.localId)),
      (error: unknown) => {
        // A limit reached says when to try again (docs/product.md, Limits), a block says the database's sentence
        // (docs/trust-and-safety.md); anything else stays generic.
        toast.error(tooOftenMessage(error) ?? cantContactMessage(error) ?? 'Failed to send message');
        onSendError?.(error);
        setOutgoing((list) => list.map((o) => (o.localId === item.localId ? { ...o, status: 'failed' } : o)));
      },
    );
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setError({ field: 'message', message: parsed.error.issues[0]?.message ?? 'Message cannot be empty' });
      return;
    }
    setError(null);
    setDraft('');
    deliver({ localId: crypto.randomUUID(), text: parsed.data, status: 'sending' });
  }

  return {
    query,
    ordered,
    outgoing,
    listRef,
    draft,
    error,
    onDraftChange: (text: string) => {
      setDraft(text);
      if (error) setError(null);
    },
    /** Enter sends, Shift+Enter starts a new line (not while an input method composes). */
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
    },
    submit,
    retry: deliver,
    discard: (localId: string) => setOutgoing((list) => list.filter((o) => o.localId !== localId)),
    loadOlder: () => {
      loadingOlder.current = true;
      void query.fetchNextPage();
    },
  };
}

export type ChatThreadState = ReturnType<typeof useChatThread>;
