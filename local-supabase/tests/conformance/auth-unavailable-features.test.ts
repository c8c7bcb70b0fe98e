import { describe, expect, it } from 'vitest';
import { anonClient, api, createUser, DEFAULT_PASSWORD, signedInClient } from '../../src/testing/index.ts';

// Sign-in methods this stack does not offer (SAML, Web3, OAuth ID tokens, manual identity linking) answer as
// supabase/auth does with them switched off (internal/api middleware.go requireSAMLEnabled,
// requireManualLinkingEnabled; web3.go Web3Grant; token_oidc.go getProvider), so an app sees the same error
// locally as on a project where they are off, rather than "unsupported_grant_type" or a bare 404.

const V = { 'X-Supabase-Api-Version': '2024-01-01', 'Content-Type': 'application/json' };

describe('features that are off', () => {
  it('SAML single sign-on is 404 saml_provider_disabled', async () => {
    const { data, error } = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(data).toBeNull();
    expect(error!.status).toBe(404);
    expect(error!.code).toBe('saml_provider_disabled');
    expect(error!.message).toBe('SAML 2.0 is disabled');
    const metadata = await api('/auth/v1/sso/saml/metadata', { headers: V });
    expect(metadata.status).toBe(404);
    expect(await metadata.json()).toEqual({ code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
  });

  it('Web3 sign-in is 422 web3_provider_disabled', async () => {
    const res = await api('/auth/v1/token?grant_type=web3', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ chain: 'ethereum', message: 'hello', signature: '0x00' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
  });

  it('an ID token from a known provider is 400 provider_disabled naming its issuer; an unknown one is refused', async () => {
    const { data, error } = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'not-a-jwt' });
    expect(data.session).toBeNull();
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('provider_disabled');
    expect(error!.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
    const custom = await api('/auth/v1/token?grant_type=id_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ provider: 'my-idp', id_token: 'x' }),
    });
    expect(custom.status).toBe(400);
    expect(await custom.json()).toEqual({
      code: 'validation_failed',
      message: 'Custom OIDC provider "my-idp" not allowed',
    });
    const empty = await api('/auth/v1/token?grant_type=id_token', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ provider: 'google' }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'invalid request', error_description: 'id_token required' });
  });

  it('linking and unlinking identities is 404 manual_linking_disabled for a signed-in user; without one, authentication fails first', async () => {
    const { email } = await createUser();
    const client = await signedInClient(email, DEFAULT_PASSWORD);
    const linked = await client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(linked.error!.status).toBe(404);
    expect(linked.error!.code).toBe('manual_linking_disabled');
    expect(linked.error!.message).toBe('Manual linking is disabled');
    const { data } = await client.auth.getUserIdentities();
    const unlinked = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlinked.error!.status).toBe(404);
    expect(unlinked.error!.code).toBe('manual_linking_disabled');
    const anonymous = await api('/auth/v1/user/identities/authorize?provider=google', {
      headers: { ...V, Authorization: '' },
    });
    expect([401, 403]).toContain(anonymous.status);
  });

  it('verifying a phone OTP checks the number (E.164), then finds no code: none is ever sent without a phone provider', async () => {
    const client = anonClient();
    const bad = await client.auth.verifyOtp({ phone: 'not-a-phone', token: '123456', type: 'sms' });
    expect(bad.error!.status).toBe(400);
    expect(bad.error!.code).toBe('validation_failed');
    expect(bad.error!.message).toBe('Invalid phone number format (E.164 required)');
    for (const type of ['sms', 'phone_change'] as const) {
      const { data, error } = await client.auth.verifyOtp({ phone: '+44 7700 900123', token: '123456', type });
      expect(data.session).toBeNull();
      expect(error!.status).toBe(403);
      expect(error!.code).toBe('otp_expired');
      expect(error!.message).toBe('Token has expired or is invalid');
    }
  });
});
