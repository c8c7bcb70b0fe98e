/**
 * Pending profiles (docs/product.md, Accounts: the landing forms): the landing page's customer or designer form, kept in the browser until sign-up
 * sends it along (ADR 0002: it travels in the sign-up metadata and the database creates the profile row).
 * Shared here because the landing feature writes it and the auth feature reads it; features never meet.
 */
import { designStyles } from '@/config/design-styles';
import type { Role } from '@/types/role';

export type PendingCustomerProfile = {
  location: string;
  /** The place chosen in the location field (docs/decisions/0024-places.md); null for text that names none. */
  place_id?: string | null;
  space_size: number;
  budget_range: number;
  /** A style id (docs/product.md, Styles; the landing form stores ids). */
  preferred_style: string;
};

export type PendingDesignerProfile = {
  location?: string;
  place_id?: string | null;
  bio: string;
  /** Style display names. */
  specialties: string[];
  portfolio_url: string;
  base_rate: number;
};

const pendingProfileKeys = {
  customer: 'pendingCustomerProfile',
  designer: 'pendingDesignerProfile',
} as const satisfies Record<Role, string>;

type PendingByRole = { customer: PendingCustomerProfile; designer: PendingDesignerProfile };

export function savePendingProfile<R extends Role>(role: R, profile: PendingByRole[R]): void {
  localStorage.setItem(pendingProfileKeys[role], JSON.stringify(profile));
}

/** The stored form of that role, or null; a damaged entry counts as none (it is only a convenience copy). */
export function readPendingProfile<R extends Role>(role: R): PendingByRole[R] | null {
  try {
    const raw = localStorage.getItem(pendingProfileKeys[role]);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as PendingByRole[R]) : null;
  } catch {
    return null;
  }
}

export function clearPendingProfile(role: Role): void {
  localStorage.removeItem(pendingProfileKeys[role]);
}

/** A style's display name, for its id or for the name itself; undefined for anything else. */
export function styleNameOf(value: string): string | undefined {
  const wanted = value.trim();
  return designStyles.find((style) => style.id === wanted || style.name === wanted)?.name;
}

/**
 * The pending profile as the profile row stores it, for the sign-up metadata (ADR 0002). The landing form keeps
 * the style id ('midcentury'); customer_profiles.preferred_style holds the display name ('Mid-Century Modern'),
 * as projects do and as the profile form offers it (docs/decisions/0020). A style that is neither is left out;
 * the database applies the same conversion, so an older copy of the app still stores the name.
 */
export function pendingProfileForSignUp(
  profile: PendingCustomerProfile | PendingDesignerProfile,
): PendingDesignerProfile | (Omit<PendingCustomerProfile, 'preferred_style'> & { preferred_style?: string }) {
  if (!('preferred_style' in profile)) return profile;
  const { preferred_style: style, ...rest } = profile;
  const name = typeof style === 'string' ? styleNameOf(style) : undefined;
  return name ? { ...rest, preferred_style: name } : rest;
}
