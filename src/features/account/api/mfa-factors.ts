import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Factor } from '@supabase/supabase-js';
import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

/** A TOTP code: six digits (spaces a user types between groups are removed first). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

export const enrollInputSchema = z.object({
  friendlyName: z.string().trim().min(1, 'Give the authenticator a name').max(100, 'At most 100 characters'),
});

export function factorsQueryKey(userId: string) {
  return [...userKeys.detail(userId), 'mfa-factors'] as const;
}

/** Every factor of the user, verified and not. */
export async function listFactors(): Promise<Factor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

export function getFactorsQueryOptions(userId: string) {
  return queryOptions({ queryKey: factorsQueryKey(userId), queryFn: listFactors });
}

export function useFactors(userId: string) {
  return useQuery(getFactorsQueryOptions(userId));
}

export type TotpEnrollment = { factorId: string; qrCode: string; secret: string; uri: string };

/**
 * POST /factors: a new, unverified TOTP factor with its QR code (an SVG data URI) and secret. Earlier
 * unfinished enrolments are removed first: Auth refuses a second factor with the same name.
 */
export async function enrollTotp(friendlyName: string): Promise<TotpEnrollment> {
  const existing = await listFactors();
  for (const factor of existing) {
    if (factor.status !== 'verified') {
      const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
      if (error) throw error;
    }
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/** Challenge + verify: on success the session is upgraded to aal2 (MFA_CHALLENGE_VERIFIED). */
export async function verifyTotp(input: { factorId: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify(input);
  if (error) throw error;
}

export async function unenrollFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The session's user still lists the removed factor until refreshed; the sign-in guard reads that list.
  const { error: refreshError } = await supabase.auth.refreshSession();
  if (refreshError) throw refreshError;
}

export function useEnrollTotp(userId: string, { onSuccess, onError }: MutationCallbacks<TotpEnrollment, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollTotp,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsQueryKey(userId) }),
  });
}

export function useVerifyTotp(
  userId: string,
  callbacks: MutationCallbacks<void, { factorId: string; code: string }> = {},
) {
  return useRefreshingMutation({
    mutationFn: verifyTotp,
    refreshes: () => [factorsQueryKey(userId)],
    callbacks,
  });
}

export function useUnenrollFactor(userId: string, { onSuccess, onError }: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrollFactor,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsQueryKey(userId) }),
  });
}
