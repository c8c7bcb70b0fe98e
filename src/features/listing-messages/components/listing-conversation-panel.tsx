import { useQueryClient } from '@tanstack/react-query';
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
} from 'react';
import { toast } from 'sonner';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { addListingMessageToCache, useListingMessages } from '@/features/listing-messages/api/get-listing-messages';
import { listingMessageBodySchema, sendListingMessage } from '@/features/listing-messages/api/send-listing-message';
import { useListingMessagesRealtime } from '@/features/listing-messages/hooks/use-listing-messages-realtime';
import { errorProps, type ShownError } from '@/lib/first-error';
import { cn } from '@/lib/utils';

type Outgoing = { localId: string; body: string; status: 'sending' | 'failed' };

type Props = {
  conversationId: string;
  userId: string;
  /** The other participant's name, shown on their messages. */
  otherName: string;
  title: string;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A piece's conversation between a buyer and its seller (docs/product.md, Good Stuff): oldest first, own messages
 * on the right as You, older pages on demand, live for both sides; a message that fails stays with Retry.
 */
export function ListingConversationPanel({ conversationId, userId, otherName, title }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const messages = useListingMessages(conversationId);
  useListingMessagesRealtime(conversationId);
  const [draft, setDraft] = useState('');
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [error, setError] = useState<ShownError<'body'> | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const loadingOlder = useRef(false);

  const ordered = useMemo(() => (messages.data?.pages.flat() ?? []).slice().reverse(), [messages.data]);
  const newestId = ordered.at(-1)?.id;

  // Follow the conversation to its newest message, but not when older messages were just prepended.
  useLayoutEffect(() => {
    if (loadingOlder.current) return;
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId, outgoing.length]);

  useEffect(() => {
    if (!messages.isFetchingNextPage) loadingOlder.current = false;
  }, [messages.isFetchingNextPage]);

  function deliver(item: Outgoing) {
    setOutgoing((list) => [...list.filter((o) => o.localId !== item.localId), { ...item, status: 'sending' }]);
    sendListingMessage(conversationId, userId, item.body).then(
      (message) => {
        addListingMessageToCache(queryClient, conversationId, message);
        setOutgoing((list) => list.filter((o) => o.localId !== item.localId));
      },
      () => {
        toast.error('Failed to send message');
        setOutgoing((list) => list.map((o) => (o.localId === item.localId ? { ...o, status: 'failed' } : o)));
      },
    );
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const parsed = listingMessageBodySchema.safeParse(draft);
    if (!parsed.success) {
      setError({ field: 'body', message: parsed.error.issues[0]?.message ?? 'Message cannot be empty' });
      return;
    }
    setError(null);
    setDraft('');
    deliver({ localId: crypto.randomUUID(), body: parsed.data, status: 'sending' });
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
        <QueryState query={messages} loading="Loading messages…" failed="Failed to load messages" toast={false}>
          {() => (
            <>
              {messages.hasNextPage ? (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={messages.isFetchingNextPage}
                    onClick={() => {
                      loadingOlder.current = true;
                      void messages.fetchNextPage();
                    }}
                  >
                    {messages.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
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
                  <li className="text-sm text-muted-foreground">
                    No messages yet. Ask about size, condition or pick-up.
                  </li>
                ) : null}
                {ordered.map((message) => {
                  const own = message.sender_id === userId;
                  return (
                    <li
                      key={message.id}
                      className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}
                      data-testid="listing-message"
                    >
                      <span className="text-xs font-medium text-muted-foreground">
                        {own ? 'You' : otherName}
                        {' · '}
                        <time dateTime={message.created_at}>{timeFormat.format(new Date(message.created_at))}</time>
                      </span>
                      <p
                        className={cn(
                          'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-line',
                          own ? 'bg-primary text-primary-foreground' : 'border bg-card',
                        )}
                      >
                        {message.body}
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
                      {item.body}
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
              {...errorProps(error, 'body', `${id}-error`)}
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
