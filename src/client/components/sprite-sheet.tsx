import { allSpriteSymbols } from './sprite-symbols';

/**
 * The sprite's symbols inside a document the browser renders (the back office), for the
 * SpriteIcons it draws, such as the review cards' stars (sprite-icon.tsx): the server puts symbols
 * only into the pages it renders itself (entry-server.tsx), and sends the back office an empty
 * shell. About 1.6 KB gzipped; drawn once, at the root of the back office.
 */
export function SpriteSheet() {
  return <svg aria-hidden="true" className="hidden" dangerouslySetInnerHTML={{ __html: allSpriteSymbols }} />;
}
