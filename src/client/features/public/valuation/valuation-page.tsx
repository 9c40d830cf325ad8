import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'Get Your Free Valuation',
    description: 'Tell us about your car and get a free valuation within 24 hours.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="Get Your Free Valuation">
        Tell us about your car and we will come back to you with a valuation within 24 hours.
      </PageIntro>
      <Container className="py-12">
        <Button asChild variant="brand">
          <Link to={paths.valuation}>Get My Valuation</Link>
        </Button>
      </Container>
    </>
  );
}
