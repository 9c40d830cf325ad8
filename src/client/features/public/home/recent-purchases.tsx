import { MoreLink } from '~/client/components/more-link';
import { SectionHeading } from '~/client/components/section-heading';
import { Container } from '~/client/components/ui/container';
import {
  HOME_VEHICLES_SHOWN,
  type PublicPurchasedVehicle,
  VehicleGrid,
} from '~/client/features/public/recently-purchased';
import { paths } from '~/shared/paths';

/**
 * "Previously purchased vehicles" on the home page (SPEC section 4), with up to
 * six cards. The home page renders it only when there are vehicles (nothing at
 * all when there are none or they failed to load), and fetches its code only then.
 */
export function RecentPurchases({ vehicles }: { vehicles: PublicPurchasedVehicle[] }) {
  if (vehicles.length === 0) return null;
  return (
    <section aria-labelledby="recent-purchases-title" className="bg-brand-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="recent-purchases-title" title="Previously purchased vehicles">
          <p>A few of the cars private sellers have recently sold to us.</p>
        </SectionHeading>
        <div className="mt-10">
          <VehicleGrid vehicles={vehicles.slice(0, HOME_VEHICLES_SHOWN)} />
        </div>
        <p className="mt-8">
          <MoreLink to={paths.recentlyPurchased}>See all recently purchased cars</MoreLink>
        </p>
      </Container>
    </section>
  );
}
