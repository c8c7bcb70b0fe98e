import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import type { ZodType } from 'zod';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorProps, type ShownError } from '@/lib/first-error';
import { tooOftenMessage } from '@/lib/too-often';
import { cn } from '@/lib/utils';

/** One message as the thread shows it. */
export type ChatMessage = { id: string; senderId: string; senderName: string; createdAt: string; text: string };

type Outgoing = { localId: string; text: string; status: 'sending' | 'failed' };

type ChatThreadProps<Row> = {
  title: ReactNode;
  userId: string;
  /** The conversation's pages, newest first (older pages on demand). */
  query: UseInfiniteQueryResult<InfiniteData<Row[], unknown>, Error>;
  toMessage: (row: Row) => ChatMessage;
  /** Shown while there is no message yet. */
  emptyText: string;
  /** data-testid of each message (tests find a thread's messages by it). */
  messageTestId: string;
  /** The rule of a message (trimmed, length): the draft as it will be sent, or the first message why not. */
  schema: ZodType<string, string>;
  /** Sends the text and puts the stored message where `query` reads it; rejects when the send failed. */
  send: (text: string) => Promise<void>;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A conversation (a project's messages, a piece's questions to its seller): oldest first, one's own on the right
 * as You, older pages on demand, following the newest message; Enter sends, Shift+Enter starts a new line. A
 * message being sent shows at once; one that fails stays with Retry and Discard, never dropped silently.
 */
export function ChatThread<Row>({
  title,
  userId,
  query,
  toMessage,
  emptyText,
  messageTestId,
  schema,
  send,
}: ChatThreadProps<Row>) {
  const id = useId();
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
        // A limit reached says when to try again (docs/product.md, Limits); anything else stays generic.
        toast.error(tooOftenMessage(error) ?? 'Failed to send message');
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

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={query} loading="Loading messages…" failed="Failed to load messages" toast={false}>
          {() => (
            <>
              {query.hasNextPage ? (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={query.isFetchingNextPage}
                    onClick={() => {
                      loadingOlder.current = true;
                      void query.fetchNextPage();
                    }}
                  >
                    {query.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
                  </Button>
                </div>
              ) : null}
              <ol
                ref={listRef}
                aria-labelledby={`${id}-title`}
                aria-live="polite"
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable so keyboard users can scroll it
                tabIndex={0}
                className="max-h-[28rem] min-h-24 space-y-3 overflow-y-auto rounded-md border bg-muted/40 p-3"
              >
                {ordered.length === 0 && outgoing.length === 0 ? (
                  <li className="text-sm text-muted-foreground">{emptyText}</li>
                ) : null}
                {ordered.map((message) => {
                  const own = message.senderId === userId;
                  return (
                    <li
                      key={message.id}
                      className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}
                      data-testid={messageTestId}
                    >
                      <span className="text-xs font-medium text-muted-foreground">
                        {own ? 'You' : message.senderName}
                        {' · '}
                        <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
                      </span>
                      <p
                        className={cn(
                          'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-line',
                          own ? 'bg-primary text-primary-foreground' : 'border bg-card',
                        )}
                      >
                        {message.text}
                      </p>
                    </li>
                  );
                })}
                {outgoing.map((item) => (
                  <li key={item.localId} className="flex flex-col items-end gap-1" data-testid="outgoing-message">
                    <span className="text-xs font-medium text-muted-foreground">
                      You ·{' '}
                      {item.status === 'sending' ? 'Sending…' : <span className="text-destructive">Not sent</span>}
                    </span>
                    <p className="max-w-[85%] rounded-lg bg-primary/70 px-3 py-2 text-sm break-words whitespace-pre-line text-primary-foreground">
                      {item.text}
                    </p>
                    {item.status === 'failed' ? (
                      <span className="flex gap-2">
                        <Button size="sm" variant="outline" onClick={() => deliver(item)}>
                          Retry
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setOutgoing((list) => list.filter((o) => o.localId !== item.localId))}
                        >
                          Discard
                        </Button>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </>
          )}
        </QueryState>
        <form className="flex items-end gap-2" onSubmit={submit} noValidate>
          <Field className="flex-1 gap-1">
            <Label htmlFor={`${id}-input`} className="sr-only">
              Message
            </Label>
            <Textarea
              id={`${id}-input`}
              rows={2}
              maxLength={2000}
              placeholder="Type a message…"
              value={draft}
              {...errorProps(error, 'message', `${id}-error`)}
              onChange={(event) => {
                setDraft(event.target.value);
                if (error) setError(null);
              }}
              onKeyDown={onKeyDown}
            />
            <FieldError id={`${id}-error`}>{error?.message}</FieldError>
          </Field>
          <Button type="submit" disabled={draft.trim() === ''}>
            <Send aria-hidden="true" />
            Send
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
