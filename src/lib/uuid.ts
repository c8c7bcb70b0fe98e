const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be a row id (the tables' keys are UUIDs). An id from a URL that is not one names nothing:
 * callers answer "not found" without asking the database, which would refuse it with an error (22P02).
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
