import { isNotificationKind, type NotificationKind } from './notification-kinds.ts';

/**
 * Unsubscribe tokens (docs/decisions/0025-notifications.md): `<user id>.<kind>.<signature>`, the signature being
 * HMAC-SHA256 of `<user id>.<kind>` with the secret, base64url. Anyone holding a mail's link can turn that one
 * kind off for that one person, and nothing else; no sign-in needed, nothing to store.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function key(secret: string): Promise<CryptoKey> {
  if (!secret) throw new Error('The unsubscribe secret is empty');
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    const bytes = new Uint8Array(new ArrayBuffer(bin.length));
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

export async function signUnsubscribeToken(secret: string, userId: string, kind: NotificationKind): Promise<string> {
  const payload = `${userId.toLowerCase()}.${kind}`;
  const sig = await crypto.subtle.sign('HMAC', await key(secret), new TextEncoder().encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(sig))}`;
}

/** The user and kind a token names, or null when it is malformed or not signed with this secret. */
export async function verifyUnsubscribeToken(
  secret: string,
  token: string,
): Promise<{ userId: string; kind: NotificationKind } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, kind, sig] = parts as [string, string, string];
  if (!UUID.test(userId) || !isNotificationKind(kind)) return null;
  const bytes = fromBase64Url(sig);
  if (!bytes) return null;
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify(
    'HMAC',
    await key(secret),
    bytes,
    new TextEncoder().encode(`${userId}.${kind}`),
  );
  return ok ? { userId, kind } : null;
}

/**
 * The secrets tokens may be signed with, the one new links are signed with first: UNSUBSCRIBE_SECRET when set, else
 * the project's legacy service-role JWT, else its secret key (`sb_secret_…`, SUPABASE_SECRET_KEYS). The order
 * is the one links were always signed in, so moving the functions to the secret key (docs/security.md, "Which key
 * goes where") leaves every link already mailed valid; checking against all of them keeps a link valid when the
 * project later sets UNSUBSCRIBE_SECRET or drops its legacy key. Rotating a key still retires its links, which
 * then show the "link not valid" page. Set UNSUBSCRIBE_SECRET on hosted so links outlive key rotations.
 */
export function unsubscribeSecrets(env: (name: string) => string | undefined = (n) => Deno.env.get(n)): string[] {
  const secretKeys = Object.values(JSON.parse(env('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>);
  const all = [env('UNSUBSCRIBE_SECRET'), env('SUPABASE_SERVICE_ROLE_KEY'), secretKeys.length ? secretKeys : []]
    .flat()
    .filter((s): s is string => typeof s === 'string' && s !== '');
  const unique = [...new Set(all)];
  if (unique.length === 0) throw new Error('UNSUBSCRIBE_SECRET is not set');
  return unique;
}

/** The secret new links are signed with: the first of unsubscribeSecrets(). */
export function unsubscribeSecret(env: (name: string) => string | undefined = (n) => Deno.env.get(n)): string {
  return unsubscribeSecrets(env)[0]!;
}

/** The user and kind a token names, when any of `secrets` signed it (see unsubscribeSecrets); else null. */
export async function verifyUnsubscribeTokenWithAny(
  secrets: string[],
  token: string,
): Promise<{ userId: string; kind: NotificationKind } | null> {
  for (const secret of secrets) {
    const found = await verifyUnsubscribeToken(secret, token);
    if (found) return found;
  }
  return null;
}
