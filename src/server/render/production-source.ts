import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ISLAND_WORDS_FILE, islandWake } from '~/client/island-wake';
import { cspHash, islandNamesIn, pageStyles } from './critical-css';
import type { IslandRenderer } from '~/client/lib/island';
import type { EntryServer, RenderSource } from './page-routes';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export const distDir = (root: string) => ({
  client: path.join(root, 'dist', 'client'),
  ssrEntry: path.join(root, 'dist', 'ssr', 'entry-server.js'),
  /** The islands' server renderer, built on Preact as they run in the browser (vite.config.ts). */
  ssrIslands: path.join(root, 'dist', 'ssr-islands', 'render-island.js'),
});

/** The public pages' build has a manifest of its own beside the back office's (scripts/build.mjs). */
export const PUBLIC_MANIFEST = path.join('.vite', 'public-manifest.json');

/** Reads the built client and server bundles once, at start-up. */
export async function productionRenderSource(root: string): Promise<RenderSource> {
  const dirs = distDir(root);
  const [app, linkedDocument, manifestJson, entry, islandRenderer] = await Promise.all([
    readFile(path.join(dirs.client, 'index.html'), 'utf8'),
    readFile(path.join(dirs.client, 'public.html'), 'utf8'),
    readFile(path.join(dirs.client, PUBLIC_MANIFEST), 'utf8'),
    import(pathToFileURL(dirs.ssrEntry).href) as Promise<EntryServer>,
    import(pathToFileURL(dirs.ssrIslands).href) as Promise<{ renderIsland: IslandRenderer }>,
  ]);
  const manifest = JSON.parse(manifestJson) as Manifest;
  const inlined = await inlineStylesheets(linkedDocument, dirs.client);
  const loader = await inlineLoader(inlined.html, manifest, dirs.client);
  const document = withIslandsBoot(loader.html, manifest);
  const islandCode = await islandWordsReader(dirs.client);

  return {
    cacheable: true,
    inlineStyleHashes: inlined.styleHashes,
    inlineScriptHashes: [loader.scriptHash],
    template: async (_url, kind) => (kind === 'document' ? document : app),
    entry: async () => ({
      ...entry,
      render: (request, site, pageData) => entry.render(request, site, pageData, islandRenderer.renderIsland),
    }),
    pageStyles: (html) => pageStyles(html, islandCode(islandNamesIn(html))),
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
  return { html: inlined, styleHashes: [...styles.values()].map(cspHash) };
}

const PUBLIC_DOCUMENT = 'public.html';
const LOADER_SCRIPT = /<script type="module" crossorigin src="\/([^"]+\.js)"><\/script>/;

/**
 * Puts the public pages' loader (src/client/entry-public.tsx, about 1.8 KB) inside each page
 * instead of naming its file: a page then asks for nothing before its first paint (a script
 * fetched meanwhile, even a deferred one, is on the critical path of a slow phone's paint as
 * Lighthouse measures it). The CSP allows exactly this script, by hash. A loader importing another
 * module could not work inline, so the build is refused.
 */
async function inlineLoader(html: string, manifest: Manifest, clientDir: string) {
  const chunk = manifest[PUBLIC_DOCUMENT];
  if (!chunk) throw new Error(`The build has no ${PUBLIC_DOCUMENT}: run npm run build`);
  if (chunk.imports?.length || chunk.dynamicImports?.length) {
    throw new Error(
      `The public pages' loader (src/client/entry-public.tsx) imports ${[...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].join(', ')}: it is placed inline in every page, so it must import no module`,
    );
  }
  const tag = LOADER_SCRIPT.exec(html);
  if (tag?.[1] !== chunk.file)
    throw new Error(`${PUBLIC_DOCUMENT} does not load ${chunk.file} as its one module script`);
  const code = await readFile(path.join(clientDir, chunk.file), 'utf8');
  if (/<\/script/i.test(code)) throw new Error(`${chunk.file} holds "</script", which would end it inline`);
  return { html: html.replace(tag[0], () => `<script type="module">${code}</script>`), scriptHash: cspHash(code) };
}

const ISLANDS_BOOT = 'src/client/islands-boot.tsx';

/** public.html names islands-boot's source (what Vite's dev server serves); built, its chunk. */
function withIslandsBoot(html: string, manifest: Manifest): string {
  const chunk = manifest[ISLANDS_BOOT];
  if (!chunk) throw new Error(`The build has no ${ISLANDS_BOOT}: run npm run build`);
  return html.replace(`data-islands="/${ISLANDS_BOOT}"`, `data-islands="/${chunk.file}"`);
}

/**
 * The words of the code a page's islands may run (scripts/lib/island-words-plugin.ts wrote them at
 * build time, per island): the page's stylesheet keeps the rules they name (critical-css.ts), so
 * what an island draws later (the wizard's next step) is styled without fetching anything, and a
 * page keeps no rule for an island it does not hold. Read once, at start-up.
 */
async function islandWordsReader(clientDir: string) {
  const words = JSON.parse(await readFile(path.join(clientDir, ISLAND_WORDS_FILE), 'utf8')) as Record<string, string>;
  for (const name of Object.keys(islandWake)) {
    if (words[name] === undefined) throw new Error(`The build has no words for the island ${name}: run npm run build`);
  }
  return (names: ReadonlySet<string>) => [...names].map((name) => words[name] ?? '').join(' ');
}
