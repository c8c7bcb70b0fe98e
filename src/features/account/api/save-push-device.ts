import { supabase } from '@/lib/supabase';
import type { DeviceSubscription } from '@/features/account/utils/push-device';

/**
 * Records this browser's subscription as the user's device. An upsert on the endpoint: a browser re-subscribing
 * gets new keys on the same endpoint; one that another account subscribed on before moves to this user (the
 * database does that, docs/notifications.md, "The push half").
 */
export async function savePushDevice(userId: string, sub: DeviceSubscription): Promise<void> {
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
  if (error) throw error;
}
