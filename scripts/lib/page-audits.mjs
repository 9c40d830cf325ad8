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
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
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
      });
    }
    return { rows };
  } finally {
    await chrome.kill();
  }
}

/**
 * Sum of the gzipped sizes of every script a page's HTML loads or preloads. `problems` names what
 * makes the figure meaningless: the page or one of its scripts did not answer 200.
 */
export async function pageJavaScriptBytes(baseUrl, path) {
  const page = await fetch(`${baseUrl}${path}`);
  const html = await page.text();
  const problems = page.status === 200 ? [] : [`${path} answered HTTP ${page.status}`];
  const scripts = new Set(
    [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]),
  );
  let gzipped = 0;
  for (const src of scripts) {
    const response = await fetch(new URL(src, baseUrl));
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) problems.push(`${src} (loaded by ${path}) answered HTTP ${response.status}`);
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return {
    status: page.status,
    files: scripts.size,
    gzippedBytes: gzipped,
    htmlGzippedBytes: gzipSync(html, { level: 9 }).length,
    problems,
  };
}
