// `npm run bench:web`: Lighthouse (mobile preset, median of 3) on the production build of `/` and `/auth`,
// the landing page's JavaScript and CSS (gzip) as loaded, and the project detail page on the seeded data and
// with 10,000 messages: backend requests, dependency levels and time until every panel shows.
// Printed and written to docs/benchmarks.md. A report, not a test: nothing here passes or fails on a number.
//
// BENCH_WEB_PORT_BASE (default 58500: API +1, DB +2, inbox +4), BENCH_WEB_LH_RUNS (3), BENCH_WEB_PROJECT_RUNS (5),
// BENCH_WEB_SKIP_LH=1 (no Lighthouse), CHROME_PATH (default: CHROMIUM_PATH as for `npm test`, else /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dbDirOf, loadConfig } from '@good-space/local-supabase';
import { repoRoot } from '../scripts/lib/repo-root.ts';
import { loadavg, watchMachine } from './machine.ts';
import { writeSection } from './report.ts';
import { bytesBySource, chunkNames, filesOf, readManifest, sizeOf, staticClosure, viteBuild, type Manifest } from './web/build.ts';
import { launchBrowser, measureProject, type ProjectRun } from './web/browser.ts';
import { loadPlaces } from '../scripts/places/load-places.ts';
import { LANDING_JS_BUDGET_KB, recordLanding } from './web/landing.ts';
import { measurePlaceSuggestions } from './web/place-suggestions.ts';
import { CHROME_PATH, runLighthouse, type LighthouseSummary } from './web/lighthouse.ts';
import { addBenchMessages, BIG, demoProject, NEWEST_BENCH_MESSAGE, PROJECT_PANELS, seedStorage, sessionStorageEntries } from './web/project-setup.ts';
import { serveStatic } from './web/serve.ts';
import { startStackProcess } from './web/stack-process.ts';
import { describe } from './web/waterfall.ts';
import { CHROMIUM, ensureChromium } from '../scripts/lib/chromium.mjs';

const BASE = Number(process.env.BENCH_WEB_PORT_BASE ?? 58500);
const LH_RUNS = Number(process.env.BENCH_WEB_LH_RUNS ?? 3);
const PROJECT_RUNS = Number(process.env.BENCH_WEB_PROJECT_RUNS ?? 5);
const SKIP_LH = process.env.BENCH_WEB_SKIP_LH === '1';
const GOALS = { suggestionsMs: 50, performance: 95, accessibility: 100, 'best-practices': 95, seo: 95, lcpMs: 2000, cls: 0.02, landingJsKb: LANDING_JS_BUDGET_KB, depth: 2, bigReadyMs: 1000 };

const log = (m: string) => console.log(`[bench:web] ${m}`);
const kb = (b: number) => (b / 1024).toFixed(1);
const ms = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '–' : Math.round(v).toLocaleString('en-US'));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

interface LandingReport {
  files: { path: string; name: string; raw: number; gzip: number; beforeFcp: boolean }[];
  jsGzip: number;
  cssGzip: number;
  jsBeforeFcpGzip: number;
  staticChainGzip: number;
  topSources: { group: string; raw: number }[];
}

