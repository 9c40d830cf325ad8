import { createHash } from 'node:crypto';
import { PurgeCSS } from 'purgecss';

/**
 * A kept public page's own stylesheet (docs/decisions/003-public-page-speed.md): the rules of the
 * whole public stylesheet that name only classes, tags and attributes found in this page (with
 * PurgeCSS), inline in its <head>. That is under half the bytes, so the page fits a phone's first
 * round trip more often and its first paint styles fewer rules. Rules are kept whatever their state
 * (:hover, :focus, media queries), so the page looks and works the same without JavaScript. The
 * states islands move to later (an open menu, the wizard's next step) may use other rules: the page
 * names the whole stylesheet on <html data-stylesheet>, and its loader (src/client/entry-public.tsx)
 * adds it once the page has painted, before the islands start.
 *
 * Worked out once per kept page and content version (render/page-routes.ts), so its cost (tens of
 * milliseconds) is not paid per view. Pages rendered for one request keep the whole stylesheet.
 */

const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/;

/**
 * Every word of the page's markup that a selector could name: tags, attribute names and values,
 * and whole class names as Tailwind writes them (`sm:text-xl`, `[&_svg]:size-5`, `w-1/2`).
 */
const MARKUP_WORDS = /[^<>"'`\s=]+/g;

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
async function rulesUsedIn(markup: string, css: string): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: markup, extension: 'html' }],
    css: [{ raw: css }],
    defaultExtractor: (content) => decodeReferences(content).match(MARKUP_WORDS) ?? [],
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

/**
 * The page with its inline stylesheet cut to the rules it uses, naming the whole stylesheet
 * (`stylesheetUrl`) for its islands, and the CSP hash of its new <style>. Only the <style> block
 * and the <html> tag change: the rest of the page is the renderer's own bytes.
 */
export async function pageStyles(html: string, stylesheetUrl: string): Promise<PageStyles> {
  const whole = INLINE_STYLE.exec(html);
  if (!whole) throw new Error('A public page without its inline stylesheet cannot be cut down');
  const cut = await rulesUsedIn(html.replace(whole[0], ''), whole[1]!);
  const lighter = html
    .replace(whole[0], () => `<style>${cut}</style>`)
    .replace(/^(<!doctype html>\s*<html\b)/i, (start) => `${start} data-stylesheet="${stylesheetUrl}"`);
  if (!lighter.includes(`data-stylesheet="${stylesheetUrl}"`)) throw new Error('A public page without its <html> tag');
  return { html: lighter, styleHashes: [cspHash(cut)] };
}
