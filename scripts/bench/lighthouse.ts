// Lighthouse (12.8: 13 needs Node 22) on the system Chromium with its default mobile
// settings (a mid-range phone, simulated slow 4G), against a production start.

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseScore = { path: string; score: number; lcpMs: number; cls: number; tbtMs: number };

/** Runs per page: Lighthouse's own advice for a noisy machine is the median of several. */
export const LIGHTHOUSE_RUNS = 3;

/** The run with the median score of each page (its LCP, CLS and TBT with it), over `runs` rounds. */
export async function measureLighthouse(
  baseUrl: string,
  paths: readonly string[],
  runs = LIGHTHOUSE_RUNS,
): Promise<LighthouseScore[]> {
  const rounds: LighthouseScore[][] = [];
  for (let i = 0; i < runs; i++) rounds.push(await measureLighthouseOnce(baseUrl, paths));
  return paths.map((_path, page) => {
    const sorted = rounds.map((round) => round[page] as LighthouseScore).sort((a, b) => a.score - b.score);
    return sorted[Math.floor(sorted.length / 2)] as LighthouseScore;
  });
}

async function measureLighthouseOnce(baseUrl: string, paths: readonly string[]): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const scores: LighthouseScore[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { audits, categories } = result.lhr;
      scores.push({
        path,
        score: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
