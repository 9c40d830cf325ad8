import type { IslandName } from '~/client/islands';

/**
 * When an island comes to life (issue 33). A public page is whole without its islands' code: it
 * is fetched only once one of its islands is needed, so a phone spends nothing on scripts while
 * nothing on the page moves. Every island also wakes when the visitor first touches, clicks or
 * focuses something inside it (an early tap wakes it; the plain HTML has handled it meanwhile).
 *
 * - `load`: once the page has loaded and painted (the wizard, which the page is for and which
 *   looks the registration up at once);
 * - `visible`: once it is within a screen's height of the viewport (the review carousel, which
 *   moves on its own, and the complaint form far down its page);
 * - `interaction`: only when touched or focused (the registration boxes, plain forms until then);
 * - `image-error`: only if one of its images fails to load (a vehicle's photo falls back to its
 *   default image), or on interaction.
 *
 * The server writes it on the island's wrapper (`data-wake`, lib/island.tsx); the page's loader
 * (entry-public.tsx) reads it there.
 */
export type IslandWake = 'load' | 'visible' | 'interaction' | 'image-error';

export const islandWake = {
  'components/registration-input': 'interaction',
  'components/vehicle-picture': 'image-error',
  'features/public/reviews/review-carousel': 'visible',
  'features/public/reviews/reviews-board': 'visible',
  'features/public/valuation/components/valuation-wizard': 'load',
  'features/public/contact/complaint-form': 'visible',
  // The seller's page works as plain forms until touched (src/server/features/seller-portal): the
  // phone spends nothing on scripts to show an offer; a tap wakes the island, which answers from then on.
  'features/public/your-valuation/offer-panel': 'interaction',
  'features/public/your-valuation/message-box': 'interaction',
  'features/public/your-valuation/photos-panel': 'interaction',
  'features/public/your-valuation/damage-panel': 'interaction',
  'features/public/your-valuation/documents-panel': 'interaction',
  'features/public/your-valuation/collection-panel': 'interaction',
} as const satisfies Record<IslandName, IslandWake>;

/**
 * The words of each island's code, by island, which the client build writes (vite.config.ts,
 * scripts/lib/island-words-plugin.ts) beside its manifest and the server reads to keep the rules a
 * page's islands may use in its own stylesheet (render/production-source.ts). Never served.
 */
export const ISLAND_WORDS_FILE = '.vite/island-words.json';
