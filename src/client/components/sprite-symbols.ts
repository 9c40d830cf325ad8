import sprite from './icon-sprite.svg?raw';

/**
 * The sprite's symbols, by id (`icon-<name>`): the server puts those a page uses inside it
 * (entry-server.tsx), so its icons are drawn without fetching the sprite (sprite-icon.tsx).
 */
const SYMBOLS = new Map(
  [...sprite.matchAll(/<symbol id="(icon-[a-z-]+)"[\s\S]*?<\/symbol>/g)].map((m) => [m[1]!, m[0]] as const),
);

/** Every symbol of the sprite, for a document rendered in the browser (sprite-sheet.tsx). */
export const allSpriteSymbols = [...SYMBOLS.values()].join('');

/** What SpriteIcon renders, `<use href="#icon-…">`, as React writes it. */
const ICON_USE = /<use href="#(icon-[a-z-]+)"/g;

/**
 * A hidden <svg> holding the symbols of every sprite icon `html` draws, for the start of the page's
 * <body>; empty when it draws none.
 */
export function spriteSymbolsFor(html: string): string {
  const used = new Set([...html.matchAll(ICON_USE)].map((m) => m[1]!));
  const symbols = [...used].map((id) => SYMBOLS.get(id) ?? '').join('');
  // display:none, not `hidden`: that is an HTML attribute, and an <svg> is not an HTML element.
  return symbols ? `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols}</svg>` : '';
}
