import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '~/server/project-root';

/**
 * The reliability and security suites' figures (issue 17): each suite reports
 * what it proved in one line ("10,000 bad inputs, 0 accepted") and how long it
 * took. Lines go to the test output and to `.test-reports/figures.jsonl`, which
 * `npm test` and `npm run test:chaos` print together at the end.
 */
export const FIGURES_FILE = path.join(projectRoot, '.test-reports', 'figures.jsonl');

export type Figure = { suite: string; figure: string; seconds: number; engine?: string };

export function recordFigure(figure: Figure) {
  const line = `${figure.suite}${figure.engine ? ` (${figure.engine})` : ''}: ${figure.figure} [${figure.seconds.toFixed(1)} s]`;
  console.log(`FIGURE ${line}`);
  fs.mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  fs.appendFileSync(FIGURES_FILE, `${JSON.stringify(figure)}\n`);
}

/** Starts a suite's clock; `report` records a figure with the time since the start. */
export function suiteFigures(suite: string) {
  const started = performance.now();
  return {
    report(figure: string, engine?: string) {
      recordFigure({ suite, figure, engine, seconds: (performance.now() - started) / 1000 });
    },
  };
}

/** "10000" as "10,000", as the figures read. */
export const count = (n: number) => n.toLocaleString('en-GB');
