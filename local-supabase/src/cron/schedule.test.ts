import { describe, expect, it } from 'vitest';
import { matchesMinute, parseSchedule, type Schedule } from './schedule.ts';

const at = (iso: string) => new Date(iso);
const cron = (text: string) => {
  const s = parseSchedule(text);
  if (!s || s.kind !== 'cron') throw new Error(`not a cron schedule: ${text}`);
  return s;
};
const values = (s: Schedule, field: 'minutes' | 'hours' | 'daysOfMonth' | 'months' | 'daysOfWeek') =>
  s.kind === 'cron' ? [...s[field]].sort((a, b) => a - b) : [];

describe('parseSchedule (pg_cron grammar)', () => {
  it('reads ranges, steps and lists', () => {
    expect(values(cron('*/15 * * * *'), 'minutes')).toEqual([0, 15, 30, 45]);
    expect(values(cron('1-10/3 * * * *'), 'minutes')).toEqual([1, 4, 7, 10]);
    expect(values(cron('0 8-10,14,20-22/2 * * *'), 'hours')).toEqual([8, 9, 10, 14, 20, 22]);
    expect(values(cron('0 0 1,15 * *'), 'daysOfMonth')).toEqual([1, 15]);
  });

  it('takes month and weekday names in any case, and 7 as Sunday', () => {
    expect(values(cron('0 0 * JAN-mar *'), 'months')).toEqual([1, 2, 3]);
    expect(values(cron('0 0 * * mon-FRI'), 'daysOfWeek')).toEqual([1, 2, 3, 4, 5]);
    expect(values(cron('0 0 * * 7'), 'daysOfWeek')).toEqual([0, 7]);
  });

  it('takes the interval form from 1 to 59 seconds', () => {
    expect(parseSchedule('1 seconds')).toEqual({ kind: 'interval', seconds: 1 });
    expect(parseSchedule(' 30 Second ')).toEqual({ kind: 'interval', seconds: 30 });
    expect(parseSchedule('59 seconds')).toEqual({ kind: 'interval', seconds: 59 });
    expect(parseSchedule('0 seconds')).toBeNull();
    expect(parseSchedule('60 seconds')).toBeNull();
    expect(parseSchedule('5 minutes')).toBeNull();
  });

  it('takes the @ shorthands and $ for the last day of the month', () => {
    expect(parseSchedule('@reboot')).toEqual({ kind: 'reboot' });
    expect(values(cron('@hourly'), 'minutes')).toEqual([0]);
    expect(cron('0 12 $ * *').lastDayOfMonth).toBe(true);
  });

  it.each([
    '',
    '* * * *',
    '60 * * * *',
    '* 24 * * *',
    '* * 0 * *',
    '* * * 13 *',
    '* * * * 8',
    '1/20 * * * *',
    '*-5 * * * *',
    '*/0 * * * *',
    '*/60 * * * *',
    '5-64/30 * * * *',
    '* * * * foo',
    '@every_minute',
    'L * * * *',
  ])('refuses %j as pg_cron does', (text) => {
    expect(parseSchedule(text)).toBeNull();
  });
});

describe('matchesMinute (UTC)', () => {
  it('matches the minute, hour, day and month in UTC', () => {
    const s = cron('30 4 * * *');
    expect(matchesMinute(s, at('2026-03-01T04:30:59Z'))).toBe(true);
    expect(matchesMinute(s, at('2026-03-01T04:31:00Z'))).toBe(false);
    expect(matchesMinute(s, at('2026-03-01T05:30:00+01:00'))).toBe(true);
  });

  it('matches either day field when both are restricted, both when one is starred', () => {
    const either = cron('0 0 13 * 5'); // the 13th, or any Friday
    expect(matchesMinute(either, at('2026-03-13T00:00:00Z'))).toBe(true); // a Friday the 13th
    expect(matchesMinute(either, at('2026-03-06T00:00:00Z'))).toBe(true); // a Friday
    expect(matchesMinute(either, at('2026-04-13T00:00:00Z'))).toBe(true); // a Monday the 13th
    expect(matchesMinute(either, at('2026-04-14T00:00:00Z'))).toBe(false);
    const fridays = cron('0 0 * * 5');
    expect(matchesMinute(fridays, at('2026-04-13T00:00:00Z'))).toBe(false);
  });

  it('matches $ on the last day of each month only', () => {
    const s = cron('0 12 $ * *');
    expect(matchesMinute(s, at('2028-02-29T12:00:00Z'))).toBe(true);
    expect(matchesMinute(s, at('2027-02-28T12:00:00Z'))).toBe(true);
    expect(matchesMinute(s, at('2028-02-28T12:00:00Z'))).toBe(false);
  });

  it('never matches an interval or @reboot schedule by minute', () => {
    expect(matchesMinute(parseSchedule('5 seconds')!, at('2026-03-01T00:00:00Z'))).toBe(false);
    expect(matchesMinute(parseSchedule('@reboot')!, at('2026-03-01T00:00:00Z'))).toBe(false);
  });
});
