// One push to one device (docs/notifications.md, "The push half"), apart from index.ts so its tests can run it.
import { endpointAllowed, pushOptions, pushPayload, type DuePush } from './push-content.ts';
import { pushRequest, type Vapid } from './web-push.ts';

/** A push service that does not answer within this is a failed attempt (the run has 100 to get through). */
const TIMEOUT_MS = 10_000;

export type Outcome = 'delivered' | 'gone' | { error: string };

/**
 * Encrypts and posts one notification to one device. 'gone' when the push service says the subscription is gone
 * (404/410), and, without posting anything, when the endpoint is not (or no longer) allowed: the database's rule
 * says so in `device.allowed`, and endpointAllowed() checks it again here (docs/security.md, "Push endpoints").
 * Either way finish_notification_push() deletes the device, as it does an expired one.
 */
export async function deliver(
  device: DuePush['devices'][number],
  n: DuePush,
  vapid: Vapid,
  supabaseUrl: string | null | undefined,
): Promise<Outcome> {
  if (device.allowed !== true || !endpointAllowed(device.endpoint, supabaseUrl)) return 'gone';
  try {
    const req = await pushRequest(device, JSON.stringify(pushPayload(n)), vapid, pushOptions(n.kind));
    const res = await fetch(req.url, {
      method: 'POST',
      headers: req.headers,
      body: req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text().catch(() => '');
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.ok) return 'delivered';
    return { error: `push service answered ${res.status}: ${text.slice(0, 200)}` };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
