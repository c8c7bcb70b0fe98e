import { z } from 'zod';
import { MAX_PRIVATE_PHOTOS, privatePhotosSchemaSaying } from '@/lib/private-photos';

/**
 * The private bucket of messages' photos (docs/working-together.md): a project's messages in 'project/<project
 * id>/<file>', a piece conversation's in 'piece/<conversation id>/<file>'; only the conversation's two people (and
 * operators, for a reported message) read them.
 */
export const MESSAGE_PHOTOS_BUCKET = 'message-photos';
export const MAX_MESSAGE_PHOTOS = MAX_PRIVATE_PHOTOS;

/** The folder of a conversation's photos in message-photos (the bucket's policies and the tables check it). */
export const messagePhotoFolder = (kind: 'project' | 'piece', conversationId: string) => `${kind}/${conversationId}`;

/**
 * A message as it will be sent: its text trimmed, at most 2000 characters, and up to 6 photos; text, photos or both
 * (a message may be photos only). The database trims and checks the same, in the same words.
 */
export const messageDraftSchema = z
  .object({
    text: z.string().trim().max(2000, 'Message must be at most 2000 characters'),
    photos: privatePhotosSchemaSaying(`Add at most ${MAX_MESSAGE_PHOTOS} photos to a message`),
  })
  .refine((draft) => draft.text !== '' || draft.photos.length > 0, {
    message: 'Write a message or add a photo',
    path: ['text'],
  });

export type MessageDraft = z.output<typeof messageDraftSchema>;
