// Prints the reliability and security suites' figures (test/helpers/figures.ts writes them).
import { existsSync, readFileSync } from 'node:fs';

/** The figures recorded in `file`, skipping the first `from` lines (those of an earlier run). */
export function printFigures(file, from = 0) {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(from) : [];
  if (lines.length === 0) return;
  console.log('\nFigures from the reliability and security suites:');
  for (const line of lines) {
    const f = JSON.parse(line);
    console.log(`  ${f.suite}${f.engine ? ` (${f.engine})` : ''}: ${f.figure} [${f.seconds.toFixed(1)} s]`);
  }
}

export function figureCount(file) {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}
