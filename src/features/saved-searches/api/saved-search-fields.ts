import { z } from 'zod';
import type { Tables } from '@/types/database';

/** What a saved search looks for: the market's filters without the sort (public.saved_searches' columns). */
export type SearchCriteria = Pick<
  Tables<'saved_searches'>,
  'words' | 'category' | 'min_price' | 'max_price' | 'conditions' | 'within_miles'
>;

/** How its alerts are mailed (the bell always has them): at once, in one mail a day, or not. */
export const SEARCH_EMAILS = ['instant', 'daily', 'off'] as const;
export type SearchEmail = (typeof SEARCH_EMAILS)[number];
export const SEARCH_EMAIL_LABELS: Record<SearchEmail, string> = {
  instant: 'Instant',
  daily: 'Daily digest',
  off: 'Off',
};
export const isSearchEmail = (value: string): value is SearchEmail =>
  (SEARCH_EMAILS as readonly string[]).includes(value);

/** The most a person keeps (the database refuses the 51st with the same sentence). */
export const MAX_SAVED_SEARCHES = 50;

/** A saved search's name: 1 to 80 characters once trimmed (the database's check says the same). */
export const savedSearchNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(80, 'Name must be at most 80 characters');

/** Save this search's and Rename's form. */
export const saveSearchFormSchema = z.object({
  name: savedSearchNameSchema,
  email: z.enum(SEARCH_EMAILS),
});
export type SaveSearchFormValues = z.input<typeof saveSearchFormSchema>;
export type SaveSearchFormInput = z.output<typeof saveSearchFormSchema>;
