// `npm run test:chaos`: the slow fault-injection suites (test/**/*.chaos.test.ts), which `npm test`
// leaves out to stay quick: one file at a time, as they stop servers and kill processes. CI runs both.
import { spawn } from 'node:child_process';
import { figureCount, printFigures } from './lib/figures.mjs';

const figures = '.test-reports/figures.jsonl';
const before = figureCount(figures);
const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, VITEST_CHAOS: '1' },
});
child.on('exit', (code) => {
  printFigures(figures, before);
  process.exit(code ?? 1);
});
