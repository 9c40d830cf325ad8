import type { ComponentType } from 'react';
import { RegistrationForm } from '~/client/components/registration-input';
import { VehiclePicture } from '~/client/components/vehicle-picture';
import { ReviewCarousel } from '~/client/features/public/reviews/review-carousel';
import { ReviewsBoard } from '~/client/features/public/reviews/reviews-board';

// Each island's props are its own; the registry only needs to know it is a component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * Every island of the public pages (src/client/lib/island.tsx), by name: the path of its module
 * under src/client. The small ones (a few KB together) come in one chunk with islands-boot.tsx,
 * so a page needs no request for each; the wizard, which only /valuation shows, is fetched only by
 * the page that has it. None of it loads before the page's first paint, and only once one of the
 * page's islands is woken (island-wake.ts).
 */
export const islands = {
  'components/registration-input': async () => RegistrationForm,
  'components/vehicle-picture': async () => VehiclePicture,
  'features/public/reviews/review-carousel': async () => ReviewCarousel,
  'features/public/reviews/reviews-board': async () => ReviewsBoard,
  'features/public/valuation/components/valuation-wizard': () =>
    import('~/client/features/public/valuation/components/valuation-wizard').then((m) => m.ValuationWizardWithNotices),
  // Only /contact shows it; its checks (zod, libphonenumber) come later still, when the form is first used.
  'features/public/contact/complaint-form': () =>
    import('~/client/features/public/contact/complaint-form').then((m) => m.ComplaintForm),
  // Only the seller's own page shows them.
  'features/public/your-valuation/offer-panel': () =>
    import('~/client/features/public/your-valuation/offer-panel').then((m) => m.OfferPanel),
  'features/public/your-valuation/message-box': () =>
    import('~/client/features/public/your-valuation/message-box').then((m) => m.MessageBox),
  'features/public/your-valuation/photos-panel': () =>
    import('~/client/features/public/your-valuation/photos-panel').then((m) => m.PhotosPanel),
  'features/public/your-valuation/damage-panel': () =>
    import('~/client/features/public/your-valuation/damage-panel').then((m) => m.DamagePanel),
  'features/public/your-valuation/collection-panel': () =>
    import('~/client/features/public/your-valuation/collection-panel').then((m) => m.CollectionPanel),
  'features/public/your-valuation/documents-panel': () =>
    import('~/client/features/public/your-valuation/documents-panel').then((m) => m.DocumentsPanel),
} satisfies Record<string, () => Promise<AnyComponent>>;

export type IslandName = keyof typeof islands;
