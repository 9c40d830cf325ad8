import { CarFront } from 'lucide-react';
import { Link } from 'react-router';
import { CallToActionBand } from '~/client/components/call-to-action-band';
import { EmptyState } from '~/client/components/empty-state';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';
import type { PublicPurchasedVehicle } from './purchased-vehicle';
import { VehicleGrid } from './vehicle-card';

export const handle: RouteHandle = {
  meta: {
    title: 'Recently Purchased',
    description: 'Cars we have recently bought from private sellers across England, Scotland and Wales.',
  },
};

/**
 * /recently-purchased (SPEC section 2). The vehicles staff publish arrive with the
 * Purchased vehicles issue; until then the page shows SPEC's empty state.
 */
export function Component() {
  const vehicles: PublicPurchasedVehicle[] = [];
  return (
    <>
      <PageIntro title="Recently Purchased">
        <p>Cars we have recently bought from private sellers across England, Scotland and Wales.</p>
      </PageIntro>

      <section aria-label="Vehicles" className="bg-brand-50 py-14 sm:py-20">
        <Container>
          {vehicles.length === 0 ? (
            <EmptyState icon={CarFront} title="No vehicles to display yet">
              <p>Check back soon to see our latest purchases!</p>
            </EmptyState>
          ) : (
            <VehicleGrid vehicles={vehicles} />
          )}
        </Container>
      </section>

      <CallToActionBand
        id="purchased-cta-title"
        title="Want us to buy your car next?"
        actions={
          <Button asChild size="lg">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        }
      >
        <p>Get a free valuation within 24 hours. No auctions, no fees, and payment before the car leaves.</p>
      </CallToActionBand>
    </>
  );
}
