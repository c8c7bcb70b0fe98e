/**
 * Ports of the browser journeys: their own local stack (API base+1, database base+2, inbox base+4, push service base+6) and their
 * own app server, so `npm start` and the integration tests can run at the same time.
 */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 25420);
export const E2E_API_URL = `http://127.0.0.1:${E2E_PORT_BASE + 1}`;
/** The journeys' local push service (docs/notifications.md, "The push half"). */
export const E2E_PUSH_URL = `http://127.0.0.1:${E2E_PORT_BASE + 6}`;
// The app is the production build on `vite preview`, on any port: global-setup.ts gives the stack its origin
// (SITE_URL), which auth and the payment functions' return-URL allow list follow (ADR 0016).
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173);
export const E2E_APP_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
