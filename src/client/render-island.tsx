import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ComplaintForm } from '~/client/features/public/contact/complaint-form';
import { ReviewCarousel } from '~/client/features/public/reviews/review-carousel';
import { ReviewsBoard } from '~/client/features/public/reviews/reviews-board';
import { ValuationWizardWithNotices } from '~/client/features/public/valuation/components/valuation-wizard';
import { MessageBox } from '~/client/features/public/your-valuation/message-box';
import { OfferPanel } from '~/client/features/public/your-valuation/offer-panel';
import { PhotosPanel } from '~/client/features/public/your-valuation/photos-panel';
import { DamagePanel } from '~/client/features/public/your-valuation/damage-panel';
import { DocumentsPanel } from '~/client/features/public/your-valuation/documents-panel';
import { CollectionPanel } from '~/client/features/public/your-valuation/collection-panel';
import { RegistrationForm } from '~/client/components/registration-input';
import { VehiclePicture } from '~/client/components/vehicle-picture';
import type { IslandName } from '~/client/islands';
import { IslandRoot, type IslandRenderer } from '~/client/lib/island';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * Every island's component, by name (the browser's list, islands.ts, loads them lazily). The
 * built server renders islands with the build of this module that runs on Preact
 * (scripts/build.mjs, vite.config.ts), where these are Preact's components, not the page's.
 */
const islandComponents: Record<IslandName, AnyComponent> = {
  'components/registration-input': RegistrationForm,
  'components/vehicle-picture': VehiclePicture,
  'features/public/reviews/review-carousel': ReviewCarousel,
  'features/public/reviews/reviews-board': ReviewsBoard,
  'features/public/valuation/components/valuation-wizard': ValuationWizardWithNotices,
  'features/public/contact/complaint-form': ComplaintForm,
  'features/public/your-valuation/offer-panel': OfferPanel,
  'features/public/your-valuation/message-box': MessageBox,
  'features/public/your-valuation/photos-panel': PhotosPanel,
  'features/public/your-valuation/damage-panel': DamagePanel,
  'features/public/your-valuation/documents-panel': DocumentsPanel,
  'features/public/your-valuation/collection-panel': CollectionPanel,
};

/**
 * Renders an island on the server as a root of its own, with its id prefix, as the browser will
 * hydrate it (islands-boot.tsx): on React in development and tests, on Preact in the built site.
 */
export const renderIsland: IslandRenderer = ({ name, props, site, idPrefix }) => {
  const Rendered = islandComponents[name];
  return renderToString(
    <IslandRoot site={site}>
      <Rendered {...props} />
    </IslandRoot>,
    { identifierPrefix: idPrefix },
  );
};
