import { useSyncExternalStore } from 'react';
import { subscribeWaitingUpdate, waitingUpdate, type ApplyUpdate } from '../utils/waiting-update';

/** The waiting new build's "apply" (../utils/waiting-update.ts), or null while there is none. */
export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(subscribeWaitingUpdate, waitingUpdate, () => null);
}
