// Page-level measurements for `npm run bench`: Lighthouse (mobile preset, in
// Debian's Chromium) and the gzipped JavaScript a page makes the browser load.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const CHROMIUM_FLAGS = ['--headless=new', ...chromiumFlags];

/** Lighthouse scores (0-100) and key timings for each path, mobile preset (the default). */
export async function lighthouseScores(baseUrl, paths) {
  if (!existsSync(chromiumPath)) return { skipped: `no Chromium at ${chromiumPath}` };
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS });
  try {
    const rows = [];
    for (const path of paths) {
      const audit = () =>
        lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
      // A run Lighthouse itself could not finish (NO_NAVSTART now and then) says nothing of the
      // page: it is tried once more, and reported if it fails again.
      let result = await audit();
      if (result.lhr.runtimeError) result = await audit();
      const { categories, audits } = result.lhr;
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => {
          // Name what failed, e.g. the URL behind a console error.
          const first = a.details?.items?.[0];
          const what = first && (first.url ?? first.description ?? first.node?.snippet);
          return what ? `${a.id} (${String(what).slice(0, 120)})` : a.id;
        });
      rows.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        failingAudits: failing,
        mainThread: mainThreadBreakdown(audits),
        // How fast this machine is by Lighthouse's own measure, so figures from two days compare.
        benchmarkIndex: Math.round(result.lhr.environment?.benchmarkIndex ?? 0),
        // A run Lighthouse could not finish (its score is then 0): why, for the record.
        ...(result.lhr.runtimeError ? { runtimeError: result.lhr.runtimeError.code } : {}),
      });
    }
    return { rows };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse's names for the main thread's kinds of work, shortened for the bench's table. */
const WORK_GROUPS = {
  styleLayout: 'style',
  paintCompositeRender: 'paint',
  scriptEvaluation: 'script',
  scriptParseCompile: 'compile',
  parseHTML: 'html',
  garbageCollection: 'gc',
  other: 'other',
};

/**
 * Where a page's main-thread time went (ms, as Lighthouse counts it: on its simulated mid-range
 * phone, so four times what this machine took) and its long tasks (the ones total blocking time
 * counts: over 50 ms there), each with the script it ran, so a regression names its cause.
 */
function mainThreadBreakdown(audits) {
  const work = {};
  for (const item of audits['mainthread-work-breakdown']?.details?.items ?? []) {
    const key = WORK_GROUPS[item.group] ?? item.group;
    work[key] = Math.round((work[key] ?? 0) + item.duration);
  }
  const longTasks = (audits['long-tasks']?.details?.items ?? []).map((task) => ({
    ms: Math.round(task.duration),
    at: Math.round(task.startTime),
    what: shortUrl(task.url),
  }));
  return { work, longTasks };
}

/** The last part of a script's address ("react-B1x.js"), or what Lighthouse calls work with none. */
function shortUrl(url) {
  if (!url) return 'page';
  try {
    const { pathname } = new URL(url);
    return pathname === '/' || !pathname.includes('.') ? 'page' : pathname.split('/').pop();
  } catch {
    return String(url).slice(0, 40);
  }
}

/**
 * Sum of the gzipped sizes of every script a page loads on arrival, as Chromium loads it (at
 * 390 px): what its HTML holds or names, and the islands' code it fetches once the page has painted
 * (the wizard on /valuation). What it fetches once the browser is idle or the visitor first uses its
 * main form (focus in its first box: a registration box wakes, the wizard fetches its checks) is
 * counted apart, in `usedGzippedBytes`; code fetched when a visitor opens something (the review form,
 * the photo area) not at all. `problems` names what makes the figure meaningless: the page or one of
 * its scripts did not answer 200.
 */
/* global window -- the callbacks below run in the page, not in Node */
export async function pageJavaScriptBytes(baseUrl, path) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    // Idle work waits until the arrival is counted; then it runs, and what it fetches is counted apart.
    await page.addInitScript(() => {
      window.__idleTasks = [];
      window.requestIdleCallback = (task) => window.__idleTasks.push(task);
      window.cancelIdleCallback = () => {};
    });
    const scripts = new Map();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response);
    });
    const answer = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const html = await answer.text();
    const problems = answer.status() === 200 ? [] : [`${path} answered HTTP ${answer.status()}`];
    const gzippedSum = async (responses) => {
      let sum = 0;
      for (const response of responses) {
        if (response.status() !== 200)
          problems.push(`${response.url()} (loaded by ${path}) answered HTTP ${response.status()}`);
        sum += gzipSync(await response.body(), { level: 9 }).length;
      }
      return sum;
    };
    const onArrival = [...scripts.values()];
    // Scripts inside the page (its loader) count too, each gzipped on its own like a file.
    const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    const gzipped =
      (await gzippedSum(onArrival)) + inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
    await page.evaluate(() =>
      window.__idleTasks.forEach((task) => task({ didTimeout: false, timeRemaining: () => 50 })),
    );
    // The visitor's first use: focus in the main content's first text box, if it has one.
    const firstBox = page.locator('main input[type="text"], main input:not([type])').first();
    if (await firstBox.count()) await firstBox.focus();
    await page.waitForLoadState('networkidle');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const used = [...scripts.values()].filter((response) => !onArrival.includes(response));
    return {
      status: answer.status(),
      files: onArrival.length,
      inlineScripts: inline.length,
      gzippedBytes: gzipped,
      usedGzippedBytes: await gzippedSum(used),
      htmlGzippedBytes: gzipSync(html, { level: 9 }).length,
      problems,
    };
  } finally {
    await browser.close();
  }
}
