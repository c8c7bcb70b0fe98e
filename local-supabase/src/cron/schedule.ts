/**
 * pg_cron's schedule grammar, as its parser reads it (Vixie cron's entry parser, src/entry.c, then
 * '[1-59] seconds'): five fields (minute, hour, day of month, month, day of week), each a comma list of `*`, `n`
 * or `n-m`, optionally `/step` after `*` or a range (a step after a single number is refused); month and weekday
 * names (jan…dec, sun…sat, any case); 0 and 7 are both Sunday; `$` as the day of month means its last day;
 * @yearly/@annually, @monthly, @weekly, @daily/@midnight, @hourly and @reboot/@restart. Anything after the fifth
 * field is ignored, as pg_cron ignores it. A cron schedule is tried first, then the interval form.
 *
 * Like pg_cron, the scheduler asks each minute whether the schedule matches that minute (it computes no "next
 * run"), in UTC (pg_cron's default cron.timezone), and when both day fields are restricted a day matches if either
 * does (Vixie's rule; `*` in either field leaves only the other).
 */
export type Schedule =
  | { kind: 'interval'; seconds: number }
  | { kind: 'reboot' }
  | {
      kind: 'cron';
      minutes: Set<number>;
      hours: Set<number>;
      daysOfMonth: Set<number>;
      months: Set<number>;
      daysOfWeek: Set<number>;
      lastDayOfMonth: boolean;
      domStar: boolean;
      dowStar: boolean;
    };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

const SPECIALS: Record<string, string> = {
  yearly: '0 0 1 1 *',
  annually: '0 0 1 1 *',
  monthly: '0 0 1 * *',
  weekly: '0 0 * * 0',
  daily: '0 0 * * *',
  midnight: '0 0 * * *',
  hourly: '0 * * * *',
};

/** A number or (where the field has them) a name; names count from the field's lowest value. */
function number(token: string, low: number, names: string[] | null): number | null {
  if (names) {
    const i = names.indexOf(token.toLowerCase());
    if (i >= 0) return i + low;
  }
  return /^[0-9]+$/.test(token) ? Number(token) : null;
}

/** One field (a comma list) into the set of its values, or null when pg_cron would refuse it. */
function field(text: string, low: number, high: number, names: string[] | null): Set<number> | null {
  const out = new Set<number>();
  for (const item of text.split(',')) {
    const m = /^(\*|[A-Za-z0-9]+)(?:-([A-Za-z0-9]+))?(?:\/([0-9]+))?$/.exec(item);
    if (!m) return null;
    const [, first, second, stepText] = m;
    if (first === '*' && second !== undefined) return null;
    if (first !== '*' && second === undefined && stepText !== undefined) return null; // '1/20' is refused
    const from = first === '*' ? low : number(first!, low, names);
    const to = first === '*' ? high : second === undefined ? from : number(second, low, names);
    const step = stepText === undefined ? 1 : Number(stepText);
    if (from === null || to === null || from < low || from > high || to < low || to > high) return null;
    if (step <= 0 || step > high) return null;
    for (let i = from; i <= to; i += step) out.add(i);
  }
  return out;
}

function parseCron(text: string): Schedule | null {
  const trimmed = text.replace(/^[ \t\n]+/, '');
  if (trimmed.startsWith('@')) {
    const word = trimmed.slice(1).split(/[ \t\n]/)[0]!;
    if (word === 'reboot' || word === 'restart') return { kind: 'reboot' };
    const expansion = SPECIALS[word];
    return expansion ? parseCron(expansion) : null;
  }
  const parts = trimmed.split(/[ \t]+/).filter((p) => p !== '');
  if (parts.length < 5) return null;
  const [min, hour, dom, month, dow] = parts as [string, string, string, string, string];
  const minutes = field(min, 0, 59, null);
  const hours = field(hour, 0, 23, null);
  const lastDayOfMonth = dom === '$';
  const daysOfMonth = lastDayOfMonth ? new Set<number>() : field(dom, 1, 31, null);
  const months = field(month, 1, 12, MONTHS);
  const daysOfWeek = field(dow, 0, 7, DAYS);
  if (!minutes || !hours || !daysOfMonth || !months || !daysOfWeek) return null;
  if (daysOfWeek.has(0) || daysOfWeek.has(7)) {
    daysOfWeek.add(0);
    daysOfWeek.add(7);
  }
  return {
    kind: 'cron',
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    lastDayOfMonth,
    domStar: dom.startsWith('*'),
    dowStar: dow.startsWith('*'),
  };
}

/** '<n> second' or '<n> seconds', n from 1 to 59, any case, blanks around (pg_cron's TryParseInterval). */
function parseInterval(text: string): Schedule | null {
  const m = /^\s*([0-9]+)\s*seconds?\s*$/i.exec(text);
  if (!m) return null;
  const seconds = Number(m[1]);
  return seconds > 0 && seconds < 60 ? { kind: 'interval', seconds } : null;
}

/** The schedule, or null when pg_cron would answer `invalid schedule: …`. */
export function parseSchedule(text: string): Schedule | null {
  return parseCron(text) ?? parseInterval(text);
}

/** Whether a cron schedule is due in the UTC minute that `at` falls in. */
export function matchesMinute(schedule: Schedule, at: Date): boolean {
  if (schedule.kind !== 'cron') return false;
  const dayOfMonth = at.getUTCDate();
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  const domMatch = schedule.lastDayOfMonth ? dayOfMonth === lastDay : schedule.daysOfMonth.has(dayOfMonth);
  const dowMatch = schedule.daysOfWeek.has(at.getUTCDay());
  // Vixie cron: with either day field starred, both must match (the starred one always does); else either.
  const dayMatch = schedule.domStar || schedule.dowStar ? domMatch && dowMatch : domMatch || dowMatch;
  return (
    schedule.minutes.has(at.getUTCMinutes()) &&
    schedule.hours.has(at.getUTCHours()) &&
    schedule.months.has(at.getUTCMonth() + 1) &&
    dayMatch
  );
}
