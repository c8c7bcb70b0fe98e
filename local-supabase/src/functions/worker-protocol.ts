/** What a worker process (worker-bootstrap.ts, under Deno) and the stack (worker.ts, under Node) agree on. */

/** Printed on stdout, followed by the port, once the function's server listens. */
export const LISTENING_MARKER = '\u001e@sb-worker-listening ';

/** Exit code of a worker whose function failed to load. */
export const BOOT_EXIT_CODE = 70;
