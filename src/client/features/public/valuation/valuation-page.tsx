import { useSearchParams } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { storageRegistration } from '~/shared/registration';
import { ValuationWizardIsland } from './components/valuation-wizard';

export const handle: RouteHandle = {
  meta: {
    title: 'Get Your Free Valuation',
    description: 'Tell us about your car and get a free valuation within 24 hours.',
  },
};

/** "ab12  cde" or "AB12+CDE" from a plain form -> "AB12CDE"; blank -> null. */
export function registrationFrom(params: URLSearchParams): string | null {
  return storageRegistration(params.get('registration') ?? '') || null;
}

/** `/valuation`: the four-step valuation request (SPEC sections 2, 4, 5 and 8). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <>
      <PageIntro title="Get Your Free Valuation">
        Four short steps, about two minutes. We come back to you with a valuation within 24 hours.
      </PageIntro>
      <Container className="py-6 sm:py-12">
        <div className="mx-auto max-w-3xl">
          <ValuationWizardIsland prefill={registrationFrom(params)} submitted={params.has('submitted')} />
        </div>
      </Container>
    </>
  );
}
