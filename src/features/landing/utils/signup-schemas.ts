import { z } from 'zod';
import { designStyleIds, designStyleName } from '@/config/design-styles';
import { optionalPlaceSchema, requiredPlaceSchema } from '@/lib/places/place-schema';
import type { PendingCustomerProfile, PendingDesignerProfile } from '@/lib/pending-profile';

/**
 * The landing forms (docs/product.md, Accounts), with their messages. Inputs are strings (what the fields hold); the output is the
 * pending profile stored for sign-up. The database checks the same bounds (ADR 0002, docs/schema.md).
 */
const isStyleId = (value: string) => (designStyleIds as readonly string[]).includes(value);

const positiveNumber = z
  .string()
  .trim()
  .refine((value) => value !== '' && Number.isFinite(Number(value)) && Number(value) > 0, 'Must be a positive number')
  .transform(Number);

// The location field holds its text and the chosen place (PlaceField); the profile keeps both.
export const customerSignupSchema = z
  .object({
    location: requiredPlaceSchema,
    space_size: positiveNumber,
    budget_range: positiveNumber,
    preferred_style: z.string().refine(isStyleId, 'Please select a design style'),
  })
  .transform(({ location, ...rest }) => ({ ...location, ...rest }));

export type CustomerSignupInput = z.input<typeof customerSignupSchema>;
export const customerFieldOrder = ['location', 'space_size', 'budget_range', 'preferred_style'] as const;

export function toPendingCustomerProfile(values: z.output<typeof customerSignupSchema>): PendingCustomerProfile {
  return values;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const designerSignupSchema = z
  .object({
    location: optionalPlaceSchema,
    portfolio_url: z
      .string()
      .trim()
      .refine((value) => value === '' || isHttpUrl(value), 'Must be a valid URL'),
    style: z.string().refine(isStyleId, 'Please select a design style'),
    bio: z
      .string()
      .trim()
      .min(10, 'Additional info must be at least 10 characters')
      .max(1000, 'Additional info must be at most 1000 characters'),
    base_rate: z
      .string()
      .trim()
      .refine((value) => value === '' || (Number.isFinite(Number(value)) && Number(value) >= 0), 'Must be 0 or greater')
      .transform((value) => (value === '' ? 0 : Number(value))),
  })
  .transform(({ location, ...rest }) => ({ ...location, ...rest }));

export type DesignerSignupInput = z.input<typeof designerSignupSchema>;
export const designerFieldOrder = ['location', 'portfolio_url', 'style', 'bio', 'base_rate'] as const;

export function toPendingDesignerProfile(values: z.output<typeof designerSignupSchema>): PendingDesignerProfile {
  const { style, location, place_id, ...rest } = values;
  // Designer profiles list specialties by display name, the landing form picks by id.
  return { ...rest, ...(location ? { location, place_id } : {}), specialties: [designStyleName(style) ?? style] };
}
