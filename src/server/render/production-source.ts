import { createHash } from 'node:crypto';
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
  const [app, linkedDocument, manifestJson, entry] = await Promise.all([
    readFile(path.join(dirs.client, 'index.html'), 'utf8'),
    readFile(path.join(dirs.client, 'public.html'), 'utf8'),
    readFile(path.join(dirs.client, '.vite', 'manifest.json'), 'utf8'),
    import(pathToFileURL(dirs.ssrEntry).href) as Promise<EntryServer>,
  ]);
  const manifest = JSON.parse(manifestJson) as Manifest;
  // Public documents are the only pages with modules to preload: their islands.
  const entryFiles = chunkFiles(manifest, 'public.html');
  const alreadyInTemplate = new Set([...entryFiles.js, ...entryFiles.css]);

  const inlined = await inlineStylesheets(linkedDocument, dirs.client);
  const document = withIslandsBoot(inlined.html, manifest);

  const preloadCache = new Map<string, string>();
  return {
    cacheable: true,
    inlineStyleHashes: inlined.styleHashes,
    template: async (_url, kind) => (kind === 'document' ? document : app),
    entry: async () => entry,
    preloadTags(modules) {
      const cacheKey = modules.join('|');
      const cached = preloadCache.get(cacheKey);
      if (cached !== undefined) return cached;
      const files = modules.map((id) => chunkFiles(manifest, routeModuleKey(id)));
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

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/**
 * Puts the public pages' stylesheet inside their <head> (docs/decisions/003-public-page-speed.md):
 * about 10 KB compressed, it arrives with the page instead of blocking its first paint for one
 * more round trip. The CSP allows exactly these <style> blocks, by hash.
 */
export async function inlineStylesheets(html: string, clientDir: string) {
  const styles = new Map<string, string>();
  for (const [, file] of html.matchAll(STYLESHEET_LINK)) {
    styles.set(file!, await readFile(path.join(clientDir, file!), 'utf8'));
  }
  const inlined = html.replace(STYLESHEET_LINK, (_link, file: string) => `<style>${styles.get(file)}</style>`);
  const styleHashes = [...styles.values()].map((css) => `sha256-${createHash('sha256').update(css).digest('base64')}`);
  return { html: inlined, styleHashes };
}

const ISLANDS_BOOT = 'src/client/islands-boot.tsx';

/** public.html names islands-boot's source (what Vite's dev server serves); built, its chunk. */
function withIslandsBoot(html: string, manifest: Manifest): string {
  const chunk = manifest[ISLANDS_BOOT];
  if (!chunk) throw new Error(`The build has no ${ISLANDS_BOOT}: run npm run build`);
  return html.replace(`data-islands="/${ISLANDS_BOOT}"`, `data-islands="/${chunk.file}"`);
}
