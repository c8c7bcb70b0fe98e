import { ImagePlus, Send, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { ChatMessage, ChatThreadState, Outgoing, PickedPhoto } from '@/components/chat-thread/use-chat-thread';
import { PrivatePhotoGrid } from '@/components/private-photo-grid';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorProps } from '@/lib/first-error';
import { MAX_PRIVATE_PHOTOS, PRIVATE_PHOTO_ACCEPT } from '@/lib/private-photos';
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
  /** The private bucket of the thread's photos: messages show theirs, and the composer takes up to 6. */
  photoBucket?: string;
  /** Until when the other person has read the conversation: "Seen" under the last own message before it. */
  seenAt?: string | null;
  /** Beside the title: whether the other person is here (the online dot). */
  status?: ReactNode;
  /** Above the composer, read aloud as it changes: "Jordan is typing…". */
  activity?: ReactNode;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function MessageItem({
  message,
  own,
  testId,
  actions,
  photoBucket,
  seen,
}: {
  message: ChatMessage;
  own: boolean;
  testId: string;
  actions?: ReactNode;
  photoBucket?: string;
  seen: boolean;
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
      {message.text ? (
        <p
          className={cn(
            'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-line',
            own ? 'bg-primary text-primary-foreground' : 'border bg-card',
          )}
        >
          {message.text}
        </p>
      ) : null}
      {photoBucket && message.photos && message.photos.length > 0 ? (
        <PrivatePhotoGrid
          bucket={photoBucket}
          paths={message.photos}
          label={own ? 'Your photos' : `Photos from ${message.senderName}`}
          open="viewer"
          className="w-full max-w-[85%] grid-cols-3 sm:grid-cols-3"
        />
      ) : null}
      {seen ? <span className="text-xs text-muted-foreground">Seen</span> : null}
    </li>
  );
}

/** Picked photos as thumbnails: in the composer each with its Remove, on a message being sent without. */
function PickedPhotos({ photos, onRemove }: { photos: readonly PickedPhoto[]; onRemove?: (index: number) => void }) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={onRemove ? 'Photos to send' : 'Photos being sent'} className="flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.preview} className="relative">
          <img
            src={photo.preview}
            alt={`${photo.file.name}, ${index + 1} of ${photos.length}`}
            width={64}
            height={64}
            className="size-16 rounded-md object-cover"
          />
          {onRemove ? (
            <button
              type="button"
              onClick={() => onRemove(index)}
              aria-label={`Remove ${photo.file.name}`}
              className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full border bg-background shadow-sm focus-visible:ring-2 focus-visible:outline-none"
            >
              <X aria-hidden="true" className="size-3" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function OutgoingItem({ item, thread }: { item: Outgoing; thread: ChatThreadState }) {
  return (
    <li className="flex flex-col items-end gap-1" data-testid="outgoing-message">
      <span className="text-xs font-medium text-muted-foreground">
        You · {item.status === 'sending' ? 'Sending…' : <span className="text-destructive">Not sent</span>}
      </span>
      {item.text ? (
        <p className="max-w-[85%] rounded-lg bg-primary/70 px-3 py-2 text-sm break-words whitespace-pre-line text-primary-foreground">
          {item.text}
        </p>
      ) : null}
      <PickedPhotos photos={item.photos} />
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
  photoBucket,
  seenAt,
  status,
  activity,
}: ChatThreadProps) {
  const id = useId();
  const { query, ordered, outgoing, error } = thread;
  const seenId = lastSeenOwn(ordered, userId, seenAt);
  const canAddPhotos = photoBucket != null && thread.photos.length < MAX_PRIVATE_PHOTOS;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center gap-x-3 gap-y-1">
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {status}
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
                    photoBucket={photoBucket}
                    seen={message.id === seenId}
                  />
                ))}
                {outgoing.map((item) => (
                  <OutgoingItem key={item.localId} item={item} thread={thread} />
                ))}
              </ol>
            </>
          )}
        </QueryState>
        <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground italic">
          {closed ? null : activity}
        </p>
        {closed ?? (
          <form className="flex flex-wrap items-end gap-2" onSubmit={thread.submit} noValidate>
            <PickedPhotos photos={thread.photos} onRemove={thread.removePhoto} />
            <Field className="min-w-0 flex-1 basis-48 gap-1">
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
                onBlur={thread.onDraftBlur}
              />
              <FieldError id={`${id}-error`}>{error?.message}</FieldError>
            </Field>
            {photoBucket != null ? (
              <span>
                <input
                  id={`${id}-photos`}
                  type="file"
                  multiple
                  accept={PRIVATE_PHOTO_ACCEPT}
                  disabled={!canAddPhotos}
                  className="peer sr-only"
                  onChange={(event) => {
                    thread.addPhotos([...(event.target.files ?? [])]);
                    // The same photo can be picked again after its removal.
                    event.target.value = '';
                  }}
                />
                <label
                  htmlFor={`${id}-photos`}
                  title={`Add photos (up to ${MAX_PRIVATE_PHOTOS})`}
                  className={cn(
                    'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 text-sm font-medium shadow-xs hover:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                    !canAddPhotos && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <ImagePlus aria-hidden="true" className="size-4" />
                  <span className="sr-only sm:not-sr-only">Add photos</span>
                </label>
              </span>
            ) : null}
            <Button type="submit" disabled={thread.draft.trim() === '' && thread.photos.length === 0}>
              <Send aria-hidden="true" />
              Send
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** The newest own message the other person has read (created no later than their last read), if any. */
function lastSeenOwn(messages: readonly ChatMessage[], userId: string, seenAt: string | null | undefined) {
  if (!seenAt) return null;
  const until = Date.parse(seenAt);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.senderId === userId && Date.parse(message.createdAt) <= until) return message.id;
  }
  return null;
}
