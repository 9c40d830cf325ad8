import { MoreLink } from '~/client/components/more-link';
import { SectionHeading } from '~/client/components/section-heading';
import { Container } from '~/client/components/ui/container';
import { HOME_VEHICLES_SHOWN, type HomeVehicles, VehicleGrid } from '~/client/features/public/recently-purchased';
import { paths } from '~/shared/paths';

/**
 * "Previously purchased vehicles" on the home page (SPEC section 4), with up to six cards and, when
 * there are more, a note saying so. The home page renders it only when there are vehicles (nothing
 * at all when there are none or they failed to load), and fetches its code only then.
 */
export function RecentPurchases({ vehicles }: { vehicles: HomeVehicles }) {
  if (vehicles.items.length === 0) return null;
  const shown = Math.min(vehicles.items.length, HOME_VEHICLES_SHOWN);
  const more = vehicles.total - shown;
  return (
    <section aria-labelledby="recent-purchases-title" className="bg-brand-50 py-16 sm:py-20">
      <Container>
        <SectionHeading id="recent-purchases-title" title="Previously purchased vehicles">
          <p>A few of the cars private sellers have recently sold to us.</p>
        </SectionHeading>
        <div className="mt-10">
          <VehicleGrid vehicles={vehicles.items.slice(0, shown)} />
        </div>
        {more > 0 && (
          <p className="mt-8 text-lg font-semibold text-brand-900">
            And many more: these are the newest {shown} of the {vehicles.total.toLocaleString('en-GB')} cars we have
            recently bought.
          </p>
        )}
        <p className="mt-6">
          <MoreLink to={paths.recentlyPurchased}>See all recently purchased cars</MoreLink>
        </p>
      </Container>
    </section>
  );
}
