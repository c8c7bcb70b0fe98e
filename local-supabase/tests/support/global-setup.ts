import { stackGlobalSetup, type TestProjectLike } from '../../src/testing/index.ts';
import { FIXTURE_FUNCTIONS } from './paths.ts';

const startStack = stackGlobalSetup({ functionsDirs: [FIXTURE_FUNCTIONS] });

/**
 * The conformance suite's stack: the project's functions plus the fixture functions the suite calls. The suite
 * stands where hosted's edge stands (a trusted proxy on loopback), so tests can send requests "from" other client
 * addresses with X-Forwarded-For; gateway-trusted-proxies.test.ts checks the default, which trusts no one.
 */
export async function setup(project: TestProjectLike): Promise<() => Promise<void>> {
  const before = process.env.LOCAL_SUPABASE_TRUSTED_PROXIES;
  process.env.LOCAL_SUPABASE_TRUSTED_PROXIES = '127.0.0.1';
  try {
    return await startStack(project);
  } finally {
    if (before === undefined) delete process.env.LOCAL_SUPABASE_TRUSTED_PROXIES;
    else process.env.LOCAL_SUPABASE_TRUSTED_PROXIES = before;
  }
}
