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
  /** Paths of its photos in the thread's private bucket (none: []). */
  photos?: readonly string[];
  /** Hidden by Good Space: `text` is the database's notice, not the sender's words (docs/trust-and-safety.md). */
  removed?: boolean;
};

/** What the composer holds: the text and the photos picked for the next message. */
export type ChatDraft = { text: string; photos: File[] };

/** A picked photo waiting in the composer or going out with a message: the file and its thumbnail's local link. */
export type PickedPhoto = { file: File; preview: string };

export type Outgoing = { localId: string; text: string; photos: PickedPhoto[]; status: 'sending' | 'failed' };

export type ChatThreadSource<Row> = {
  /** The conversation's pages, newest first (older pages on demand). */
  query: UseInfiniteQueryResult<InfiniteData<Row[], unknown>, Error>;
  toMessage: (row: Row) => ChatMessage;
  /** The rule of a message (text trimmed and its length, the photos): the draft as it will be sent, or why not. */
  schema: ZodType<ChatDraft, ChatDraft>;
  /** Sends the message and puts the stored one where `query` reads it; rejects when the send failed. */
  send: (draft: ChatDraft) => Promise<void>;
  /** Told when a send failed (after the toast), e.g. to read again whether the conversation is still open. */
  onSendError?: (error: unknown) => void;
  /** Told whether the viewer is writing (text in the composer) or stopped (sent, cleared, left the field). */
  onTyping?: (typing: boolean) => void;
};

function preview(file: File): PickedPhoto {
  return { file, preview: URL.createObjectURL(file) };
}

function release(photos: readonly PickedPhoto[]) {
  for (const photo of photos) URL.revokeObjectURL(photo.preview);
}

/**
 * A conversation's behaviour, for the view in chat-thread.tsx: the messages oldest first, the draft (text and up
 * to 6 photos, each removable before sending) and its rule, the messages being sent (shown at once; one that fails
 * stays with Retry and Discard, never dropped silently), older pages on demand, and the list following the newest
 * message.
 */
export function useChatThread<Row>({ query, toMessage, schema, send, onSendError, onTyping }: ChatThreadSource<Row>) {
  const [draft, setDraft] = useState('');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [error, setError] = useState<ShownError<'message'> | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const loadingOlder = useRef(false);
  // The local links still in use, released when the thread goes.
  const live = useRef(new Set<PickedPhoto>());

  useEffect(() => {
    const links = live.current;
    return () => {
      release([...links]);
      links.clear();
    };
  }, []);

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

  function forget(items: readonly PickedPhoto[]) {
    for (const item of items) live.current.delete(item);
    release(items);
  }

  function deliver(item: Outgoing) {
    setOutgoing((list) => [...list.filter((o) => o.localId !== item.localId), { ...item, status: 'sending' }]);
    send({ text: item.text, photos: item.photos.map((p) => p.file) }).then(
      () => {
        setOutgoing((list) => list.filter((o) => o.localId !== item.localId));
        forget(item.photos);
      },
      (error: unknown) => {
        // A limit reached says when to try again (docs/product.md, Limits), a block says the database's sentence
        // (docs/trust-and-safety.md), a photo that could not go up says which; anything else stays generic.
        toast.error(
          tooOftenMessage(error) ?? cantContactMessage(error) ?? uploadMessage(error) ?? 'Failed to send message',
        );
        onSendError?.(error);
        setOutgoing((list) => list.map((o) => (o.localId === item.localId ? { ...o, status: 'failed' } : o)));
      },
    );
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = schema.safeParse({ text: draft, photos: photos.map((p) => p.file) });
    if (!parsed.success) {
      setError({ field: 'message', message: parsed.error.issues[0]?.message ?? 'Write a message or add a photo' });
      return;
    }
    setError(null);
    setDraft('');
    setPhotos([]);
    onTyping?.(false);
    deliver({ localId: crypto.randomUUID(), text: parsed.data.text, photos, status: 'sending' });
  }

  return {
    query,
    ordered,
    outgoing,
    listRef,
    draft,
    photos,
    error,
    onDraftChange: (text: string) => {
      setDraft(text);
      onTyping?.(text.trim() !== '');
      if (error) setError(null);
    },
    /** The composer lost focus: the viewer is no longer writing. */
    onDraftBlur: () => onTyping?.(false),
    /** Photos picked (added to those already there); the rule's first complaint shows, the photos stay to remove. */
    addPhotos: (files: readonly File[]) => {
      const added = files.map(preview);
      for (const item of added) live.current.add(item);
      const next = [...photos, ...added];
      setPhotos(next);
      const parsed = schema.safeParse({ text: draft, photos: next.map((p) => p.file) });
      setError(parsed.success ? null : { field: 'message', message: parsed.error.issues[0]?.message ?? '' });
    },
    removePhoto: (index: number) => {
      const gone = photos[index];
      if (gone) forget([gone]);
      setPhotos(photos.filter((_, i) => i !== index));
      if (error) setError(null);
    },
    /** Enter sends, Shift+Enter starts a new line (not while an input method composes). */
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
    },
    submit,
    retry: deliver,
    discard: (localId: string) => {
      const gone = outgoing.find((o) => o.localId === localId);
      if (gone) forget(gone.photos);
      setOutgoing((list) => list.filter((o) => o.localId !== localId));
    },
    loadOlder: () => {
      loadingOlder.current = true;
      void query.fetchNextPage();
    },
  };
}

/** The sentence of a photo that could not go up (src/lib/private-photos.ts names the file). */
function uploadMessage(error: unknown): string | null {
  return error instanceof Error && /: (Upload failed|File size must be less than 5MB)$/.test(error.message)
    ? error.message
    : null;
}

export type ChatThreadState = ReturnType<typeof useChatThread>;
