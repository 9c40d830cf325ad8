// A bare Fastify in a worker thread of the bench process, so it has an event loop of its own and
// does not share one with the load generator: the baselines the bench compares the app against.
import { Worker } from 'node:worker_threads';

/**
 * Starts `routes`, the source of an async function `(app, workerData) => {}` that adds routes to a
 * logger-less Fastify, in a worker thread, listening on a free port of 127.0.0.1. Resolves to its
 * base URL and a `stop()` (the worker closes the server; after 5 s it is terminated).
 */
export function startWorkerServer({ name, routes, workerData = {} }) {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const { default: Fastify } = await import(workerData.fastifyUrl);
      const app = Fastify({ logger: false });
      await (${routes})(app, workerData);
      await app.listen({ port: 0, host: '127.0.0.1' });
      parentPort.once('message', () => { app.close().then(() => parentPort.close()); });
      parentPort.postMessage({ port: app.server.address().port });
    })().catch((err) => { parentPort.postMessage({ error: String(err && err.stack || err) }); });
  `;
  const worker = new Worker(source, {
    eval: true,
    workerData: { ...workerData, fastifyUrl: import.meta.resolve('fastify') },
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (msg) => {
      if (msg.error) return reject(new Error(`${name} failed: ${msg.error}`));
      let stopped = null;
      resolve({
        baseUrl: `http://127.0.0.1:${msg.port}`,
        stop: () =>
          (stopped ??= new Promise((done) => {
            const force = setTimeout(() => worker.terminate().then(done, done), 5_000);
            worker.once('exit', () => {
              clearTimeout(force);
              done();
            });
            worker.postMessage('close');
          })),
      });
    });
  });
}
