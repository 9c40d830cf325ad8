// Start the built app as a child process, the way a user runs it
// (`node scripts/start.mjs`), on a free port with a fresh temporary DATA_DIR,
// and wait until GET /api/health answers 200.
//
// Used by `npm run bench` (scripts/bench.mjs) and reusable by the end-to-end runner:
//
//   import { startApp } from './lib/start-app.mjs';
//   const app = await startApp({ env: { LOG_LEVEL: 'info' } });
//   try { await fetch(`${app.baseUrl}/api/health`); } finally { await app.stop(); }
//
// Env: BENCH_APP_COMMAND overrides the command (run through the shell), e.g.
//   BENCH_APP_COMMAND='node some/other-server.mjs' npm run bench
//
// The child runs in its own process group, so stop() (and the last-resort
// exit hook) also reaches anything it spawned (a build step, a server child).

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

const DEFAULT_START_TIMEOUT_MS = 180_000; // the first start may have to build
const STOP_GRACE_MS = 10_000;
const POLL_INTERVAL_MS = 250;
const OUTPUT_CAP = 256 * 1024; // keep the last 256 KiB of child output per buffer

/** Find a free TCP port by listening on port 0 and closing again. */
export function getFreePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {object} [options]
 * @param {Record<string,string>} [options.env]  extra env for the child (wins over the defaults below)
 * @param {string} [options.command]  shell command; default env BENCH_APP_COMMAND, else `node scripts/start.mjs`
 * @param {string} [options.cwd]  default: repository root
 * @param {number} [options.timeoutMs]  how long to wait for a healthy app (default 180 s)
 * @param {string} [options.healthPath]  default /api/health
 * @param {AbortSignal} [options.signal]  abort the start-up (kills the child, removes the temp dir)
 * @param {(chunk: string, stream: 'stdout'|'stderr') => void} [options.onOutput]  live child output
 * @returns {Promise<{ baseUrl: string, port: number, dataDir: string, pid: number,
 *   exited: Promise<{code: number|null, signal: string|null}>, isRunning: () => boolean,
 *   output: () => string, outputSinceReady: () => string, stop: () => Promise<void> }>}
 */
export async function startApp({
  env = {},
  command = process.env.BENCH_APP_COMMAND,
  cwd = repoRoot,
  timeoutMs = DEFAULT_START_TIMEOUT_MS,
  healthPath = '/api/health',
  signal,
  onOutput,
} = {}) {
  signal?.throwIfAborted();

  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? (await getFreePort(host)));
  // Only create (and later delete) a temp DATA_DIR if the caller did not pass one.
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(path.join(os.tmpdir(), 'carbuy-app-'));
  const dataDir = env.DATA_DIR ?? ownDataDir;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  // The app runs as `npm start` runs it: without the test runner's NODE_ENV (Vitest sets "test"),
  // which would let it load React's development build and hide a production-only failure.
  const inherited = { ...process.env };
  delete inherited.NODE_ENV;
  const childEnv = {
    ...inherited,
    HOST: host,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };

  const [file, args, shell] = command
    ? [command, [], true]
    : [process.execPath, [path.join('scripts', 'start.mjs')], false];
  const label = command ?? 'node scripts/start.mjs';

  const child = spawn(file, args, {
    cwd,
    env: childEnv,
    shell,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32', // own process group → we can signal the whole tree
  });

  // --- output capture (always drained, so a chatty child never blocks on a full pipe) ---
  let startupOut = '';
  let readyOut = '';
  let ready = false;
  const append = (buf, chunk) => {
    buf += chunk;
    return buf.length > OUTPUT_CAP ? buf.slice(-OUTPUT_CAP) : buf;
  };
  for (const stream of /** @type {const} */ (['stdout', 'stderr'])) {
    child[stream].setEncoding('utf8');
    child[stream].on('data', (chunk) => {
      if (ready) readyOut = append(readyOut, chunk);
      else startupOut = append(startupOut, chunk);
      onOutput?.(chunk, stream);
    });
  }
  const output = () => startupOut + readyOut;

  // --- exit tracking ---
  let exitInfo = null;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, sig) => {
      exitInfo = { code, signal: sig };
      resolve(exitInfo);
    });
    child.on('error', (err) => {
      // spawn failure (e.g. command not found): there will be no 'exit'
      startupOut = append(startupOut, `\n[start-app] spawn error: ${err.message}\n`);
      exitInfo ??= { code: null, signal: null, error: err };
      resolve(exitInfo);
    });
  });
  const isRunning = () => exitInfo === null;

  const killTree = (sig) => {
    if (child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill(sig);
      else process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  const groupAlive = () => {
    if (child.pid === undefined || process.platform === 'win32') return isRunning();
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  // Last resort if our process exits without stop() (uncaught error, process.exit()).
  const onProcessExit = () => {
    killTree('SIGKILL');
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  process.on('exit', onProcessExit);

  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      if (groupAlive()) {
        killTree('SIGTERM');
        const deadline = Date.now() + STOP_GRACE_MS;
        // wait for the child to exit and for anything it spawned to be gone
        while (groupAlive() && Date.now() < deadline) await sleep(50);
        if (groupAlive()) {
          process.stderr.write(
            `[start-app] app did not exit within ${STOP_GRACE_MS / 1000}s of SIGTERM; sending SIGKILL\n`,
          );
          killTree('SIGKILL');
        }
        await Promise.race([exited, sleep(2_000)]);
      }
      process.off('exit', onProcessExit);
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  // --- wait for health ---
  const healthUrl = `${baseUrl}${healthPath}`;
  const started = Date.now();
  let last = 'no answer yet';
  try {
    for (;;) {
      signal?.throwIfAborted();
      if (!isRunning()) {
        throw new Error(`app exited before it became healthy (${describeExit(exitInfo)})`);
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `app did not answer 200 on ${healthUrl} within ${Math.round(timeoutMs / 1000)}s (last: ${last})`,
        );
      }
      try {
        const timeout = AbortSignal.timeout(5_000);
        const res = await fetch(healthUrl, { signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
        await res.arrayBuffer();
        if (res.status === 200) break;
        last = `HTTP ${res.status}`;
      } catch (err) {
        last = err.cause?.code ?? err.name ?? String(err);
      }
      await sleep(POLL_INTERVAL_MS, signal);
    }
  } catch (err) {
    await stop();
    const tail = lastLines(output(), 80);
    const msg = signal?.aborted
      ? 'start-up aborted'
      : `${err.message}\n  command: ${label}\n  cwd: ${cwd}\n  --- child output (last 80 lines) ---\n${tail || '  (no output)'}\n  --- end of child output ---`;
    const wrapped = new Error(msg, { cause: err });
    wrapped.code = signal?.aborted ? 'ABORT_ERR' : 'APP_START_FAILED';
    throw wrapped;
  }
  ready = true;

  return {
    baseUrl,
    port,
    dataDir,
    pid: child.pid,
    exited,
    isRunning,
    output,
    outputSinceReady: () => readyOut,
    stop,
  };
}

export function describeExit(info) {
  if (!info) return 'still running';
  if (info.error) return `spawn error: ${info.error.message}`;
  return info.signal ? `killed by ${info.signal}` : `exit code ${info.code}`;
}

export function lastLines(text, n) {
  const lines = text.replace(/\s+$/, '').split('\n');
  return lines
    .slice(-n)
    .map((l) => `  | ${l}`)
    .join('\n');
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
