// Several app processes on one PostgreSQL server behind HAProxy (Debian's package), the way the
// service runs when one process is not enough (issue 38, README "Running in production").
// Used by `npm run cluster`, the bench's submission rows and the cluster test suites:
//
//   const cluster = await startCluster({ processes: 2, env: { DATABASE_URL } });
//   try { await fetch(`${cluster.baseUrl}/api/health`); } finally { await cluster.stop(); }
//
// Every member is `node scripts/start.mjs` (the built server) on its own port, sharing DATA_DIR
// and the database; HAProxy spreads requests by least connections, checks /api/health every
// second and takes a member out after two failures, which is how a draining member (SIGTERM,
// SHUTDOWN_DRAIN_SECONDS) leaves rotation before it stops listening.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuilt } from './ensure-build.mjs';
import { getFreePort, startApp } from './start-app.mjs';

export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const HAPROXY_READY_TIMEOUT_MS = 15_000;

/** Why a cluster cannot start here, in words for the person who asked; null when it can. */
export function clusterRefusal(env = process.env) {
  if (!env.DATABASE_URL) {
    return (
      'npm run cluster needs a PostgreSQL server: set DATABASE_URL (for example ' +
      'postgres://postgres@127.0.0.1:5432/carbuy). The embedded database (PGlite) belongs to one ' +
      'process, so several processes cannot share it; use npm start for one process.'
    );
  }
  if (!existsSync(HAPROXY)) {
    return `npm run cluster needs HAProxy at ${HAPROXY}: install it with "apt-get install -y haproxy" (or set HAPROXY_BIN).`;
  }
  return null;
}

/**
 * The HAProxy configuration for `members` (their ports). A request is retried on another member
 * only when it cannot have reached the first (the connection failed) or when repeating it is safe:
 * a GET, or a request carrying an Idempotency-Key, which the app answers once whoever asks again.
 * Never on a 503: the app answers 503 when DVLA, DVSA or Google is down, and asking the other
 * member would only ask that provider again (the API suite behind HAProxy showed four calls a lookup).
 */
export function haproxyConfig({
  host,
  port,
  members,
  maxConnections = 4096,
  pinnable = false,
  balance = 'leastconn',
  clientAddressHeader,
}) {
  // Tests only (startCluster's `pinnable`): X-Cluster-Member: <n> sends a request to member n while it is
  // up, and every answer names the member that gave it, so a test can sign in on one and go on on another.
  const pinning = pinnable
    ? members.map((_, i) => `  use-server app${i + 1} if { req.hdr(x-cluster-member) -m str ${i + 1} }`).join('\n') +
      '\n  http-response set-header X-Cluster-Member %[srv_id]\n'
    : '';
  // Tests only (test/helpers/api-cluster.ts): the client's address is taken from this request header
  // instead of the connection, so an API test can speak for any address, as app.inject's remoteAddress does.
  const forwardedFor = clientAddressHeader
    ? `  http-request add-header X-Forwarded-For %[req.hdr(${clientAddressHeader})]\n  http-request del-header ${clientAddressHeader}`
    : '  option forwardfor';
  return `global
  maxconn ${maxConnections}

defaults
  mode http
  option http-keep-alive
  option redispatch
  retries 3
  retry-on conn-failure empty-response
  timeout connect 2s
  timeout http-request 35s
  timeout client 130s
  timeout server 130s
  timeout queue 30s

frontend web
  bind ${host}:${port}
${forwardedFor}
  default_backend app

backend app
  balance ${balance}
  http-request disable-l7-retry unless METH_GET || METH_HEAD || { req.hdr(idempotency-key) -m found }
  option httpchk
  http-check send meth GET uri /api/health
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2
${pinning}${members.map((member, i) => `  server app${i + 1} 127.0.0.1:${member.port}`).join('\n')}
`;
}

/**
 * Starts `processes` app processes and HAProxy in front of them.
 * @param {object} options
 * @param {number} [options.processes] default 2
 * @param {Record<string,string>} [options.env] for every member; DATABASE_URL is required
 * @param {string} [options.host] HAProxy's address, default 127.0.0.1
 * @param {number} [options.port] HAProxy's port, default a free one
 * @param {boolean} [options.restart] start a member again when it dies unexpectedly (default true)
 * @param {boolean} [options.pinnable] tests: X-Cluster-Member picks the member (haproxyConfig)
 * @param {(line: string) => void} [options.log]
 * @param {(chunk: string, member: number) => void} [options.onOutput] members' output
 */
