// `npm run storage:copy -- [--dry-run]`: copies the folder store into the S3 bucket
// (see src/server/cli/storage-copy.ts). Builds first if needed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './lib/ensure-build.mjs';

await ensureBuilt();
await import(pathToFileURL(path.join(root, 'dist', 'server', 'storage-copy.js')).href);
