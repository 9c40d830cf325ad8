import { SectionHeading } from '~/client/components/section-heading';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { Container } from '~/client/components/ui/container';
import { useSiteConfig } from '~/client/lib/site-config';
import coverageMap from './assets/coverage-map.svg?no-inline';

/**
 * "Now Buying Cars Nationwide" (SPEC section 2), with a map of Great Britain
 * (an image file, fetched when scrolled near) showing routes from our base.
 */
export function Nationwide() {
  // "Louth, Lincolnshire": the town and county at the end of the configured address.
  const town = useSiteConfig().address.lines.slice(-2).join(', ');
  const points = [
    'Free collection from your door',
    'Paid the same day, before the car leaves',
    `Our team is based in ${town}`,
  ];
  return (
    <section aria-labelledby="nationwide-title" className="bg-brand-50 py-16 sm:py-20">
      <Container className="grid items-center gap-12 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <SectionHeading id="nationwide-title" title="Now Buying Cars Nationwide">
            <p>
              Wherever you live in England, Scotland or Wales, we come to you: no driving to a branch, and no charge for
              collection.
            </p>
          </SectionHeading>
          <ul className="mt-8 space-y-4 text-lg font-semibold text-brand-900">
            {points.map((point) => (
              <li key={point} className="flex gap-3">
                <SpriteIcon name="circle-check" className="mt-0.5 text-go-600" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <img
          src={coverageMap}
          alt={`Map of Great Britain: routes run from our base in ${town} to towns and cities across England, Scotland and Wales.`}
          width={354}
          height={607}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-60 sm:max-w-72 lg:max-w-80"
        />
      </Container>
    </section>
  );
}
