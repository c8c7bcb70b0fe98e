import { z } from 'zod';
import { useBoardMutation } from '@/features/board/hooks/use-board-mutation';
import { BOARD_PHOTOS_BUCKET, LIMITS, type BoardProposal } from '@/features/board/utils/board-proposal';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { isAcceptedPhoto, removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';
import { supabase } from '@/lib/supabase';

const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters`);

/** Where it goes and why: every proposal has them (the database checks the same limits). */
const placed = {
  room: z
    .string()
    .trim()
    .min(1, 'Say which room it is for')
    .max(LIMITS.room, `The room must be at most ${LIMITS.room} characters`),
  note: optionalText(LIMITS.note, 'The note'),
};

/** A Good Stuff piece: the database fills its title, price and photo from the listing. */
export const proposePieceSchema = z.object({
  catalogItemId: z.string().uuid('Pick a piece from Good Stuff'),
  ...placed,
});

/** An amount in dollars and cents above $0, as numeric(12,2) holds it. */
const price = z
  .string()
  .trim()
  .min(1, 'Enter a price')
  .regex(/^\d+(\.\d{1,2})?$/, 'Enter a price in dollars and cents, like 40 or 39.99')
  .transform(Number)
  .refine((value) => value > 0, 'The price must be above $0')
  .refine((value) => value < 10_000_000_000, 'The price is too large');

/** An outside find: what the designer found elsewhere, with its photo, price and where to get it. */
export const proposeFindSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give it a title')
    .max(LIMITS.title, `The title must be at most ${LIMITS.title} characters`),
  price,
  // Optional, as the database has it: a find seen in a shop window may have no photo yet.
  photo: z.instanceof(File).refine(isAcceptedPhoto, 'Only JPEG, PNG and WebP images are allowed').nullable(),
  store: optionalText(LIMITS.store, 'The store'),
  link: z
    .string()
    .trim()
    .max(LIMITS.link, `The link must be at most ${LIMITS.link} characters`)
    .refine(
      (value) => value === '' || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value),
      'The link must start with https://',
    ),
  dimensions: optionalText(LIMITS.dimensions, 'The dimensions'),
  ...placed,
});

export type ProposePieceInput = z.infer<typeof proposePieceSchema>;
export type ProposeFindInput = z.infer<typeof proposeFindSchema>;
export type ProposeInput = ({ kind: 'piece' } & ProposePieceInput) | ({ kind: 'find' } & ProposeFindInput);

const orNothing = (value: string) => (value === '' ? undefined : value);

/**
 * The designer proposes a piece for the customer's decision (rpc propose_board_item). A Good Stuff piece is held for
 * the project as 'Add to project' holds it (the database refuses it past the hold limits, or when the piece is
 * reserved or held elsewhere, in its own words). An outside find's photo (if it has one) goes up first, to the project's folder of
 * the private bucket; if the database then refuses the proposal, the photo is removed again.
 */
export async function proposeBoardItem(projectId: string, input: ProposeInput): Promise<BoardProposal> {
  if (input.kind === 'piece') {
    const { data, error } = await supabase.rpc('propose_board_item', {
      project_id: projectId,
      room: input.room,
      catalog_item_id: input.catalogItemId,
      note: orNothing(input.note),
    });
    if (error) throw error;
    return data;
  }
  // '<project id>/<uuid>.webp' in the private bucket, sized in the browser as listing photos are.
  const [photo] = input.photo ? await uploadPrivatePhotos(BOARD_PHOTOS_BUCKET, projectId, [input.photo]) : [];
  const { data, error } = await supabase.rpc('propose_board_item', {
    project_id: projectId,
    room: input.room,
    title: input.title,
    price: input.price,
    photo,
    store: orNothing(input.store),
    link: orNothing(input.link),
    dimensions: orNothing(input.dimensions),
    note: orNothing(input.note),
  });
  if (error) {
    if (photo) await removePrivatePhotos(BOARD_PHOTOS_BUCKET, [photo]).catch(() => undefined);
    throw error;
  }
  return data;
}

export function useProposeBoardItem(projectId: string, callbacks: MutationCallbacks<BoardProposal, ProposeInput> = {}) {
  return useBoardMutation(projectId, (input: ProposeInput) => proposeBoardItem(projectId, input), callbacks);
}
