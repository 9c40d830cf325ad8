import { cx } from '~/client/lib/cx';
import sprite from './icon-sprite.svg?no-inline';

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
  | 'phone';

/**
 * A decorative Lucide icon drawn from one cached SVG file instead of JavaScript,
 * for the home page: each lucide-react icon adds its drawing to the page's script,
 * and the home page has a 120 KB (gzipped) budget. (Other pages use lucide-react;
 * sharing this with them would split it into a chunk of its own, which costs the
 * home page more than it saves.) Same look as lucide-react (24px grid, 2px round
 * strokes in the text colour, set on each <symbol>). Always decorative: pair
 * it with text.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    // 24px unless the caller gives a size-* class (cx does not resolve clashing classes).
    <svg aria-hidden="true" className={cx('shrink-0', !/(^|\s)size-/.test(className ?? '') && 'size-6', className)}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
