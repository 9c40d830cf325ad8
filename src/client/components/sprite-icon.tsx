import { cx } from '~/client/lib/cx';

/** The icons in icon-sprite.svg (Lucide's drawings). */
export type SpriteIconName =
  | 'circle-check'
  | 'arrow-right'
  | 'handshake'
  | 'map-pinned'
  | 'timer'
  | 'shield-check'
  | 'scale'
  | 'gift'
  | 'message-square-quote'
  | 'phone'
  | 'menu'
  | 'x'
  | 'chevron-left'
  | 'chevron-right'
  | 'pause'
  | 'play'
  | 'quote'
  | 'pen-line'
  | 'star'
  | 'star-half';

/**
 * A decorative Lucide icon drawn from icon-sprite.svg instead of JavaScript, for the public pages'
 * islands (src/client/lib/island.tsx): each lucide-react icon in an island adds its drawing to every
 * public page's script, and the home page has an 80 KB (gzipped) budget. It points at a symbol in the
 * page itself (`#icon-<name>`): the server puts the symbols of the icons a page draws inside it
 * (sprite-symbols.ts), so the page fetches no file to draw them, and the page's loader adds the rest
 * of the sprite for the states islands move to (src/client/entry-public.tsx); the back office, which
 * the browser renders, holds the whole sprite (sprite-sheet.tsx). Parts of public pages rendered
 * only on the server may use lucide-react: it costs the browser nothing there.
 * Same look as lucide-react (24px grid, 2px round strokes in the text colour, set on each
 * <symbol>). Always decorative: pair it with text.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    // 24px unless the caller gives a size-* class (cx does not resolve clashing classes).
    <svg aria-hidden="true" className={cx('shrink-0', !/(^|\s)size-/.test(className ?? '') && 'size-6', className)}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