function landingReport(outDir: string, manifest: Manifest, loaded: { path: string; beforeFcp: boolean }[]): LandingReport {
  const names = chunkNames(manifest);
  const files = loaded.map((f) => {
    const file = f.path.replace(/^\//, '');
    const s = sizeOf(outDir, file);
    return { path: file, name: names.get(file) ?? file, raw: s.raw, gzip: s.gzip, beforeFcp: f.beforeFcp };
  });
  const js = files.filter((f) => f.path.endsWith('.js'));
  const css = files.filter((f) => f.path.endsWith('.css'));
  // Entry + its static imports, the app shell chunk (loaded by main.tsx) + static imports, the landing route chunk + static imports.
  const keys = new Set<string>();
  for (const k of ['index.html', 'src/app/app.tsx', 'src/app/routes/landing.tsx']) if (manifest[k]) staticClosure(manifest, k, keys);
  const chain = filesOf(manifest, keys);
  const sources = new Map<string, number>();
  for (const f of js) for (const [g, n] of bytesBySource(outDir, f.path)) sources.set(g, (sources.get(g) ?? 0) + n);
  return {
    files,
    jsGzip: js.reduce((a, f) => a + f.gzip, 0),
    cssGzip: css.reduce((a, f) => a + f.gzip, 0),
    jsBeforeFcpGzip: js.filter((f) => f.beforeFcp).reduce((a, f) => a + f.gzip, 0),
    staticChainGzip: [...chain.js, ...chain.css].reduce((a, f) => a + sizeOf(outDir, f).gzip, 0),
    topSources: [...sources.entries()].map(([group, raw]) => ({ group, raw })).sort((a, b) => b.raw - a.raw).slice(0, 15),
  };
}

interface ProjectScenario {
  label: string;
  messages: number;
  cpuThrottle: number;
  runs: ProjectRun[];
}

function pickMedianRun(runs: ProjectRun[]): ProjectRun | undefined {
  const ok = runs.filter((r) => r.readyMs !== null).sort((a, b) => a.readyMs! - b.readyMs!);
  return ok[Math.floor((ok.length - 1) / 2)] ?? runs[0];
}

async function main() {
  // Debian's Chromium, installed as `npm test` does when this machine has none (a fresh machine).
  if (CHROME_PATH === CHROMIUM && !ensureChromium()) throw new Error('bench:web needs Chromium (see above)');
  const machineWatch = watchMachine();
  const loadStart = loadavg();
  const loadDuring: string[] = [];
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-bench-web-'));
  const outDir = path.join(dataDir, 'dist');
  const config = loadConfig({ apiPort: BASE + 1, dbPort: BASE + 2, inboxPort: BASE + 4, dataDir: path.join(dataDir, 'stack') });
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'src', 'index.html', 'public', 'vite.config.ts').split('\n').filter(Boolean).length;
  log(`load ${loadStart}; building into ${outDir} and starting a stack on ${config.apiUrl}`);

  const notes: string[] = [];
  const lighthouse: LighthouseSummary[] = [];
  let landing: LandingReport | undefined;
  let suggestions: number[] = [];
  const scenarios: ProjectScenario[] = [];
  let buildMs = 0;
  let projectTitle = '';

  const buildP = viteBuild(outDir, { VITE_SUPABASE_URL: config.apiUrl, VITE_SUPABASE_PUBLISHABLE_KEY: config.publishableKey });
  const stack = await startStackProcess(config).catch(async (e: unknown) => {
    await buildP.catch(() => undefined);
    throw e;
  });
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const db = new pg.Client({ connectionString: config.dbUrl });
  try {
    await db.connect();
    log('stack up; uploading the seeded pictures (scripts/seed-storage.ts)');
    const [built, seeded] = await Promise.all([
      buildP,
      seedStorage(config),
      // The gazetteer, as `npm start` loads it: the location field's suggestions read it.
      loadPlaces({ dbUrl: config.dbUrl, exclusive: true }),
    ]);
    buildMs = built;
    if (seeded) notes.push(`Pictures: ${seeded}; photos may be missing.`);
    server = await serveStatic(outDir);
    log(`built in ${(buildMs / 1000).toFixed(0)} s; serving ${outDir} on ${server.url}`);
    const manifest = readManifest(outDir);

    browser = await launchBrowser();
    landing = landingReport(outDir, manifest, (await recordLanding(browser, server.url)).files);
    log(`landing loads ${kb(landing.jsGzip)} KB JS + ${kb(landing.cssGzip)} KB CSS gzip`);
    loadDuring.push(loadavg());
    suggestions = await measurePlaceSuggestions(browser, server.url);
    log(`place suggestions: ${suggestions.map((t) => Math.round(t)).join(', ')} ms from the third key`);

    if (!SKIP_LH) {
      // Lighthouse drives its own Chrome; close ours meanwhile so the two never compete.
      await browser.close();
      browser = undefined;
      for (const p of ['/', '/auth']) {
        log(`Lighthouse ${p} (${LH_RUNS} runs, mobile)`);
        lighthouse.push(await runLighthouse(server.url + p, LH_RUNS, log));
        loadDuring.push(loadavg());
      }
      browser = await launchBrowser();
    }

    // Project detail: the demo customer's active project.
    const project = await demoProject(db);
    projectTitle = project.title;
    const storage = await sessionStorageEntries(config);
    const common = { baseUrl: server.url, apiUrl: config.apiUrl, projectId: project.id, storage, panels: PROJECT_PANELS };
    const measure = async (label: string, messages: number, cpuThrottle: number, runs: number, newestText?: string) => {
      const sc: ProjectScenario = { label, messages, cpuThrottle, runs: [] };
      for (let i = 0; i < runs; i++) {
        const r = await measureProject(browser!, { ...common, cpuThrottle, newestText });
        sc.runs.push(r);
        log(`  ${label} run ${i + 1}/${runs}: ready ${ms(r.readyMs)} ms, ${r.requestsBeforeReady} requests, depth ${r.depthBeforeReady}${r.problem ? ` (${r.problem})` : ''}`);
      }
      scenarios.push(sc);
    };
    log(`project "${project.title}" (${project.n} messages): ${PROJECT_RUNS} cold visits`);
    await measure('seeded', Number(project.n), 1, PROJECT_RUNS);
    loadDuring.push(loadavg());

    log(`inserting ${BIG.toLocaleString('en-US')} messages as postgres`);
    const total = await addBenchMessages(db, project);
    await measure(`${total.toLocaleString('en-US')} messages`, total, 1, PROJECT_RUNS, NEWEST_BENCH_MESSAGE);
    await measure(`${total.toLocaleString('en-US')} messages, CPU 4× slower`, total, 4, Math.max(1, Math.ceil(PROJECT_RUNS / 2)), NEWEST_BENCH_MESSAGE);
    loadDuring.push(loadavg());
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await stack.stop();
    // As root the cluster lives outside the data folder (local-supabase/src/db.ts dbDirOf): remove both.
    const dbDir = dbDirOf(config);
    rmSync(dbDir.startsWith(dataDir) ? dbDir : path.dirname(dbDir), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }

  const machineState = machineWatch.stop();
  const body = report({ machineState, loadStart, loadDuring, commit, dirty, buildMs, lighthouse, landing, suggestions, scenarios, notes, projectTitle, seconds: (Date.now() - started) / 1000 });
  console.log(`\n${body}`);
  writeSection('web', body);
  log('written to docs/benchmarks.md');
}

interface ReportInput {
  machineState: string;
  loadStart: string;
  loadDuring: string[];
  commit: string;
  dirty: number;
  buildMs: number;
  lighthouse: LighthouseSummary[];
  landing: LandingReport | undefined;
  /** Place suggestions: ms from the third key to the first suggestion, per try. */
  suggestions: number[];
  scenarios: ProjectScenario[];
  notes: string[];
  projectTitle: string;
  seconds: number;
}

function report(r: ReportInput): string {
  const cpu = os.cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium ${chromiumVersion()}`;
  const out: string[] = [];
  out.push(
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; load average (1/5/15 min) ${r.loadStart} at start, ${r.loadDuring.join(' → ')} while measuring (run took ${Math.round(r.seconds)} s); ${r.machineState}. ` +
      `The machine was shared with other engineers' builds and tests (2 cores), so times are pessimistic; Lighthouse's simulated throttling scales the CPU time it observes, so a loaded host lowers performance scores too.`,
    '',
    `Build: \`vite build\` of commit ${r.commit}${r.dirty ? ` plus ${r.dirty} uncommitted files under src/ (pages being finished)` : ''}, in ${(r.buildMs / 1000).toFixed(0)} s, served by a static server with gzip and SPA fallback over loopback; backend: a local stack in its own process, as \`npm start\` runs it, with the seed (\`supabase/seed.sql\` + \`scripts/seed-storage.ts\`).`,
    '',
  );

  // Goals
  const lh = (p: string) => r.lighthouse.find((l) => new URL(l.url).pathname === p);
  const big = r.scenarios.find((s) => s.messages > BIG && s.cpuThrottle === 1);
  const seeded = r.scenarios.find((s) => s.label === 'seeded');
  const bigReady = big ? median(big.runs.flatMap((x) => (x.readyMs === null ? [] : [x.readyMs]))) : NaN;
  const depth = Math.max(0, ...r.scenarios.filter((s) => s.cpuThrottle === 1).flatMap((s) => s.runs.map((x) => x.depthBeforeReady)));
  out.push('### Goals', '', '| goal | `/` | `/auth` |', '|---|---|---|');
  const cell = (p: string, f: (l: LighthouseSummary) => [string, boolean]) => {
    const l = lh(p);
    if (!l) return 'not run';
    const [v, ok] = f(l);
    return `${v} (${mark(ok)})`;
  };
  const row = (name: string, f: (l: LighthouseSummary) => [string, boolean]) => out.push(`| ${name} | ${cell('/', f)} | ${cell('/auth', f)} |`);
  row(`performance ≥ ${GOALS.performance}`, (l) => [String(l.scores.performance), l.scores.performance >= GOALS.performance]);
  row(`accessibility = ${GOALS.accessibility}`, (l) => [String(l.scores.accessibility), l.scores.accessibility >= GOALS.accessibility]);
  row(`best practices ≥ ${GOALS['best-practices']}`, (l) => [String(l.scores['best-practices']), l.scores['best-practices'] >= GOALS['best-practices']]);
  row(`SEO ≥ ${GOALS.seo}`, (l) => [String(l.scores.seo), l.scores.seo >= GOALS.seo]);
  row(`LCP ≤ ${GOALS.lcpMs / 1000} s (mobile throttling)`, (l) => [`${(l.lcpMs / 1000).toFixed(2)} s`, l.lcpMs <= GOALS.lcpMs]);
  row(`CLS ≤ ${GOALS.cls}`, (l) => [l.clsValue.toFixed(3), l.clsValue <= GOALS.cls]);
  out.push('');
  out.push('| goal | result |', '|---|---|');
  if (r.suggestions.length) {
    const sorted = [...r.suggestions].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
    out.push(`| place suggestions ≤ ${GOALS.suggestionsMs} ms from a keystroke (landing form, 3 letters) | median ${ms(median(sorted))} ms, p95 ${ms(p95)} ms over ${sorted.length} (${mark(p95 <= GOALS.suggestionsMs)}) |`);
  }
  if (r.landing) out.push(`| landing JavaScript ≤ ${GOALS.landingJsKb} KB gzip | ${kb(r.landing.jsGzip)} KB (${mark(r.landing.jsGzip / 1024 <= GOALS.landingJsKb)}) |`);
  if (seeded || big) {
    const medDepth = pickMedianRun(seeded?.runs ?? big?.runs ?? [])?.depthBeforeReady ?? depth;
    out.push(`| project page: no waterfall beyond ${GOALS.depth} levels | ${medDepth} levels in the median seeded visit, ${depth} in the worst unthrottled visit (${mark(depth <= GOALS.depth)}) |`);
  }
  if (big) out.push(`| project with ${BIG.toLocaleString('en-US')} messages shown ≤ ${GOALS.bigReadyMs / 1000} s | ${ms(bigReady)} ms median (${mark(bigReady <= GOALS.bigReadyMs)}) |`);
  out.push('');

  // Lighthouse detail
  if (r.lighthouse.length) {
    out.push(
      `### Lighthouse (mobile preset, median of ${r.lighthouse[0]!.runs} by Lighthouse's computeMedianRun)`,
      '',
      '| page | performance | accessibility | best practices | SEO | LCP s | CLS | TBT ms | FCP s | Speed Index s | performance of each run | benchmarkIndex |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    );
    for (const l of r.lighthouse) {
      out.push(
        `| \`${new URL(l.url).pathname}\` | ${l.scores.performance} | ${l.scores.accessibility} | ${l.scores['best-practices']} | ${l.scores.seo} | ${(l.lcpMs / 1000).toFixed(2)} | ${l.clsValue.toFixed(3)} | ${ms(l.tbtMs)} | ${(l.fcpMs / 1000).toFixed(2)} | ${(l.speedIndexMs / 1000).toFixed(2)} | ${l.perfScores.join(', ')} | ${l.benchmarkIndex ?? '–'} |`,
      );
    }
    out.push('');
    for (const l of r.lighthouse) {
      const items = l.failing.map((f) => `${f.category}: ${f.title}${f.display ? ` (${f.display})` : ''}`);
      out.push(`\`${new URL(l.url).pathname}\`: LCP element ${l.lcpElement ? `\`${l.lcpElement.replace(/\s+/g, ' ').slice(0, 140)}\`` : 'not reported'}. ${items.length ? `Audits below full marks in the median run: ${items.join('; ')}.` : 'No audit below full marks.'}${l.warnings.length ? ` Warnings: ${l.warnings.join(' ')}` : ''}`, '');
    }
  } else {
    out.push('Lighthouse: not run (BENCH_WEB_SKIP_LH=1).', '');
  }

  // Landing bytes
  if (r.landing) {
    const L = r.landing;
    out.push(
      '### Landing page `/`: JavaScript and CSS loaded',
      '',
      `Every JS and CSS file the browser fetched for \`/\` (Chromium, loaded and network idle), gzip -9 sizes of the built files: **JS ${kb(L.jsGzip)} KB**, CSS ${kb(L.cssGzip)} KB; JS finished before first contentful paint: ${kb(L.jsBeforeFcpGzip)} KB. ` +
        `From the manifest, entry + app shell + landing route chunk with their static imports: ${kb(L.staticChainGzip)} KB (JS + CSS).`,
      '',
      '| file | chunk | raw KB | gzip KB | done before FCP |',
      '|---|---|---:|---:|---|',
      ...L.files.sort((a, b) => b.gzip - a.gzip).map((f) => `| \`${f.path}\` | ${f.name} | ${kb(f.raw)} | ${kb(f.gzip)} | ${f.beforeFcp ? 'yes' : 'no'} |`),
      '',
      'Largest contributors to that JavaScript (minified bytes by source map; gzip shrinks each roughly 3–4×):',
      '',
      '| source | minified KB |',
      '|---|---:|',
      ...L.topSources.map((s) => `| ${s.group} | ${kb(s.raw)} |`),
      '',
    );
  }

  // Project page
  if (r.scenarios.length) {
    out.push(
      `### Project detail \`/project/:id\` (demo customer, active project "${r.projectTitle}")`,
      '',
      `Cold visits (new browser context each: empty cache, session already in localStorage), desktop Chromium 1280×900 over loopback, no network throttling. ` +
        `"Ready" = navigation start until the first frame after the DOM change that put the title, Items & Budget, Photos and Messages panels on screen with their data and no spinner left (watched with a MutationObserver; polling every frame, as before 2026-11-22, cost the renderer about 250 ms of CPU per visit); "photos" = every thumbnail decoded. ` +
        `Levels: photo image downloads are left out; a backend request is on level 1 if no other backend request had finished when it started, else one above the highest that had (an upper bound on the true dependency depth). ` +
        `The ${BIG.toLocaleString('en-US')} messages were inserted as postgres (generate_series, sender alternating customer/designer, one a second), then the page was opened again; "newest shown" checks the latest message is on the first page.`,
      '',
      '| scenario | runs | ready ms (median, min–max) | photos ms | first backend request ms | requests before ready | levels before ready | messages shown | newest shown |',
      '|---|---:|---|---:|---:|---:|---:|---:|---|',
    );
    for (const s of r.scenarios) {
      const ready = s.runs.flatMap((x) => (x.readyMs === null ? [] : [x.readyMs]));
      const m = pickMedianRun(s.runs);
      out.push(
        `| ${s.label} | ${s.runs.length} | ${ready.length ? `${ms(median(ready))} (${ms(Math.min(...ready))}–${ms(Math.max(...ready))})` : 'never ready'} | ${ms(median(s.runs.flatMap((x) => (x.imagesMs === null ? [] : [x.imagesMs]))))} | ${ms(m?.firstApiMs)} | ${m?.requestsBeforeReady ?? '–'} | ${m?.depthBeforeReady ?? '–'} | ${m?.messagesShown ?? '–'} | ${s.runs.every((x) => x.newestShown) ? 'yes' : 'no'} |`,
      );
    }
    out.push('');
    const problems = r.scenarios.flatMap((s) => s.runs.flatMap((x) => (x.problem ? [`${s.label}: ${x.problem}`] : [])));
    if (problems.length) out.push(`Problems: ${[...new Set(problems)].join('; ')}.`, '');
    const m = pickMedianRun(seeded?.runs ?? []);
    if (m) {
      out.push(
        `Requests of the median seeded visit (ms from navigation start; ready at ${ms(m.readyMs)} ms):`,
        '',
        '| level | request | start | end |',
        '|---:|---|---:|---:|',
        ...m.requests.map((q) => `| ${q.kind === 'image' ? 'img' : q.level} | ${q.kind === 'image' ? 'photo image (signed URL)' : describe(q.url).label}${m.readyMs !== null && q.start > m.readyMs ? ' (after ready)' : ''} | ${ms(q.start)} | ${ms(q.end)} |`),
        ...m.websockets.map((w) => `| – | realtime websocket | ${ms(w.start)} | open ${ms(w.open)} |`),
        '',
      );
    }
  }
  if (r.notes.length) out.push(...r.notes, '');
  return out.join('\n').trimEnd() + '\n';
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .replace(/^Chromium\s+/, '')
      .split(' ')[0]!;
  } catch {
    return '?';
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
