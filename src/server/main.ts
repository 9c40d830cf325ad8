import { inspect } from 'node:util';

// Entry point of the built server (dist/server/main.js), run by `npm start`.
//
// React and React Router choose their production or development builds from NODE_ENV when they are
// first loaded, and an unset NODE_ENV means development: several times slower server rendering.
// So the default is set here, before the rest of the server is loaded (a dynamic import, which the
// build keeps in a chunk of its own so that none of its imports run before this line).
process.env.NODE_ENV ??= 'production';

const { configOrExit, startServer } = await import('./server');
const { serializeError } = await import('./db/database-errors');

const { StorageCheckError } = await import('./storage/stores');

startServer({ config: configOrExit() }).catch((error: unknown) => {
  if (error instanceof StorageCheckError) {
    console.error(`Start-up failed: ${error.message}`); // names the bucket, never a key
    process.exit(1);
  }
  // Through the same serializer as the log: a failed query's parameter values (a password hash
  // when the first admin is created) never reach the console.
  console.error('Start-up failed:', inspect(serializeError(error), { depth: 6 }));
  process.exit(1);
});
