import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useInBrowser } from '@/hooks/use-in-browser';
import { useOnline } from '../hooks/use-online';
import { useWaitingUpdate } from '../hooks/use-waiting-update';

/**
 * The app's two standing notices (docs/installable-app.md), at the foot of every page: "You're offline" while the
 * browser has no network, and "Reload to update" when a new build's service worker is waiting. Each sits in a live
 * region that is there from the start, so a screen reader announces the notice when it appears. The regions are
 * `aria-live` without the `status` role: pages have their own status messages, and two empty standing regions
 * named like them would stand in their way for anyone looking for "the" status (assistive technology and tests).
 */
export function AppStatusBanners() {
  if (!useInBrowser()) return null;
  return <Banners />;
}

function Banners() {
  const online = useOnline();
  const update = useWaitingUpdate();
  const [updating, setUpdating] = useState(false);
  const notice = 'pointer-events-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-4 py-3 text-sm shadow-lg';
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3">
      <div aria-live="polite" aria-atomic="true" className="flex flex-col items-center">
        {!online && (
          <p className={`${notice} border-border bg-foreground text-background`}>
            <strong className="font-semibold">You're offline.</strong>{' '}
            <span>Pages you have open still show; nothing new loads or saves until you're back online.</span>
          </p>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true" className="flex flex-col items-center">
        {update && (
          <div className={`${notice} border-border bg-card text-card-foreground`}>
            <span>A new version of Good Space is ready.</span>{' '}
            <Button
              size="sm"
              disabled={updating}
              aria-busy={updating || undefined}
              onClick={() => {
                setUpdating(true);
                // The page reloads once the new worker has taken over; if it cannot, the button comes back.
                update().catch(() => setUpdating(false));
              }}
            >
              Reload to update
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
