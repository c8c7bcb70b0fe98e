// The SQL behind a supabase-js call, and its plan. The REST service runs in this process, so the statements it
// sends (and the set_config of role and claims before them) are recorded from node-postgres while a call is
// captured; the plan is then EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) of exactly that statement, in a
// transaction with the same role and JWT claims (so RLS is in the plan), rolled back.
import pg from 'pg';

export interface CapturedCall {
  settings: [string, string][];
  statements: { text: string; values: unknown[] }[];
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const SET_CONFIG_PREFIX = 'select set_config(k, v, true) from unnest(';
let current: CapturedCall | null = null;
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const cap = current;
    const cfg = args[0];
    if (cap && cfg && typeof cfg === 'object' && typeof (cfg as pg.QueryConfig).text === 'string') {
      const { text, values = [] } = cfg as pg.QueryConfig;
      if (text.startsWith(SET_CONFIG_PREFIX)) {
        const [keys, vals] = values as [string[], string[]];
        cap.settings = keys.map((k, i) => [k, vals[i]!]);
      } else {
        cap.statements.push({ text, values });
      }
    }
    return original.apply(this, args);
  };
}

/** Runs `fn` (one supabase-js call) and returns what the REST service sent to Postgres for it. */
export async function captureCall(fn: () => Promise<unknown>): Promise<CapturedCall> {
  install();
  const cap: CapturedCall = { settings: [], statements: [] };
  current = cap;
  try {
    await fn();
  } finally {
    current = null;
  }
  return cap;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Schema'?: string;
  'Index Name'?: string;
  'Function Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface PlanReport {
  /** Execution Time of the statement(s) as EXPLAIN ANALYZE measured it, ms. */
  executionMs: number;
  planningMs: number;
  sharedHit: number;
  sharedRead: number;
  /** "Index Scan messages_project_id_created_at_idx", … (what the plan touches). */
  scans: string[];
  /** Seq Scans on tables with more than `bigTable` rows. */
  flagged: string[];
  /** The plan as indented text lines (node, relation/index, actual rows × loops). */
  outline: string[];
  error?: string;
}

function walk(node: PlanNode, depth: number, visit: (n: PlanNode, d: number) => void): void {
  visit(node, depth);
  for (const child of node.Plans ?? []) walk(child, depth + 1, visit);
}

/** EXPLAIN ANALYZE of each captured statement as the caller (rolled back: writes leave nothing). */
export async function explainCall(
  client: pg.Client,
  cap: CapturedCall,
  rowCounts: Record<string, number>,
  bigTable = 10_000,
  rewrite: (v: unknown) => unknown = (v) => v,
): Promise<PlanReport> {
  const report: PlanReport = { executionMs: 0, planningMs: 0, sharedHit: 0, sharedRead: 0, scans: [], flagged: [], outline: [] };
  await client.query('begin');
  try {
    // Exactly what the REST service set: role (set local role authenticated), request.jwt.claims, headers, path.
    await client.query('select set_config(k, v, true) from unnest($1::text[], $2::text[]) as t(k, v)', [
      cap.settings.map((s) => s[0]),
      cap.settings.map((s) => s[1]),
    ]);
    for (const st of cap.statements) {
      const res = await client.query<{ 'QUERY PLAN': unknown }>({
        text: `explain (analyze, buffers, format json) ${st.text}`,
        values: st.values.map(rewrite),
      });
      const doc = res.rows[0]!['QUERY PLAN'] as {
        Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
        'Execution Time': number;
        'Planning Time': number;
      }[];
      const top = doc[0]!;
      report.executionMs += top['Execution Time'];
      report.planningMs += top['Planning Time'];
      report.sharedHit += top.Plan['Shared Hit Blocks'] ?? 0;
      report.sharedRead += top.Plan['Shared Read Blocks'] ?? 0;
      walk(top.Plan, 0, (n, d) => {
        const target = n['Index Name'] ? `${n['Index Name']} on ${n['Relation Name'] ?? '?'}` : (n['Relation Name'] ?? n['Function Name'] ?? '');
        report.outline.push(`${'  '.repeat(d)}${n['Node Type']}${target ? ` ${target}` : ''} (rows ${n['Actual Rows'] ?? '?'} × ${n['Actual Loops'] ?? '?'})`);
        if (/Scan$/.test(n['Node Type']) && (n['Relation Name'] || n['Function Name'])) {
          const scan = `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? n['Function Name']}`;
          if (!report.scans.includes(scan)) report.scans.push(scan);
        }
        const rel = n['Relation Name'];
        if (n['Node Type'] === 'Seq Scan' && rel && (n.Schema ?? 'public') === 'public' && (rowCounts[rel] ?? 0) > bigTable) {
          report.flagged.push(`Seq Scan on ${rel} (${rowCounts[rel]} rows)`);
        }
      });
    }
  } catch (err) {
    report.error = (err as Error).message;
  } finally {
    await client.query('rollback').catch(() => undefined);
  }
  return report;
}
