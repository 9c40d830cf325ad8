import { createHash } from 'node:crypto';
import Beasties from 'beasties';

/**
 * A kept public page's own stylesheet (docs/decisions/003-public-page-speed.md): the rules of the
 * whole public stylesheet that match something in this page, inline in its <head>. That is about
 * half the bytes and a third of the rules, so the page fits a phone's first round trip more often
 * and its first paint styles fewer rules. Rules match whatever their state (:hover, :focus,
 * media queries), so the page looks and works the same without JavaScript. The states islands move
 * to later (an open menu, the wizard's next step) may use other rules: the page names the whole
 * stylesheet on <html data-stylesheet>, and its loader (src/client/entry-public.tsx) adds it once
 * the page has painted, before the islands start.
 *
 * Worked out once per kept page and content version (render/page-routes.ts), so its cost (a few
 * milliseconds) is not paid per view. Pages rendered for one request keep the whole stylesheet.
 */

const beasties = new Beasties({
  // Only the page's inline <style>: there is no linked stylesheet, and no file is read.
  external: false,
  reduceInlineStyles: true,
  inlineFonts: false,
  preloadFonts: false,
  keyframes: 'critical',
  compress: false,
  logLevel: 'silent',
});

const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/;

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
  const cut = INLINE_STYLE.exec(await beasties.process(html))?.[1];
  if (cut === undefined) throw new Error('The page lost its inline stylesheet while being cut down');
  const lighter = html
    .replace(whole[0], () => `<style>${cut}</style>`)
    .replace(/^(<!doctype html>\s*<html\b)/i, (start) => `${start} data-stylesheet="${stylesheetUrl}"`);
  if (!lighter.includes(`data-stylesheet="${stylesheetUrl}"`)) throw new Error('A public page without its <html> tag');
  return { html: lighter, styleHashes: [cspHash(cut)] };
}
