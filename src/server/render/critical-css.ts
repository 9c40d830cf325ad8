import { createHash } from 'node:crypto';
import { PurgeCSS } from 'purgecss';
import { SELECTOR_WORDS } from './selector-words';

/**
 * A kept public page's own stylesheet (docs/decisions/003-public-page-speed.md): the rules of the
 * whole public stylesheet that name only classes, tags and attributes found in this page (with
 * PurgeCSS), inline in its <head>. That is under half the bytes, so the page fits a phone's first
 * round trip more often and its first paint styles fewer rules. Rules are kept whatever their state
 * (:hover, :focus, :popover-open, media queries), so the page looks and works the same without
 * JavaScript. The states the page's islands move to later (the wizard's next step, a carousel's
 * next review) use classes that are in their code, not yet in the page: the words of that code count
 * as the page's too (`islandCode`). So no other stylesheet is ever fetched, and nothing restyles the
 * whole page once it has loaded (issue 33).
 *
 * Worked out once per kept page and content version (render/page-routes.ts), so its cost (tens of
 * milliseconds) is not paid per view. Pages rendered for one request keep the whole stylesheet.
 */

const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/;

/** The character references React writes in attributes (`[&amp;_svg]:size-5` is `[&_svg]:size-5`). */
const REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decodeReferences = (markup: string) =>
  markup.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (reference, name: string) => REFERENCES[name] ?? reference);

/**
 * The rules of `css` whose every class, tag and attribute appears in `markup`. Matching words rather
 * than the document's structure keeps a rule that may not match (a rule for a hover or an open
 * state): a little more CSS, never a page styled differently from the whole stylesheet. (Matching
 * the structure, as Beasties does, drops Tailwind's `:where(.space-y-2 > :not(:last-child))`.)
 */
async function rulesUsedIn(markup: string, islandCode: string, css: string): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [
      { raw: markup, extension: 'html' },
      { raw: islandCode, extension: 'js' },
    ],
    css: [{ raw: css }],
    defaultExtractor: (content) => decodeReferences(content).match(SELECTOR_WORDS) ?? [],
    keyframes: true,
    // Tailwind's theme is custom properties, read by rules the islands may need later: all stay.
    variables: false,
  });
  if (!result) throw new Error('PurgeCSS returned no stylesheet');
  return result.css;
}

export type PageStyles = { html: string; styleHashes: string[] };

/** The CSP source for an inline block: 'sha256-…' of its exact text. */
export const cspHash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The islands a page holds (lib/island.tsx writes `data-island` on each), by name. */
export const islandNamesIn = (html: string) => new Set([...html.matchAll(/ data-island="([^"]+)"/g)].map((m) => m[1]!));

/**
 * The page with its inline stylesheet cut to the rules it and its islands' code (`islandCode`, the
 * built modules they may run) use, and the CSP hash of its new <style>. Only the <style> block
 * changes: the rest of the page is the renderer's own bytes.
 */
export async function pageStyles(html: string, islandCode = ''): Promise<PageStyles> {
  const whole = INLINE_STYLE.exec(html);
  if (!whole) throw new Error('A public page without its inline stylesheet cannot be cut down');
  const cut = await rulesUsedIn(html.replace(whole[0], ''), islandCode, whole[1]!);
  return { html: html.replace(whole[0], () => `<style>${cut}</style>`), styleHashes: [cspHash(cut)] };
}
