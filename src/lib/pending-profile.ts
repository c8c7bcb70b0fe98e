/**
 * SPEC §3 "pending profiles": the landing page's customer or designer form, kept in the browser until sign-up
 * sends it along (ADR 0002: it travels in the sign-up metadata and the database creates the profile row).
 * Shared here because the landing feature writes it and the auth feature reads it; features never meet.
 */
import type { Role } from '@/config/paths';

export type PendingCustomerProfile = {
  location: string;
  space_size: number;
  budget_range: number;
  /** A style id of SPEC §3 (the landing form stores ids). */
  preferred_style: string;
};

export type PendingDesignerProfile = {
  location?: string;
  bio: string;
  /** Style names (SPEC §3 display names). */
  specialties: string[];
  portfolio_url: string;
  base_rate: number;
};

export const pendingProfileKeys = {
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
