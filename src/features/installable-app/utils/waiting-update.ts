// A new build's service worker, installed and waiting (docs/installable-app.md, "Reload to update"): the app shows
// the offer; taking it activates that worker and reloads the page on the new build. Kept outside React, because
// registration (./register-service-worker.ts) starts before the app renders and outlives any component.

/** Activates the waiting worker; the page reloads once it has taken over. */
export type ApplyUpdate = () => Promise<void>;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** Called when a new build's worker is waiting. */
export function offerUpdate(apply: ApplyUpdate): void {
  waiting = apply;
  for (const listener of listeners) listener();
}

export function waitingUpdate(): ApplyUpdate | null {
  return waiting;
}

export function subscribeWaitingUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
