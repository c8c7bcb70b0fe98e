import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { deletePushDevice } from '@/features/account/api/delete-push-device';
import { pushDevicesKey, usePushDevices } from '@/features/account/api/get-push-devices';
import { savePushDevice } from '@/features/account/api/save-push-device';
import {
  currentSubscription,
  pushSupport,
  PushDeviceError,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '@/features/account/utils/push-device';

/**
 * "Push notifications on this device" (docs/notifications.md, "The push half"). Loading the page only reads
 * this browser's existing subscription; the permission prompt comes only from a click on the switch. On means
 * this browser's subscription is one of the user's devices.
 */
export function PushDeviceSwitch({ userId }: { userId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const support = pushSupport();
  const devices = usePushDevices(userId, support === 'supported');
  const browser = useQuery({
    queryKey: ['push-subscription', userId],
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    enabled: support === 'supported',
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (support !== 'supported') {
    return (
      <p className="text-sm text-muted-foreground">
        {support === 'unsupported'
          ? "This browser can't receive push notifications. E-mail and the bell still reach you."
          : 'Push notifications are not set up for this site yet.'}
      </p>
    );
  }

  const on = !!browser.data && !!devices.data?.includes(browser.data);
  const loading = browser.isPending || devices.isPending;

  async function toggle(next: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      if (next) {
        const sub = await subscribeThisDevice();
        await savePushDevice(userId, sub);
      } else {
        const sub = await currentSubscription();
        if (sub) await deletePushDevice(userId, sub.endpoint);
        await unsubscribeThisDevice(sub);
      }
    } catch (error) {
      console.error('Error changing push on this device', error);
      setProblem(
        error instanceof PushDeviceError
          ? error.message
          : next
            ? "Couldn't turn on push notifications on this device. Please try again."
            : "Couldn't turn off push notifications on this device. Please try again.",
      );
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pushDevicesKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['push-subscription', userId] }),
      ]);
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-4 text-sm">
        <label htmlFor={`${id}-push`} className="font-medium">
          Push notifications on this device
        </label>
        <input
          id={`${id}-push`}
          type="checkbox"
          role="switch"
          className="size-4 accent-primary"
          checked={on}
          disabled={loading || busy}
          aria-describedby={`${id}-push-help`}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </div>
      <p id={`${id}-push-help`} className="text-xs text-muted-foreground">
        Offers, matches for your saved searches, sales and messages while you're away show up on this device even when
        Good Space isn't open. Choose which below.
      </p>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
