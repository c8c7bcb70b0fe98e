import { supabase } from '@/lib/supabase';
import {
  deviceSubscriptionSchema,
  PushDeviceError,
  UNSUPPORTED_PUSH_SERVICE,
  type DeviceSubscription,
} from '@/features/account/utils/push-device';

/**
 * Records this browser's subscription as the user's device. An upsert on the endpoint: a browser re-subscribing
 * gets new keys on the same endpoint; one that another account subscribed on before moves to this user (the
 * database does that, docs/notifications.md, "The push half").
 */
export async function savePushDevice(userId: string, subscription: DeviceSubscription): Promise<void> {
  // Only a browser vendor's push service (docs/security.md, "Push endpoints"); the database refuses the rest too.
  const parsed = deviceSubscriptionSchema.safeParse(subscription);
  if (!parsed.success) throw new PushDeviceError(parsed.error.issues[0]?.message ?? UNSUPPORTED_PUSH_SERVICE);
  const sub = parsed.data;
  const { error } = await supabase.from('push_subscriptions').upsert(
    {
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      user_agent: navigator.userAgent.slice(0, 300),
    },
    { onConflict: 'endpoint' },
  );
  // The database's refusal of the push service (20261207000200_push_endpoint_hosts.sql), in the same sentence.
  if (error?.code === '23514' && error.message.startsWith('This push service is not supported')) {
    throw new PushDeviceError(UNSUPPORTED_PUSH_SERVICE);
  }
  if (error) throw error;
}
