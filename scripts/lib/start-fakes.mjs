// Starts test/fakes/serve-fakes.ts (a local SMTP server and the fake Twilio) as a child process
// and resolves with the addresses it prints. Used by the end-to-end runner; `npm run demo` later.
//
//   const fakes = await startFakes();
//   ... SMTP_URL: fakes.smtpUrl ...
//   await fakes.stop();

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { repoRoot } from './start-app.mjs';

const START_TIMEOUT_MS = 30_000;

export function startFakes() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/serve-fakes.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  // The fakes never outlive the runner, even when it is interrupted.
  process.once('exit', () => child.kill('SIGTERM'));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`The local fakes did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local fakes stopped at start-up (exit code ${code})`));
    });
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ ...JSON.parse(line), stop });
    });
  });
}
