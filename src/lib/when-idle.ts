/**
 * Runs `run` once the browser has painted the next frames and then has a moment with nothing else to do: for
 * work the page does not need to show itself (a realtime catch-up read, a background account check), so it
 * never competes with the page's own first reads and render. Capped by `timeoutMs` (a busy or background tab
 * still gets it done). Returns a cancel.
 */
export function afterPaintWhenIdle(run: () => void, timeoutMs = 2000): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(cap);
    run();
  };
  const cap = setTimeout(once, timeoutMs);
  let idle: number | undefined;
  // Two frames: whatever the current task set off (React renders what a read brought in a task of its own,
  // which may run after the next frame has started) has been committed and painted by the second.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      // Safari has no requestIdleCallback: a task after the frame is the nearest it offers.
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(once, { timeout: timeoutMs });
      else idle = window.setTimeout(once, 0);
    });
  });
  return () => {
    done = true;
    clearTimeout(cap);
    cancelAnimationFrame(frame);
    if (idle !== undefined) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      clearTimeout(idle);
    }
  };
}
