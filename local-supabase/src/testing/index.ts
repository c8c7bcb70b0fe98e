/**
 * Test support for code that runs against the local stack (`@good-space/local-supabase/testing`): the test
 * stack's settings and a Vitest global setup that starts it, supabase-js clients in every role, users made
 * through the admin API, mail from the inbox, signed tokens and direct SQL. The clients and helpers talk to
 * the stack of testStackConfig() (LOCAL_SUPABASE_TEST_PORT_BASE and _OFFSET), read once when first imported.
 * Needs `@supabase/supabase-js` (a peer dependency), which the stack itself does not.
 */
export { testStackConfig } from './test-config.ts';
export { stackGlobalSetup, type StackGlobalSetupOptions, type TestProjectLike } from './global-setup.ts';
export { anonClient, api, API_URL, nodeOptions, serviceClient, stackConfig } from './clients.ts';
export {
  createUser,
  DEFAULT_PASSWORD,
  extractLink,
  latestMailTo,
  signedInClient,
  uniqueEmail,
  type InboxMessage,
} from './users.ts';
export { listen, realtimeClient, realtimeClientAs, sleep, waitFor, type Listening } from './realtime.ts';
export { clientAs, signUserJwt } from './tokens.ts';
export { sql } from './sql.ts';
