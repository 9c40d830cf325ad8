import { configOrExit, startServer } from './server';

// Entry point of the built server (dist/server/main.js), run by `npm start`.
startServer({ config: configOrExit() }).catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
