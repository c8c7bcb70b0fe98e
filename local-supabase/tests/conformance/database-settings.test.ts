import { describe, expect, it } from 'vitest';
import { sql } from '../../src/testing/index.ts';

// Server settings a client can observe, as hosted's PostgreSQL (the supabase/postgres image) has them: the plan
// media type's EXPLAIN VERBOSE shows a query identifier (pg_stat_statements turns query ids on there), and
// EXPLAIN (SETTINGS) names effective_cache_size at the image's 128MB.

describe('database server settings', () => {
  it('computes query ids and plans with the image’s effective_cache_size', async () => {
    expect(
      await sql(`select current_setting('compute_query_id') as qid, current_setting('effective_cache_size') as ecs`),
    ).toEqual([{ qid: 'on', ecs: '128MB' }]);
    const [plan] = await sql<{ 'QUERY PLAN': [Record<string, unknown>] }>(
      'explain (verbose, settings, format json) select 1',
    );
    const top = plan!['QUERY PLAN'][0];
    expect(typeof top['Query Identifier']).toBe('number');
    expect(top.Settings).toMatchObject({ effective_cache_size: '128MB' });
  });
});
