// `npm start`: builds when the build is missing or older than the sources,
// then runs the built server in this process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/ensure-build.mjs';

await ensureBuilt();
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
