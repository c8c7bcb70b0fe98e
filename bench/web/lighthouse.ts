// Lighthouse (mobile preset: the default config, simulated Moto G Power-class throttling) on the local
// Chromium, N runs per URL, one fresh Chrome each; the median run by Lighthouse's own computeMedianRun.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM } from '../../scripts/lib/chromium.mjs';

/** CHROME_PATH, else the Chromium the browser tests use (CHROMIUM_PATH, default Debian's). */
export const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM;
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

type Lhr = Parameters<typeof computeMedianRun>[0][number];

export interface LighthouseSummary {
  url: string;
  runs: number;
  scores: Record<Category, number>;
  /** Performance score of every run (spread). */
  perfScores: number[];
  lcpMs: number;
  clsValue: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  benchmarkIndex: number | undefined;
  /** Audits below 1 in the median run's non-performance categories, and the performance opportunities. */
  failing: { category: string; id: string; title: string; display?: string }[];
  lcpElement?: string;
  warnings: string[];
}

const TIMEOUT_MS = 180_000;

async function runOnce(url: string): Promise<Lhr> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse on ${url} took over ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    clearTimeout(timer);
    chrome.kill(); // by its PID (chrome-launcher), and its temp profile removed
  }
}

function num(lhr: Lhr, id: string): number {
  return lhr.audits[id]?.numericValue ?? NaN;
}

export async function runLighthouse(url: string, runs: number, log: (m: string) => void): Promise<LighthouseSummary> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await runOnce(url);
    log(`  ${url} run ${i + 1}/${runs}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, LCP ${Math.round(num(lhr, 'largest-contentful-paint'))} ms`);
    lhrs.push(lhr);
  }
  const median = computeMedianRun(lhrs);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((median.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const failing: LighthouseSummary['failing'] = [];
  for (const c of CATEGORIES) {
    for (const ref of median.categories[c]?.auditRefs ?? []) {
      const audit = median.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      if (c === 'performance' ? ref.weight > 0 && audit.score < 0.9 : audit.score < 1) {
        failing.push({ category: c, id: ref.id, title: audit.title, display: audit.displayValue });
      }
    }
  }
  // Performance insights/diagnostics that cost time (savings reported by Lighthouse).
  for (const [id, audit] of Object.entries(median.audits) as [string, Lhr['audits'][string]][]) {
    const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
    if (savings && savings >= 100 && audit.score !== null && audit.score < 1) {
      failing.push({ category: 'performance (opportunity)', id, title: audit.title, display: audit.displayValue ?? `${Math.round(savings)} ms` });
    }
  }
  const lcpItems = (median.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
  const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet;
  return {
    url,
    runs,
    scores,
    perfScores: lhrs.map((l) => Math.round((l.categories.performance?.score ?? 0) * 100)),
    lcpMs: num(median, 'largest-contentful-paint'),
    clsValue: num(median, 'cumulative-layout-shift'),
    tbtMs: num(median, 'total-blocking-time'),
    fcpMs: num(median, 'first-contentful-paint'),
    speedIndexMs: num(median, 'speed-index'),
    benchmarkIndex: median.environment?.benchmarkIndex,
    failing,
    lcpElement,
    warnings: median.runWarnings ?? [],
  };
}
