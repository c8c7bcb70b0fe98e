import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OAuthAuthorizationDetails } from '@supabase/supabase-js';
import { toast } from 'sonner';
import { supabase } from '@/lib/supabase';

/** Either the request to show, or (consent already given for these scopes) where to send the browser. */
export type AuthorizationState =
  { kind: 'consent'; details: OAuthAuthorizationDetails } | { kind: 'redirect'; redirectUrl: string };

/** SPEC §7: GET /oauth/authorizations/{id} (supabase-js auth.oauth). */
export async function getAuthorization(authorizationId: string): Promise<AuthorizationState> {
  const { data, error } = await supabase.auth.oauth.getAuthorizationDetails(authorizationId);
  if (error) throw error;
  if ('authorization_id' in data) return { kind: 'consent', details: data };
  return { kind: 'redirect', redirectUrl: data.redirect_url };
}

export function getAuthorizationQueryOptions(authorizationId: string) {
  return queryOptions({
    // One-shot: the first read binds the request to this user; it is not shared data worth a key factory entry.
    queryKey: ['oauth-authorization', authorizationId] as const,
    queryFn: () => getAuthorization(authorizationId),
    staleTime: Infinity,
    retry: false,
  });
}

export function useAuthorization(authorizationId: string) {
  return useQuery({ ...getAuthorizationQueryOptions(authorizationId), enabled: authorizationId !== '' });
}

export type ConsentAction = 'approve' | 'deny';

/** SPEC §7: POST /oauth/authorizations/{id}/consent; the answer's redirect_url is followed. */
export async function decide(input: { authorizationId: string; action: ConsentAction }): Promise<string> {
  const options = { skipBrowserRedirect: true };
  const { data, error } =
    input.action === 'approve'
      ? await supabase.auth.oauth.approveAuthorization(input.authorizationId, options)
      : await supabase.auth.oauth.denyAuthorization(input.authorizationId, options);
  if (error) throw error;
  return data.redirect_url;
}

/** Leaving for the third-party app; replaced in tests. */
export const consentNavigation = {
  go(url: string) {
    window.location.assign(url);
  },
};

export function useDecide() {
  return useMutation({
    mutationFn: decide,
    onSuccess: (url) => consentNavigation.go(url),
    onError: (error) => {
      console.error('Error answering the authorization request', error);
      toast.error('Failed to answer the authorization request', { description: error.message });
    },
  });
}
