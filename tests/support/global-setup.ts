import { stackGlobalSetup, testStackConfig, type TestProjectLike } from '@good-space/local-supabase/testing';
import { writePublicApiUrl } from '../../scripts/lib/public-api-url.mjs';
import { writeLocalPushServiceUrl } from '../../scripts/lib/push-service-setting.mjs';
import { loadPlaces } from '../../scripts/places/load-places.ts';

const startStack = stackGlobalSetup();

/**
 * The integration tests' stack: fresh (new database, migrations, seed) on every run, with the app's functions,
 * and the places gazetteer loaded as `npm start` loads it (ADR 0024).
 */
export async function setup(project: TestProjectLike): Promise<() => Promise<void>> {
  const teardown = await startStack(project);
  try {
    const config = testStackConfig(Number(project.config.env?.LOCAL_SUPABASE_TEST_PORT_OFFSET ?? 0));
    await loadPlaces({ dbUrl: config.dbUrl, exclusive: true });
    // Listing photos must be this stack's URLs (20261130000500_listing_photos.sql). Its own setting here, as
    // notification-mail.test.ts points project_url at a worker of its own for a while.
    await writePublicApiUrl({ dbUrl: config.dbUrl, apiUrl: config.apiUrl });
    // Devices of the stack's push service may be saved, as under `npm start` (docs/security.md, "Push endpoints").
    await writeLocalPushServiceUrl({ dbUrl: config.dbUrl, pushUrl: config.pushUrl });
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
