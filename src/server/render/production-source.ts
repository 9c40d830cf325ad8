import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EntryServer, RenderSource } from './page-routes';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

export const distDir = (root: string) => ({
  client: path.join(root, 'dist', 'client'),
  ssrEntry: path.join(root, 'dist', 'ssr', 'entry-server.js'),
});

/**
 * Chunk key of a lazy route: its id is the module path under src/client, with an
 * optional `#suffix` where several routes share one module.
 */
export const routeModuleKey = (routeId: string) => `src/client/${routeId.split('#')[0]}.tsx`;

/** The files a chunk needs, following its static imports (not its dynamic ones). */
export function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const nested = (chunk.imports ?? []).map((k) => chunkFiles(manifest, k, seen));
  return {
    js: [chunk.file, ...nested.flatMap((n) => n.js)],
    css: [...(chunk.css ?? []), ...nested.flatMap((n) => n.css)],
  };
}

/** Reads the built client and server bundles once, at start-up. */
export async function productionRenderSource(root: string): Promise<RenderSource> {
  const dirs = distDir(root);
  const [template, manifestJson, entry] = await Promise.all([
    readFile(path.join(dirs.client, 'index.html'), 'utf8'),
    readFile(path.join(dirs.client, '.vite', 'manifest.json'), 'utf8'),
    import(pathToFileURL(dirs.ssrEntry).href) as Promise<EntryServer>,
  ]);
  const manifest = JSON.parse(manifestJson) as Manifest;
  const entryFiles = chunkFiles(manifest, 'index.html');
  const alreadyInTemplate = new Set([...entryFiles.js, ...entryFiles.css]);

  const preloadCache = new Map<string, string>();
  return {
    cacheable: true,
    template: async () => template,
    entry: async () => entry,
    preloadTags(routeIds) {
      const cacheKey = routeIds.join('|');
      const cached = preloadCache.get(cacheKey);
      if (cached !== undefined) return cached;
      const files = routeIds.map((id) => chunkFiles(manifest, routeModuleKey(id)));
      const js = [...new Set(files.flatMap((f) => f.js))].filter((f) => !alreadyInTemplate.has(f));
      const css = [...new Set(files.flatMap((f) => f.css))].filter((f) => !alreadyInTemplate.has(f));
      const tags = [
        ...css.map((f) => `<link rel="stylesheet" href="/${f}" />`),
        ...js.map((f) => `<link rel="modulepreload" href="/${f}" />`),
      ].join('\n    ');
      preloadCache.set(cacheKey, tags);
      return tags;
    },
  };
}
