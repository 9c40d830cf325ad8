import { inspect } from 'node:util';
import { serializeError } from './db/database-errors';
import { configOrExit, startServer } from './server';

// Entry point of the built server (dist/server/main.js), run by `npm start`.
startServer({ config: configOrExit() }).catch((error: unknown) => {
  // Through the same serializer as the log: a failed query's parameter values (a password hash
  // when the first admin is created) never reach the console.
  console.error('Start-up failed:', inspect(serializeError(error), { depth: 6 }));
  process.exit(1);
});
