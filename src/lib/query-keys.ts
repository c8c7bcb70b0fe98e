/**
 * Query keys, one factory per entity, shared so a mutation in one feature can invalidate another's data
 * without importing that feature. Sub-resources nest under their parent, so one prefix refreshes them all.
 */
export const userKeys = {
  all: ['users'] as const,
  detail: (userId: string) => [...userKeys.all, userId] as const,
  role: (userId: string) => [...userKeys.detail(userId), 'role'] as const,
};
