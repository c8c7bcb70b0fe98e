import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAvailableProjects, getAvailableProjectsQueryOptions } from '@/features/projects/api/get-available-projects';
import { PROJECTS_PAGE_SIZE } from '@/features/projects/api/project-types';
import { recordRequests, rpcUrl, server } from '@/testing/supabase-http';

const PORTLAND = { latitude: 45.5152, longitude: -122.6784 };

function row(i: number, distance: number | null) {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 100 - i)).toISOString(),
    distance_miles: distance,
    within_reach: distance === null ? null : true,
  };
}

describe('getAvailableProjects: keyset pages of rpc open_projects (docs/decisions/0024)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    server.use(http.post(rpcUrl('open_projects'), () => HttpResponse.json([])));
  });

  it('near a position: nearest first, the next page after the last row’s (distance_miles, id)', async () => {
    await getAvailableProjects(PORTLAND, null);
    await getAvailableProjects(PORTLAND, { ...row(24, 12) });
    await getAvailableProjects(PORTLAND, { ...row(30, null) });
    const [first, second, tail] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(first!.body).toEqual({
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      page_size: PROJECTS_PAGE_SIZE,
    });
    expect(first!.url.searchParams.get('order')).toBe('distance_miles.asc.nullslast,id.asc');
    expect(first!.url.searchParams.get('select')).toContain('distance_miles,within_reach');
    expect(second!.body).toEqual({
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      after_miles: 12,
      after_id: row(24, 12).id,
      page_size: PROJECTS_PAGE_SIZE,
    });
    // Past the last measured row, the rows without coordinates: the cursor is the id alone.
    expect(tail!.body).toEqual({
      origin_latitude: 45.5152,
      origin_longitude: -122.6784,
      after_id: row(30, null).id,
      page_size: PROJECTS_PAGE_SIZE,
    });
  });

  it('without a position: newest first, the next page after the last row’s (created_at, id)', async () => {
    await getAvailableProjects(null, row(24, null));
    const [page] = await sent.to('POST', 'rest/v1/rpc/open_projects');
    expect(page!.body).toEqual({
      after_created_at: row(24, null).created_at,
      after_id: row(24, null).id,
      page_size: 24,
    });
    expect(page!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
  });

  it('takes the cursor from the last row of a full page only', () => {
    const next = getAvailableProjectsQueryOptions(PORTLAND).getNextPageParam!;
    const full = Array.from({ length: PROJECTS_PAGE_SIZE }, (_, i) => ({ ...row(i + 1, i) }));
    type Page = Parameters<typeof next>[0];
    expect(next(full as unknown as Page, [], null, [])).toEqual({
      id: row(PROJECTS_PAGE_SIZE, 0).id,
      created_at: row(PROJECTS_PAGE_SIZE, 0).created_at,
      distance_miles: PROJECTS_PAGE_SIZE - 1,
    });
    expect(next(full.slice(1) as unknown as Page, [], null, [])).toBeUndefined();
  });
});
