import { Link } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'About Us',
    description:
      'Who we are: a Lincolnshire-based car buyer that buys cars directly from private sellers across the UK.',
  },
};

export function Component() {
  return (
    <>
      <PageIntro title="About Us">
        We buy cars directly from private sellers across the UK, from our base in Louth, Lincolnshire.
      </PageIntro>
      <Container className="py-12">
        <Button asChild variant="brand">
          <Link to={paths.valuation}>Get My Valuation</Link>
        </Button>
      </Container>
    </>
  );
}
