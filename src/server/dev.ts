import { readFile } from 'node:fs/promises';
import path from 'node:path';
import middie from '@fastify/middie';
import { createServer as createViteServer } from 'vite';
import { configOrExit, startServer } from './server';
import { projectRoot } from './project-root';
import type { EntryServer } from './render/page-routes';

/**
 * `npm run dev`: the same server, with Vite in middleware mode for hot module
 * reload of the client and on-demand compilation of the server-rendering entry.
 * tsx watch restarts this process when server code changes.
 */
process.env.NODE_ENV ??= 'development';
const config = configOrExit();

await startServer({
  config,
  async makeDeps() {
    const vite = await createViteServer({
      root: projectRoot,
      server: { middlewareMode: true },
      appType: 'custom',
    });
    return {
      async beforeRoutes(app) {
        await app.register(middie);
        app.use(vite.middlewares);
        app.addHook('onClose', async () => vite.close());
      },
      renderSource: {
        template: async (url, kind) =>
          vite.transformIndexHtml(
            url,
            await readFile(path.join(projectRoot, kind === 'document' ? 'public.html' : 'index.html'), 'utf8'),
          ),
        entry: () => vite.ssrLoadModule('/src/client/entry-server.tsx') as Promise<EntryServer>,
        onError: (error) => vite.ssrFixStacktrace(error),
      },
    };
  },
});
