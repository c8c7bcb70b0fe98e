// Dependency levels of a page's backend requests, from their start and end times (resource timing).
// A request is on level 1 if no other backend request had finished when it started; otherwise on
// 1 + the highest level among the requests that had finished by then. That is an upper bound on the true
// dependency depth (a request that merely started late counts as dependent), so the real waterfall is no
// deeper than what is reported.

export interface TimedRequest {
  kind: string;
  url: string;
  start: number;
  end: number;
}

export interface Leveled extends TimedRequest {
  level: number;
}

const EPS_MS = 1;

export function levels(requests: TimedRequest[]): Leveled[] {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const out: Leveled[] = [];
  for (const r of sorted) {
    let level = 1;
    for (const q of out) if (q.end <= r.start + EPS_MS && q.level + 1 > level) level = q.level + 1;
    out.push({ ...r, level });
  }
  return out;
}

/** The service and a short path of a Supabase URL: `rest messages`, `storage object/list/project-photos`. */
export function describe(url: string): { kind: string; label: string } {
  const u = new URL(url);
  const m = /^\/(rest|auth|storage|functions|realtime)\/v1\/?(.*)$/.exec(u.pathname);
  if (!m) return { kind: 'other', label: u.pathname };
  const kind = m[1]!;
  let rest = m[2] ?? '';
  if (kind === 'storage') rest = rest.replace(/\/[0-9a-f-]{36}.*$/, '/…');
  if (kind === 'rest') {
    const select = u.searchParams.get('select');
    rest += select && select.includes('(') ? ' (+embed)' : '';
  }
  return { kind, label: `${kind} ${rest}`.trim() };
}
