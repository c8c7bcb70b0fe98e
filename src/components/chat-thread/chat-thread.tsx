import { Send } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { ChatMessage, ChatThreadState, Outgoing } from '@/components/chat-thread/use-chat-thread';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorProps } from '@/lib/first-error';
import { cn } from '@/lib/utils';

type ChatThreadProps = {
  title: ReactNode;
  userId: string;
  /** useChatThread's answer for this conversation. */
  thread: ChatThreadState;
  /** Shown while there is no message yet. */
  emptyText: string;
  /** data-testid of each message (tests find a thread's messages by it). */
  messageTestId: string;
  /** A small action beside each shown message (e.g. Report); the caller returns null where there is none. */
  messageActions?: (message: ChatMessage) => ReactNode;
  /**
   * Shown in the composer's place when the conversation can be read but no longer written to (a block,
   * docs/trust-and-safety.md).
   */
  closed?: ReactNode;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function MessageItem({
  message,
  own,
  testId,
  actions,
}: {
  message: ChatMessage;
  own: boolean;
  testId: string;
  actions?: ReactNode;
}) {
  const when = <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>;
  // A message Good Space hid reads as its notice, not as the sender's words (docs/trust-and-safety.md).
  if (message.removed)
    return (
      <li className="flex flex-col items-center gap-1" data-testid={testId} data-removed="true">
        <p className="text-sm text-muted-foreground italic">
          {message.text} · {when}
        </p>
      </li>
    );
  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')} data-testid={testId}>
      <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
        <span>
          {own ? 'You' : message.senderName}
          {' · '}
          {when}
        </span>
        {actions}
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
}

function OutgoingItem({ item, thread }: { item: Outgoing; thread: ChatThreadState }) {
  return (
    <li className="flex flex-col items-end gap-1" data-testid="outgoing-message">
      <span className="text-xs font-medium text-muted-foreground">
        You · {item.status === 'sending' ? 'Sending…' : <span className="text-destructive">Not sent</span>}
      </span>
      <p className="max-w-[85%] rounded-lg bg-primary/70 px-3 py-2 text-sm break-words whitespace-pre-line text-primary-foreground">
        {item.text}
      </p>
      {item.status === 'failed' ? (
        <span className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => thread.retry(item)}>
            Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={() => thread.discard(item.localId)}>
            Discard
          </Button>
        </span>
      ) : null}
    </li>
  );
}

/**
 * A conversation (a project's messages, a piece's questions to its seller): oldest first, one's own on the right
 * as You, older pages on demand, following the newest message; Enter sends, Shift+Enter starts a new line. The
 * behaviour is useChatThread's; this draws it.
 */
export function ChatThread({
  title,
  userId,
  thread,
  emptyText,
  messageTestId,
  messageActions,
  closed,
}: ChatThreadProps) {
  const id = useId();
  const { query, ordered, outgoing, error } = thread;
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
                  <Button variant="outline" size="sm" disabled={query.isFetchingNextPage} onClick={thread.loadOlder}>
                    {query.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
                  </Button>
                </div>
              ) : null}
              <ol
                ref={thread.listRef}
                aria-labelledby={`${id}-title`}
                aria-live="polite"
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable so keyboard users can scroll it
                tabIndex={0}
                className="max-h-[28rem] min-h-24 space-y-3 overflow-y-auto rounded-md border bg-muted/40 p-3"
              >
                {ordered.length === 0 && outgoing.length === 0 ? (
                  <li className="text-sm text-muted-foreground">{emptyText}</li>
                ) : null}
                {ordered.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    own={message.senderId === userId}
                    testId={messageTestId}
                    actions={message.removed ? null : messageActions?.(message)}
                  />
                ))}
                {outgoing.map((item) => (
                  <OutgoingItem key={item.localId} item={item} thread={thread} />
                ))}
              </ol>
            </>
          )}
        </QueryState>
        {closed ?? (
          <form className="flex items-end gap-2" onSubmit={thread.submit} noValidate>
            <Field className="flex-1 gap-1">
              <Label htmlFor={`${id}-input`} className="sr-only">
                Message
              </Label>
              <Textarea
                id={`${id}-input`}
                rows={2}
                maxLength={2000}
                placeholder="Type a message…"
                value={thread.draft}
                {...errorProps(error, 'message', `${id}-error`)}
                onChange={(event) => thread.onDraftChange(event.target.value)}
                onKeyDown={thread.onKeyDown}
              />
              <FieldError id={`${id}-error`}>{error?.message}</FieldError>
            </Field>
            <Button type="submit" disabled={thread.draft.trim() === ''}>
              <Send aria-hidden="true" />
              Send
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
