// `npm run seed:demo -- --valuations N [--force] [--seed S]`: inserts made-up valuations in bulk
// (see src/server/cli/seed-demo.ts). Builds first if needed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/ensure-build.mjs';

await ensureBuilt();
await import(pathToFileURL(path.join(root, 'dist', 'server', 'seed-demo.js')).href);
