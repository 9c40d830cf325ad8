// `npm run admin:create`: creates or resets an admin from the command line
// (see src/server/cli/create-admin.ts). Builds first if needed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/ensure-build.mjs';

await ensureBuilt();
await import(pathToFileURL(path.join(root, 'dist', 'server', 'create-admin.js')).href);
