// `npm run test:api-cluster`: the API suite against two app instances behind HAProxy (issue 38;
// test/helpers/api-cluster.ts). Every API test on PostgreSQL sends its requests through Debian's
// HAProxy to the two in turn. Needs TEST_DATABASE_URL and HAProxy; extra arguments go to vitest
// (a file or folder to run only that part).
import { spawn } from 'node:child_process';
import { clusterRefusal } from './lib/cluster.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'npm run test:api-cluster needs a PostgreSQL server for its test databases: set TEST_DATABASE_URL ' +
      '(for example postgres://postgres@127.0.0.1:5432/test).',
  );
  process.exit(78);
}
const refusal = clusterRefusal({ ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL });
if (refusal) {
  console.error(refusal.replace('npm run cluster', 'npm run test:api-cluster'));
  process.exit(78);
}
const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, API_CLUSTER: '1' },
});
child.on('exit', (code) => process.exit(code ?? 1));
