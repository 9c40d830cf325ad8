import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EntryServer, RenderSource } from './page-routes';

type ManifestChunk = { file: string };
type Manifest = Record<string, ManifestChunk>;

export const distDir = (root: string) => ({
  client: path.join(root, 'dist', 'client'),
  ssrEntry: path.join(root, 'dist', 'ssr', 'entry-server.js'),
});

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
  const inlined = await inlineStylesheets(linkedDocument, dirs.client);
  const document = withIslandsBoot(inlined.html, manifest);

  return {
    cacheable: true,
    inlineStyleHashes: inlined.styleHashes,
    template: async (_url, kind) => (kind === 'document' ? document : app),
    entry: async () => entry,
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
