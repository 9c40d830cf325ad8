import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { AD_FORMATS } from '~/shared/ads/catalogue';
import { paths } from '~/shared/paths';
import { AdCard } from './components/ad-card';
import { BrandColours } from './components/brand-colours';
import { KeyMessages } from './components/key-messages';
import { OfferStatus } from './components/offer-status';

export const handle: RouteHandle = {
  meta: (site) => ({
    title: 'Social Media Ads',
    description: `Download ${site.tradingName}'s ads for Facebook, Instagram, LinkedIn, X and Google at each platform's exact size, with our brand colours and key messages.`,
  }),
};

function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="mb-6 max-w-3xl">
      <h2 id={id} className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-2 text-muted">{children}</p>
    </div>
  );
}

export function Component() {
  return (
    <>
      <PageIntro title="Social Media Ads">
        Ready-to-post artwork for Facebook, Instagram, LinkedIn, X and Google. Every ad is an SVG at the exact size its
        platform asks for, and says the same as the rest of this site.
      </PageIntro>
      <Container className="space-y-16 py-12 sm:py-16">
        <OfferStatus />

        <section aria-labelledby="ads-title">
          <SectionHeading id="ads-title" title="The ads">
            Download an ad to upload it to the platform, or open it full size to check it. SVG files stay sharp at any
            size; export a PNG from them if a platform asks for one.
          </SectionHeading>
          <div className="grid gap-6 lg:grid-cols-2">
            {AD_FORMATS.map((format, index) => (
              <AdCard key={format.name} format={format} eager={index === 0} />
            ))}
          </div>
        </section>

        <section aria-labelledby="colours-title">
          <SectionHeading id="colours-title" title="Brand colours">
            Navy for trust, number-plate yellow for the one thing to do next, green for what is done. Text on each
            colour uses the label colour shown, which meets WCAG AA contrast.
          </SectionHeading>
          <BrandColours />
        </section>

        <section aria-labelledby="messages-title">
          <SectionHeading id="messages-title" title="Key messages">
            What every ad and every page says about selling your car to us. Use these words as they are.
          </SectionHeading>
          <KeyMessages />
        </section>

        <p className="text-muted">
          Need another size or format?{' '}
          <Link to={paths.contact} className="font-semibold text-brand-700 underline underline-offset-4">
            Contact us
          </Link>{' '}
          and we will make it.
        </p>
      </Container>
    </>
  );
}
