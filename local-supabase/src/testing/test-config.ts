import path from 'node:path';
import { loadConfig, type StackConfig } from '../config.ts';

/**
 * The stack of a test run: on other ports than `npm run stack` (so both can run at once) and in a data folder
 * of its own under the project's `.data`, rebuilt on every run. LOCAL_SUPABASE_TEST_PORT_BASE moves all ports
 * (base+1 API, base+2 database, base+4 inbox, base+5 its SMTP port, base+6 the push service) so two test runs never collide; each Vitest project that needs a
 * stack adds its own LOCAL_SUPABASE_TEST_PORT_OFFSET (its `env` in the Vitest config) to get a stack of its own.
 * The default base sits below Linux's ephemeral range (32768–60999): the tests open thousands of loopback
 * connections, and one of them using a test port as its source port would make that port "in use".
 */
export function testStackConfig(offset = Number(process.env.LOCAL_SUPABASE_TEST_PORT_OFFSET ?? 0)): StackConfig {
  const base = Number(process.env.LOCAL_SUPABASE_TEST_PORT_BASE ?? 25320) + offset;
  return loadConfig({
    apiPort: base + 1,
    dbPort: base + 2,
    inboxPort: base + 4,
    smtpPort: base + 5,
    pushPort: base + 6,
    dataDir: path.join('.data', `test-${base}`),
    testMode: true,
  });
}
