import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OAuthAuthorizationDetails } from '@supabase/supabase-js';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import { pageNavigation } from '@/lib/page-navigation';

/** Either the request to show, or (consent already given for these scopes) where to send the browser. */
export type AuthorizationState =
  { kind: 'consent'; details: OAuthAuthorizationDetails } | { kind: 'redirect'; redirectUrl: string };

/** GET /oauth/authorizations/{id} (supabase-js auth.oauth). */
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

/** POST /oauth/authorizations/{id}/consent; the answer's redirect_url is followed. */
export async function decide(input: { authorizationId: string; action: ConsentAction }): Promise<string> {
  const options = { skipBrowserRedirect: true };
  const { data, error } =
    input.action === 'approve'
      ? await supabase.auth.oauth.approveAuthorization(input.authorizationId, options)
      : await supabase.auth.oauth.denyAuthorization(input.authorizationId, options);
  if (error) throw error;
  return data.redirect_url;
}

/** Answers the request and follows its redirect_url to the third-party app. */
export function useDecide({ onError }: Pick<MutationCallbacks<string, Parameters<typeof decide>[0]>, 'onError'> = {}) {
  return useMutation({ mutationFn: decide, onSuccess: (url) => pageNavigation.open(url), onError });
}