export async function startCluster({
  processes = 2,
  env = {},
  host = '127.0.0.1',
  port,
  restart = true,
  pinnable = false,
  log = () => {},
  onOutput,
} = {}) {
  const refusal = clusterRefusal({ ...process.env, ...env });
  if (refusal) throw new Error(refusal);
  const frontPort = port ?? (await getFreePort(host));
  const baseUrl = `http://${host}:${frontPort}`;
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(path.join(os.tmpdir(), 'carbuy-cluster-'));
  const memberEnv = {
    DATA_DIR: env.DATA_DIR ?? ownDataDir,
    // HAProxy is the one proxy in front; it adds the client's address to X-Forwarded-For.
    TRUST_PROXY: '1',
    PUBLIC_BASE_URL: baseUrl,
    SHUTDOWN_DRAIN_SECONDS: '3',
    ...env,
    HOST: '127.0.0.1',
  };

  // One build for all: members started together would otherwise race to build the same files.
  await ensureBuilt();
  const members = [];
  let stopping = false;
  const startMember = async (index, memberPort) => {
    const app = await startApp({
      env: { ...memberEnv, PORT: String(memberPort) },
      onOutput: onOutput && ((chunk) => onOutput(chunk, index)),
    });
    const member = { index, port: memberPort, app, pid: app.pid };
    members[index] = member;
    app.exited.then(async (exit) => {
      if (stopping || member.stoppedOnPurpose || !restart) return;
      log(`app ${index + 1} (pid ${member.pid}) stopped unexpectedly (${JSON.stringify(exit)}); starting it again`);
      await sleep(1_000);
      if (stopping) return;
      await startMember(index, memberPort).catch((error) =>
        log(`app ${index + 1} could not start again: ${error.message}`),
      );
    });
    return member;
  };
  // The first member runs the migrations alone; the others then start side by side.
  try {
    await startMember(0, await getFreePort());
    await Promise.all(Array.from({ length: processes - 1 }, async (_, i) => startMember(i + 1, await getFreePort())));
  } catch (error) {
    stopping = true;
    await Promise.all(members.filter(Boolean).map((member) => member.app.stop()));
    throw error;
  }
  for (const member of members) log(`app ${member.index + 1}: pid ${member.pid}, port ${member.port}`);

  let haproxy;
  try {
    haproxy = await startHaproxy({ host, port: frontPort, members, pinnable });
  } catch (error) {
    stopping = true;
    await Promise.all(members.map((member) => member.app.stop()));
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Members drain first (HAProxy sees their health fail and stops sending), then HAProxy goes.
    await Promise.all(members.map((member) => member.app.stop()));
    await haproxy.stop();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  log(`HAProxy on ${baseUrl} in front of ${members.length} processes`);

  return {
    baseUrl,
    members,
    haproxyPid: haproxy.pid,
    /** Kills member `index` at once (SIGKILL), as a crash would; it is not started again. */
    crash(index) {
      const member = members[index];
      member.stoppedOnPurpose = true;
      process.kill(-member.pid, 'SIGKILL');
      return member.app.exited;
    },
    stop,
  };
}

/**
 * Debian's HAProxy on host:port in front of `members` (each `{ port }` on 127.0.0.1), with the
 * configuration of haproxyConfig; resolves once it answers /api/health. `stop()` ends it.
 * @param {{ host: string, port: number, members: Array<{ port: number }>, maxConnections?: number,
 *   pinnable?: boolean, balance?: string, clientAddressHeader?: string }} options
 */
export async function startHaproxy(options) {
  const baseUrl = `http://${options.host}:${options.port}`;
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'carbuy-haproxy-'));
  const configFile = path.join(configDir, 'haproxy.cfg');
  await writeFile(configFile, haproxyConfig(options));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) {
    await rm(configDir, { recursive: true, force: true });
    throw new Error(`HAProxy refused its configuration: ${check.stderr || check.stdout}`);
  }
  const haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let haproxyErrors = '';
  haproxy.stderr.setEncoding('utf8').on('data', (chunk) => {
    haproxyErrors = (haproxyErrors + chunk).slice(-8_192);
  });
  const haproxyExited = new Promise((resolve) => haproxy.once('exit', (code, signal) => resolve({ code, signal })));
  const killOnExit = () => haproxy.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    haproxy.kill('SIGTERM');
    await Promise.race([haproxyExited, sleep(5_000)]);
    if (haproxy.exitCode === null && haproxy.signalCode === null) haproxy.kill('SIGKILL');
    await rm(configDir, { recursive: true, force: true });
  };
  try {
    await waitForHaproxy(baseUrl, haproxyExited, () => haproxyErrors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: haproxy.pid, stop };
}

/** Waits until HAProxy answers (each member answered its own health check before HAProxy started). */
async function waitForHaproxy(baseUrl, haproxyExited, haproxyErrors) {
  const deadline = Date.now() + HAPROXY_READY_TIMEOUT_MS;
  let exited = null;
  haproxyExited.then((exit) => (exited = exit));
  for (;;) {
    if (exited) throw new Error(`HAProxy stopped (${JSON.stringify(exited)}): ${haproxyErrors()}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`HAProxy did not answer within ${HAPROXY_READY_TIMEOUT_MS / 1000} s`);
    await sleep(200);
  }
}
