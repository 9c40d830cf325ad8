// `npm run cluster`: N app processes (default 2) on the PostgreSQL server in DATABASE_URL,
// behind HAProxy on PORT (default 3000). Refuses on the embedded database, which belongs to one
// process. Ctrl+C or SIGTERM drains each process (its health check fails, HAProxy sends new
// requests to the others), stops it, then stops HAProxy.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/carbuy npm run cluster -- --processes 3
//
// The members share DATA_DIR (default ./data) for files, or S3 with STORAGE=s3 (README).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clusterRefusal, startCluster } from './lib/cluster.mjs';

const { values } = parseArgs({
  options: { processes: { type: 'string', short: 'n', default: process.env.CLUSTER_PROCESSES ?? '2' } },
});
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
  console.error(`--processes must be a whole number from 1 to 16 (got "${values.processes}")`);
  process.exit(64);
}
const refusal = clusterRefusal();
if (refusal) {
  console.error(refusal);
  process.exit(78);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const log = (line) => console.log(`[cluster] ${line}`);
const env = { DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
// The address people use: the site answers only its own (DNS rebinding), so on this machine that is
// localhost, as with npm start, unless PUBLIC_BASE_URL names the real one.
env.PUBLIC_BASE_URL = process.env.PUBLIC_BASE_URL ?? `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
const cluster = await startCluster({
  processes,
  host,
  port,
  env,
  log,
  onOutput: (chunk) => process.stdout.write(chunk),
});
log(`serving on ${env.PUBLIC_BASE_URL}: ${processes} processes behind HAProxy (Ctrl+C stops them all)`);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  log(`${signal}: draining each process, then stopping HAProxy`);
  await cluster.stop();
  log('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
