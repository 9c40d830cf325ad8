/**
 * Every word of a page's markup or an island's code that a selector could name: tags, attribute
 * names and values, and whole class names as Tailwind writes them (`sm:text-xl`, `[&_svg]:size-5`,
 * `w-1/2`). One cut for both, so a page's own styles (critical-css.ts) and its islands' words
 * (scripts/lib/island-words-plugin.ts) agree on what a word is.
 */
export const SELECTOR_WORDS = /[^<>"'`\s=]+/g;
